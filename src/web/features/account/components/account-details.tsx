import type { Profile } from '~/shared/schemas/auth';
import { formatDate } from '~/web/lib/format';

/** Name, e-mail and the date the account was opened. */
export function AccountDetails({ user }: { user: Profile }) {
  return (
    <section aria-labelledby="account-details-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="account-details-heading" className="text-xl font-semibold text-slate-900">
        Account details
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-600">Name</dt>
          <dd className="mt-1 text-slate-900">{user.name || '—'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">E-mail address</dt>
          <dd className="mt-1 break-all text-slate-900">{user.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Member since</dt>
          <dd className="mt-1 text-slate-900">
            <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
