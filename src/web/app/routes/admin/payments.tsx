import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatusName,
} from '~/shared/orders';
import { adminPaymentsQuerySchema, adminRefundsQuerySchema, REFUND_STATUSES, STUCK_AFTER_MINUTES } from '~/shared/schemas/payments';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { PaymentsList } from '~/web/features/admin/components/payments-list';
import { RefundsList } from '~/web/features/admin/components/payments-refunds-list';
import { REFUND_STATUS_LABELS } from '~/shared/schemas/payments';
import { PaymentsViews } from '~/web/features/admin/components/payments-views';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The refunds view's list state: the server's query plus `view=refunds`, which is not sent to it. */
const refundsViewSchema = adminRefundsQuerySchema.extend({ view: z.enum(['refunds']).optional() });
const paymentsViewSchema = adminPaymentsQuerySchema.extend({ view: z.enum(['refunds']).optional() });

const PROBLEM_NOTES = {
  failed: 'Payments whose last attempt failed: the customer may try again until the order expires.',
  stuck: `Online payments neither captured nor failed ${STUCK_AFTER_MINUTES} minutes after they were made: check them at the provider.`,
} as const;

function PaymentsView() {
  const { state, set, reset } = useUrlListState(paymentsViewSchema);
  const { view: _view, ...filter } = state;
  return (
    <>
      <PaymentsViews current={state.problem ?? 'all'} />
      {state.problem && <p className="mb-4 text-sm text-slate-700">{PROBLEM_NOTES[state.problem]}</p>}
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
      <PaymentsList
        filter={filter}
        onPageChange={(page) => set({ page })}
        onSortChange={(sort) => set({ sort })}
        onClearFilters={reset}
        onShowNotPaid={() => set({ status: 'created' })}
      />
    </>
  );
}

function RefundsView() {
  const { state, set } = useUrlListState(refundsViewSchema);
  const { view: _view, ...filter } = state;
  return (
    <>
      <PaymentsViews current="refunds" />
      <ListFilters
        label="Filter refunds"
        search={{
          label: 'Order number or e-mail',
          value: state.q,
          onSearch: (q) => set({ q }),
          placeholder: 'SC-100042 or name@example.in',
        }}
      >
        <FilterSelect
          label="Refund status"
          value={state.status}
          values={REFUND_STATUSES}
          labels={REFUND_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(status) => set({ status })}
        />
      </ListFilters>
      <RefundsList filter={filter} onPageChange={(page) => set({ page })} onClearFilters={() => set({ status: undefined, q: undefined })} />
    </>
  );
}

export default function AdminPaymentsPage() {
  useDocumentTitle('Manage payments');
  const [params] = useSearchParams();
  const refunds = params.get('view') === 'refunds';
  return (
    <div>
      <PageHeader
        title="Manage payments"
        description="Every order's payment, newest first, with refunds, failed attempts and stuck payments. Refunds are started from an order's page."
      />
      {refunds ? <RefundsView /> : <PaymentsView />}
    </div>
  );
}
