import { useQuery } from '@tanstack/react-query';
import { Download, Play } from 'lucide-react';
import type { AdminPayoutsQuery } from '~/shared/schemas/payouts';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { adminPayoutsQueryOptions, bankFileUrl, useSettle } from '../api/admin-payouts-queries';

/**
 * The page's two actions: run the weekly settlement now (it never pays a line twice), and download
 * the bank-upload CSV of the payouts to be paid (for the seller and week filtered, when they are).
 * When no payout to be paid has a bank account, there is no file to give the bank: the page says so
 * instead of downloading a file with only its header.
 */
export function PayoutActions({ filter }: { filter: Partial<AdminPayoutsQuery> }) {
  const { vendorId, week } = filter;
  const settle = useSettle();
  // The list's own query (same key): what is owed now, whatever the filters.
  const owed = useQuery(adminPayoutsQueryOptions(filter)).data?.owed;
  const nothingToBank = owed !== undefined && owed.payouts - owed.withoutBankAccount === 0;
  const run = () =>
    settle.mutate(undefined, {
      onSuccess: (r) =>
        r.payouts > 0
          ? toast.success(
              `Settled the week of ${formatDate(r.periodStart)}: ${r.payouts} payout${r.payouts === 1 ? '' : 's'} of ${r.entries} line${r.entries === 1 ? '' : 's'}.`,
            )
          : toast.success(`Nothing new to settle for the week of ${formatDate(r.periodStart)}.`),
      onError: (error) => toast.error(error.message),
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={run} loading={settle.isPending}>
        <Play aria-hidden="true" className="size-4" />
        Run settlement
      </Button>
      {nothingToBank ? (
        <div className="flex flex-col items-start gap-1">
          <Button variant="secondary" disabled aria-describedby="bank-file-empty">
            <Download aria-hidden="true" className="size-4" />
            Download bank-upload CSV
          </Button>
          <p id="bank-file-empty" className="max-w-64 text-xs text-slate-600">
            {owed.payouts === 0
              ? 'No payout is waiting to be paid.'
              : 'No payout to be paid has a bank account yet: the sellers must add one in their profile.'}
          </p>
        </div>
      ) : (
        <a
          href={bankFileUrl({ vendorId, week })}
          download
          className={buttonClasses('secondary')}
          onClick={() => toast.success('The bank-upload file is downloading. The download is recorded in the audit log.')}
        >
          <Download aria-hidden="true" className="size-4" />
          Download bank-upload CSV
        </a>
      )}
    </div>
  );
}
