import { useQuery } from '@tanstack/react-query';
import { adminJobsQuerySchema } from '~/shared/schemas/jobs';
import { PageHeader } from '~/web/components/ui/page-header';
import { JobsBoard } from '~/web/features/admin-jobs/components/jobs-board';
import { mailboxStatusQueryOptions } from '~/web/features/mail/api/mailbox-queries';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminJobsPage() {
  useDocumentTitle('Background jobs');
  const { state, set } = useUrlListState(adminJobsQuerySchema);
  // With no SMTP server the e-mails are kept in the development mailbox: an e-mail's job links to it.
  const mailbox = useQuery(mailboxStatusQueryOptions());
  return (
    <div>
      <PageHeader
        title="Background jobs"
        description="The work the shop does behind the scenes: sending e-mails, resizing pictures, importing CSV files, and its recurring jobs (cancelling unpaid orders, settling payouts, back-in-stock alerts, erasing deleted accounts). A job that fails is tried again with growing waits; one that still fails after its last try waits here for you to retry or dismiss it."
      />
      <JobsBoard filter={state} onChange={set} places={{ mailbox: mailbox.data?.mailboxEnabled === true }} />
    </div>
  );
}
