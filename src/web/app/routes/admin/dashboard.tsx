import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { BarChart } from '~/web/components/charts/bar-chart';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { overviewQueryOptions } from '~/web/features/admin/api/admin-queries';
import { ContactMessages } from '~/web/features/admin/components/contact-messages';
import { mailboxStatusQueryOptions } from '~/web/features/mail/api/mailbox-queries';
import { formatCount } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';

function Stat({ label, value, note }: { label: string; value: number; note?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{formatCount(value)}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </div>
  );
}

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

export default function AdminDashboardPage() {
  useDocumentTitle('Admin dashboard');
  const { data, isPending, isError, error, refetch } = useQuery(overviewQueryOptions());
  // Only when no SMTP is configured do e-mails stay in the shop to be read there.
  const mailbox = useQuery(mailboxStatusQueryOptions());
  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description="Accounts, vendor applications and customer messages."
        actions={
          mailbox.data?.mailboxEnabled && (
            <Link to={paths.devMailbox} className="text-brand-700 text-sm underline">
              Development mailbox
            </Link>
          )
        }
      />
      {isPending && (
        <div role="status" aria-label="Loading the dashboard" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      )}
      {isError && <ErrorState title="Could not load the dashboard" error={error} onRetry={() => void refetch()} />}
      {data && (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Customers" value={data.usersByRole.customer} />
            <Stat label="Vendors" value={data.usersByRole.vendor} note={`${data.vendorsByStatus.approved} approved`} />
            <Stat
              label="Vendors awaiting approval"
              value={data.vendorsByStatus.pending}
              note={
                data.vendorsByStatus.pending > 0 ? (
                  <Link to={`${paths.admin.users}?role=vendor`} className="text-brand-700 underline">
                    Review in Manage Users
                  </Link>
                ) : (
                  'None waiting'
                )
              }
            />
            <Stat
              label="Contact messages"
              value={data.contactMessages.total}
              note={`${data.contactMessages.last7Days} in the last 7 days`}
            />
          </div>
          <section className="rounded-xl border border-slate-200 bg-white p-5">
            <BarChart
              title="New accounts per day, last 30 days"
              data={data.signupsByDay.map((d) => ({ label: d.date, value: d.count }))}
              formatLabel={shortDate}
            />
          </section>
        </>
      )}
      <section aria-labelledby="messages-heading">
        <h2 id="messages-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Customer messages
        </h2>
        <ContactMessages />
      </section>
    </div>
  );
}
