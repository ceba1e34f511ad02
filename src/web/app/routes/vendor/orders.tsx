import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '~/shared/orders';
import { RETURN_CONDITIONS, type ReturnCondition } from '~/shared/schemas/orders';
import {
  VENDOR_ORDER_TODO_LABELS,
  VENDOR_ORDER_TODOS,
  vendorOrdersQuerySchema,
  type VendorOrderTodo,
} from '~/shared/schemas/vendor-orders';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { CourierParcelsPanel } from '~/web/features/vendor/components/courier-parcels-panel';
import { NotSellingAlert, useNotSelling } from '~/web/features/vendor/components/listing-gate';
import { VendorOrdersTable } from '~/web/features/vendor/components/vendor-orders-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** Parcels whose value needs an e-way bill before they ship and that have no valid one yet (decision 75). */
const EWAY_BILL_LABELS: Record<'needed', string> = { needed: 'Needs e-way bill' };

/** A vendor never sees an order still waiting for payment. */
const STATUSES = ORDER_STATUSES.filter((s) => s !== 'pending_payment');
/** Returns the vendor received back, by what its check found: the written-off ones are what a courier or brand claim is about. */
const RETURNED_LABELS: Record<ReturnCondition, string> = { resellable: 'Returned, back in stock', damaged: 'Returned, written off' };

export default function VendorOrdersPage() {
  useDocumentTitle('Your orders');
  const { state, set, reset, filtered } = useUrlListState(vendorOrdersQuerySchema);
  const notSelling = useNotSelling();
  return (
    <div>
      <PageHeader title="Orders" description="Confirmed orders with your products: your lines, what they come to, and where they go." />
      <ListFilters
        label="Filter orders"
        search={{ label: 'Order number', value: state.q, onSearch: (q) => set({ q }), placeholder: 'SC-100042' }}
      >
        <FilterSelect<VendorOrderTodo>
          label="To do"
          value={state.todo}
          values={VENDOR_ORDER_TODOS}
          labels={VENDOR_ORDER_TODO_LABELS}
          placeholder="Everything"
          onChange={(todo) => set({ todo })}
        />
        <FilterSelect<'needed'>
          label="E-way bill"
          value={state.ewayBill}
          values={['needed']}
          labels={EWAY_BILL_LABELS}
          placeholder="Any"
          onChange={(ewayBill) => set({ ewayBill })}
        />
        <FilterSelect<ReturnCondition>
          label="Returns"
          value={state.returned}
          values={RETURN_CONDITIONS}
          labels={RETURNED_LABELS}
          placeholder="Any"
          onChange={(returned) => set({ returned })}
        />
        <FilterSelect<OrderStatus>
          label="Status"
          value={state.status}
          values={STATUSES}
          labels={ORDER_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(status) => set({ status })}
        />
      </ListFilters>
      {notSelling && <NotSellingAlert {...notSelling} about="orders" />}
      <CourierParcelsPanel />
      <VendorOrdersTable query={state} onChange={set} filtered={filtered} onClearFilters={reset} locked={notSelling !== null} />
    </div>
  );
}
