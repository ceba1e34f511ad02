import { Download, Play } from 'lucide-react';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { bankFileUrl, useSettle } from '../api/admin-payouts-queries';

/**
 * The page's two actions: run the weekly settlement now (it never pays a line twice), and download
 * the bank-upload CSV of the payouts to be paid (for the seller and week filtered, when they are).
 */
export function PayoutActions({ vendorId, week }: { vendorId?: string | undefined; week?: string | undefined }) {
  const settle = useSettle();
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
      <a
        href={bankFileUrl({ vendorId, week })}
        download
        className={buttonClasses('secondary')}
        onClick={() => toast.success('The bank-upload file is downloading. The download is recorded in the audit log.')}
      >
        <Download aria-hidden="true" className="size-4" />
        Download bank-upload CSV
      </a>
    </div>
  );
}
