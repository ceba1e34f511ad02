import { formatPaise } from '~/shared/money';
import type { VendorPayouts } from '~/shared/schemas/payouts';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { formatDate } from '~/web/lib/format';

function Figure({ label, paise, children }: { label: string; paise: number; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold break-words text-slate-900 tabular-nums">{formatPaise(paise)}</dd>
      <dd className="mt-1 text-xs text-slate-600">{children}</dd>
    </div>
  );
}

interface PayoutsSummaryProps {
  query: { data: VendorPayouts | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The profile has no bank account: what is owed waits for one. */
  noBankAccount?: boolean;
}

/** The vendor's three totals: payable now, still in the return window, paid to date. */
export function PayoutsSummary({ query, noBankAccount = false }: PayoutsSummaryProps) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading what you are owed" className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (query.isError)
    return <ErrorState title="What you are owed could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const { summary, rates } = query.data!;
  const nextMonday = formatDate(summary.nextSettlementOn);
  const settling = summary.payableNowPaise - summary.inPayoutPaise;
  return (
    <dl aria-label="Your money" className="grid gap-3 sm:grid-cols-3">
      <Figure label="Payable now" paise={summary.payableNowPaise}>
        {summary.inPayoutPaise > 0 && (
          <>
            {formatPaise(summary.inPayoutPaise)}{' '}
            {noBankAccount ? 'is in payouts that wait for a bank account.' : 'is in payouts whose bank transfer is on its way.'}{' '}
            {settling > 0 && (
              <>
                {formatPaise(settling)} goes into the payout settled on Monday {nextMonday}.
              </>
            )}
          </>
        )}
        {summary.inPayoutPaise === 0 &&
          (settling > 0 ? `Goes into the payout settled on Monday ${nextMonday}.` : 'Nothing waits to be paid to you.')}
        {noBankAccount && summary.payableNowPaise > 0 && ' It is transferred once you add a bank account.'}
      </Figure>
      <Figure label="In the return window" paise={summary.inReturnWindowPaise}>
        Delivered; payable once the customer’s {rates.returnWindowDays}-day return window closes, or a return asked for is settled.
      </Figure>
      <Figure label="Paid to date" paise={summary.paidPaise}>
        {noBankAccount
          ? summary.paidPaise > 0
            ? 'Transferred to the bank account your profile had then.'
            : 'Nothing transferred yet: payouts wait for a bank account.'
          : 'Transferred to your bank account.'}
      </Figure>
    </dl>
  );
}
