import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { parseSort } from '~/shared/schemas/common';
import { STUCK_AFTER_MINUTES, type AdminPayment, type AdminPaymentsQuery } from '~/shared/schemas/payments';
import { DataTable } from '~/web/components/data-table/data-table';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { paymentsQueryOptions, type PaymentsFilter } from '../api/payments-queries';
import { PaymentsSummary } from './payments-summary';
import { PAYMENT_COLUMNS, paymentDetails, paymentsCaption } from './payments-table';

interface PaymentsListProps {
  filter: PaymentsFilter;
  onPageChange: (page: number) => void;
  /** Sorting by date or amount; without it the headers do not sort. */
  onSortChange?: (sort: AdminPaymentsQuery['sort']) => void;
  /** Shown in the empty state when a filter is on. */
  onClearFilters?: () => void;
  /** The Not paid yet card's button: the list narrowed to the payments it counts. */
  onShowNotPaid?: () => void;
}

/** The payments the filter matches: money figures over all of them, the table and its pages, with loading, empty and error states. */
export function PaymentsList({ filter, onPageChange, onSortChange, onClearFilters, onShowNotPaid }: PaymentsListProps) {
  const payments = useQuery(paymentsQueryOptions(filter));
  const filtered = Boolean(filter.status || filter.method || filter.q || filter.problem);
  const sortValue = filter.sort ?? '-createdAt';
  const sort = useMemo(() => parseSort(sortValue), [sortValue]);
  return (
    <DataTable<AdminPayment>
      caption={paymentsCaption(sortValue, payments.data?.total ?? 0)}
      columns={PAYMENT_COLUMNS}
      rowKey={(p) => p.paymentId}
      query={payments}
      loadingLabel="Loading payments"
      errorTitle="Payments could not be loaded"
      header={
        payments.data && (
          <PaymentsSummary summary={payments.data.summary} onShowNotPaid={filter.status === 'created' ? undefined : onShowNotPaid} />
        )
      }
      empty={
        filter.problem && !filter.status && !filter.method && !filter.q ? (
          <EmptyState icon={<Wallet />} title={filter.problem === 'failed' ? 'No failed payments' : 'No stuck payments'}>
            {filter.problem === 'failed'
              ? 'No payment has failed at its last attempt.'
              : `Every online payment was captured or failed within ${STUCK_AFTER_MINUTES} minutes.`}
          </EmptyState>
        ) : filtered ? (
          <EmptyState
            icon={<Wallet />}
            title="No payments match"
            action={
              onClearFilters && (
                <Button variant="secondary" onClick={onClearFilters}>
                  Clear filters
                </Button>
              )
            }
          >
            No payment has this status, method or order number / e-mail. Try another filter.
          </EmptyState>
        ) : (
          <EmptyState icon={<Wallet />} title="No payments yet">
            Payments appear here as soon as a customer places an order.
          </EmptyState>
        )
      }
      sort={sort}
      onSortChange={onSortChange && ((s) => onSortChange((s.descending ? `-${s.column}` : s.column) as AdminPaymentsQuery['sort']))}
      onPageChange={onPageChange}
      paginationLabel="Payment pages"
      details={paymentDetails}
      rowProps={() => ({ 'data-testid': 'payment-row' })}
      minWidth="56rem"
      phoneCards
    />
  );
}
