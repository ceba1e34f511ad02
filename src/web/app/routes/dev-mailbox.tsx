import { Link, useSearchParams } from 'react-router';
import { paths } from '~/shared/paths';
import { PageHeader } from '~/web/components/ui/page-header';
import { MailboxList } from '~/web/features/mail/components/mailbox-list';
import { MailMessage } from '~/web/features/mail/components/mail-message';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The development mailbox: e-mails the shop kept because no SMTP server is configured. */
export default function DevMailboxPage() {
  useDocumentTitle('Development mailbox');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const id = params.get('id') ?? undefined;
  return (
    <div className="min-h-screen bg-slate-100">
      <main id="main" className="mx-auto max-w-7xl px-4 py-8">
        <PageHeader
          title="Development mailbox"
          description="E-mails the shop would send. No SMTP server is configured, so they are kept here instead."
          actions={
            <Link to={paths.admin.dashboard} className="text-brand-700 text-sm underline">
              Back to the dashboard
            </Link>
          }
        />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <MailboxList page={page} selectedId={id} onPageChange={(next) => setParams({ page: String(next) })} />
          <div>{id ? <MailMessage id={id} /> : <p className="text-sm text-slate-600">Choose an e-mail to read it.</p>}</div>
        </div>
      </main>
    </div>
  );
}
