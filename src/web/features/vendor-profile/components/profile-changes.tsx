import { History } from 'lucide-react';
import type { VendorProfileChange } from '~/shared/schemas/vendor';
import { formatDate } from '~/web/lib/format';

const WHAT: Record<VendorProfileChange['field'], string> = { bank_account: 'Bank account', gstin: 'GSTIN' };

/** The latest changes of bank account and GSTIN: what, when, by whom, from and to (masked). */
export function ProfileChanges({ changes }: { changes: VendorProfileChange[] }) {
  return (
    <section aria-labelledby="profile-changes-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="profile-changes-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-brand-600" /> Recent changes of bank account and GSTIN
      </h2>
      {changes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None yet. Each change is listed here and e-mailed to you.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {changes.map((c) => (
            <li key={c.id} className="py-3 first:pt-0 last:pb-0">
              <p className="font-medium text-slate-900">
                {WHAT[c.field]} changed on {formatDate(c.changedAt)} by {c.byYou ? 'you' : 'the shop'}
              </p>
              <p className="mt-1 text-sm break-words text-slate-600">
                <span className="sr-only">From </span>
                {c.from ?? 'none'} <span aria-hidden="true">→</span>
                <span className="sr-only"> to </span> {c.to ?? 'none'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
