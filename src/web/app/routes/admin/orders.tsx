import { INDIAN_STATE_NAMES, type IndianState } from '~/shared/india';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '~/shared/orders';
import { ADMIN_PAYMENT_KIND_LABELS, ADMIN_PAYMENT_KINDS, adminOrdersQuerySchema } from '~/shared/schemas/admin-orders';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { TextField } from '~/web/components/ui/form-fields';
import { PageHeader } from '~/web/components/ui/page-header';
import { AdminOrdersList } from '~/web/features/admin-orders/components/admin-orders-list';
import { SellerFilter } from '~/web/features/admin-orders/components/seller-filter';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const STATE_LABELS = Object.fromEntries(INDIAN_STATE_NAMES.map((s) => [s, s])) as Record<IndianState, string>;

export default function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const { state, set, reset, filtered } = useUrlListState(adminOrdersQuerySchema);
  // The server refuses a To before From; said here, at the field, instead of a failed list with a Retry that cannot help.
  const rangeError = state.from && state.to && state.from > state.to ? '"From" must be on or before "To": choose another day' : undefined;
  return (
    <div>
      <PageHeader
        title="Orders"
        description="Every order of every seller, newest first. Open one to ship it, mark it delivered, receive a return, cancel it or refund some of its items."
      />
      <ListFilters
        label="Filter orders"
        search={{
          label: 'Order, customer or AWB',
          value: state.q,
          onSearch: (q) => set({ q }),
          placeholder: 'SC-100042, name, e-mail or tracking number',
        }}
      >
        <FilterSelect<OrderStatus>
          label="Status"
          value={state.status}
          values={ORDER_STATUSES}
          labels={ORDER_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(status) => set({ status })}
        />
        <FilterSelect
          label="Payment"
          value={state.payment}
          values={ADMIN_PAYMENT_KINDS}
          labels={ADMIN_PAYMENT_KIND_LABELS}
          placeholder="Prepaid and COD"
          onChange={(payment) => set({ payment })}
        />
        <SellerFilter value={state.vendorId} onChange={(vendorId) => set({ vendorId })} />
        <FilterSelect<IndianState>
          label="Delivery state"
          value={state.state}
          values={INDIAN_STATE_NAMES}
          labels={STATE_LABELS}
          placeholder="All states"
          onChange={(s) => set({ state: s })}
        />
        <TextField
          label="From"
          type="date"
          className="w-40"
          value={state.from ?? ''}
          max={state.to}
          error={rangeError}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <TextField
          label="To"
          type="date"
          className="w-40"
          value={state.to ?? ''}
          min={state.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
        <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300"
            checked={state.late === true}
            onChange={(e) => set({ late: e.target.checked ? true : undefined })}
          />
          Late to ship only
        </label>
      </ListFilters>
      {rangeError ? (
        <p className="text-sm text-slate-700">No orders are listed until the dates are in order.</p>
      ) : (
        <AdminOrdersList
          filter={state}
          filtered={filtered}
          onPageChange={(page) => set({ page })}
          onSortChange={(sort) => set({ sort })}
          onClearFilters={reset}
        />
      )}
    </div>
  );
}
