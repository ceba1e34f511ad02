import { PAYMENT_STATUS_LABELS } from '~/shared/orders';
import { STUCK_AFTER_MINUTES, type AdminPaymentsSummary } from '~/shared/schemas/payments';
import { formatPaise } from '~/shared/money';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';

interface Card {
  label: string;
  value: string;
  note: string;
  tone?: 'danger' | 'warning';
  /** Narrows the list to the rows the card counts. */
  show?: { label: string; onClick: () => void };
}

/** "2 online, 1 cash on delivery": what the Not paid yet card counts. */
function notPaidNote(summary: AdminPaymentsSummary): string {
  const online = summary.notPaidCount - summary.notPaidCodCount;
  return `${formatCount(online)} online, ${formatCount(summary.notPaidCodCount)} cash on delivery`;
}

interface PaymentsSummaryProps {
  summary: AdminPaymentsSummary;
  /** Lists the payments not paid yet (the status filter the card counts); without it the card has no button. */
  onShowNotPaid?: () => void;
}

/** The money figures over the payments the filter matches, as cards. */
export function PaymentsSummary({ summary, onShowNotPaid }: PaymentsSummaryProps) {
  const cards: Card[] = [
    { label: 'Money received', value: formatPaise(summary.capturedPaise), note: `${formatCount(summary.capturedCount)} paid` },
    { label: 'Refunded', value: formatPaise(summary.refundedPaise), note: 'Given back to customers' },
    { label: 'Net', value: formatPaise(summary.netPaise), note: 'Received minus refunded' },
    {
      label: 'Failed attempts',
      value: formatCount(summary.failedCount),
      note: 'Payments that failed last time',
      ...(summary.failedCount > 0 ? { tone: 'danger' as const } : {}),
    },
    {
      label: 'Stuck payments',
      value: formatCount(summary.stuckCount),
      note: `Online, no answer ${STUCK_AFTER_MINUTES} minutes on`,
      ...(summary.stuckCount > 0 ? { tone: 'warning' as const } : {}),
    },
    // The list's status filter by the same name counts the same payments: the card and the list agree.
    {
      label: PAYMENT_STATUS_LABELS.created,
      value: formatCount(summary.notPaidCount),
      note: notPaidNote(summary),
      ...(onShowNotPaid && summary.notPaidCount > 0
        ? { show: { label: `List the ${formatCount(summary.notPaidCount)} not paid yet`, onClick: onShowNotPaid } }
        : {}),
    },
    // Every open order's cash, shipped or not: more than the dashboard's, which is only what couriers hold now.
    {
      label: 'Cash on delivery, open orders',
      value: formatPaise(summary.codToCollectPaise),
      note: 'Not collected yet, shipped or still to ship',
      ...(summary.codToCollectPaise > 0 ? { tone: 'warning' as const } : {}),
    },
  ];
  return (
    <section aria-labelledby="payments-summary-heading" className="mb-6">
      <h2 id="payments-summary-heading" className="sr-only">
        Summary of these payments
      </h2>
      {/* Amounts stay on one line (₹13,60,895.10 broke before its last digit at 390 px): two columns from 360 px, smaller type on phones. */}
      <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="payments-summary-card">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd
              className={cn(
                'mt-1 text-base font-bold whitespace-nowrap text-slate-900 tabular-nums sm:text-xl',
                card.tone === 'danger' && 'text-red-800',
                card.tone === 'warning' && 'text-amber-900',
              )}
            >
              {card.value}
            </dd>
            <dd className="mt-0.5 text-xs text-slate-600">{card.note}</dd>
            {card.show && (
              <dd className="mt-1">
                <button
                  type="button"
                  onClick={card.show.onClick}
                  className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {card.show.label}
                </button>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
