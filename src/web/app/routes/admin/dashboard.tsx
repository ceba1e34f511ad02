import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { paths } from '~/shared/paths';
import { adminDashboardQuerySchema, type AdminDashboardQuery } from '~/shared/schemas/dashboard';
import { BarChart } from '~/web/components/charts/bar-chart';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { overviewQueryOptions } from '~/web/features/admin/api/admin-queries';
import { dashboardSearch } from '~/web/features/admin-dashboard/api/get-admin-dashboard';
import { AdminDashboardPanel } from '~/web/features/admin-dashboard/components/admin-dashboard-panel';
import { mailboxStatusQueryOptions } from '~/web/features/mail/api/mailbox-queries';
import { formatCount } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';

function Stat({ label, value, note }: { label: string; value: number; note?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{formatCount(value)}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </div>
  );
}

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

/** The accounts: customers, vendors and sign-ups of the last 30 days. */
function Accounts() {
  const { data, isPending, isError, error, refetch } = useQuery(overviewQueryOptions());
  return (
    <section aria-labelledby="accounts-heading" className="space-y-3">
      <h2 id="accounts-heading" className="font-semibold text-slate-900">
        Accounts
      </h2>
      {isPending && (
        <div role="status" aria-label="Loading the accounts" className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      )}
      {isError && <ErrorState title="Could not load the accounts" error={error} onRetry={() => void refetch()} />}
      {data && (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
            <Stat label="Customers" value={data.usersByRole.customer} />
            <Stat label="Vendors" value={data.usersByRole.vendor} note={`${data.vendorsByStatus.approved} approved`} />
          </div>
          <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 lg:col-span-2">
            <BarChart
              title="New accounts per day, last 30 days"
              data={data.signupsByDay.map((d) => ({ label: d.date, value: d.count }))}
              formatLabel={shortDate}
            />
          </div>
        </div>
      )}
    </section>
  );
}

/** The period in the address (`?range=30d`, `?range=custom&from=…&to=…`); the last 7 days when absent or not valid. */
function useDashboardQuery(): [AdminDashboardQuery, (query: AdminDashboardQuery) => void] {
  const [params, setParams] = useSearchParams();
  const raw: Record<string, string> = {};
  for (const key of ['range', 'from', 'to']) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = adminDashboardQuerySchema.safeParse(raw);
  const query: AdminDashboardQuery = parsed.success ? parsed.data : { range: '7d' };
  return [query, (next) => setParams(next.range === '7d' ? {} : new URLSearchParams(dashboardSearch(next)))];
}

export default function AdminDashboardPage() {
  useDocumentTitle('Admin dashboard');
  const [query, setQuery] = useDashboardQuery();
  // Only when no SMTP is configured do e-mails stay in the shop to be read there.
  const mailbox = useQuery(mailboxStatusQueryOptions());
  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description="Sales, orders and what needs attention, beside the period before."
        actions={
          mailbox.data?.mailboxEnabled && (
            <Link to={paths.devMailbox} className="text-brand-700 text-sm underline">
              Development mailbox
            </Link>
          )
        }
      />
      <AdminDashboardPanel query={query} onQuery={setQuery} />
      <Accounts />
    </div>
  );
}
