import { useQuery } from '@tanstack/react-query';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { formatDateTime } from '~/web/lib/format';
import { mailMessageQueryOptions } from '../api/mailbox-queries';

/**
 * One e-mail. The HTML is shown in a sandboxed iframe (no scripts, no forms, no same-origin
 * access), so whatever it contains cannot reach the shop's page or session.
 */
export function MailMessage({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(mailMessageQueryOptions(id));
  if (isPending) {
    return (
      <div role="status" aria-label="Loading the e-mail" className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (isError) return <ErrorState title="Could not load this e-mail" error={error} onRetry={() => void refetch()} />;
  return (
    <article aria-labelledby="mail-subject" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <header>
        <h2 id="mail-subject" className="text-lg font-semibold text-slate-900">
          {data.subject}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600">
          <dt className="font-medium">To</dt>
          <dd>{data.toName ? `${data.toName} <${data.to}>` : data.to}</dd>
          <dt className="font-medium">Date</dt>
          <dd>
            <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
          </dd>
          <dt className="font-medium">Status</dt>
          <dd>
            {data.status}
            {data.lastError && ` (${data.lastError})`}
          </dd>
        </dl>
      </header>
      <section aria-label="HTML version">
        <iframe
          title={`E-mail: ${data.subject}`}
          sandbox=""
          srcDoc={data.html}
          className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white"
        />
      </section>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Text version</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">{data.text}</pre>
      </details>
    </article>
  );
}
