import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatusName,
} from '~/shared/orders';
import { adminPaymentsQuerySchema } from '~/shared/schemas/payments';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { PaymentsList } from '~/web/features/admin/components/payments-list';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminPaymentsPage() {
  useDocumentTitle('Manage payments');
  const { state, set, reset } = useUrlListState(adminPaymentsQuerySchema);
  return (
    <div>
      <PageHeader title="Manage payments" description="Every order's payment, newest first, with refunds and failed attempts." />
      <ListFilters
        label="Filter payments"
        search={{
          label: 'Order number or e-mail',
          value: state.q,
          onSearch: (q) => set({ q }),
          placeholder: 'SC-100042 or name@example.in',
        }}
      >
        <FilterSelect<PaymentStatusName>
          label="Status"
          value={state.status}
          values={PAYMENT_STATUSES}
          labels={PAYMENT_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(status) => set({ status })}
        />
        <FilterSelect<PaymentMethod>
          label="Method"
          value={state.method}
          values={PAYMENT_METHODS}
          labels={PAYMENT_METHOD_LABELS}
          placeholder="All methods"
          onChange={(method) => set({ method })}
        />
      </ListFilters>
      <PaymentsList filter={state} onPageChange={(page) => set({ page })} onSortChange={(sort) => set({ sort })} onClearFilters={reset} />
    </div>
  );
}
