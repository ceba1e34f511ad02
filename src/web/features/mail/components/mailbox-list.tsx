import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { MailStatus } from '~/shared/schemas/mail';
import { Badge } from '~/web/components/ui/badge';
import { cn } from '~/web/components/ui/cn';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { Pagination } from '~/web/components/ui/pagination';
import { formatDateTime } from '~/web/lib/format';
import { mailboxListQueryOptions } from '../api/mailbox-queries';

const STATUS_TONE = { kept: 'brand', sent: 'success', queued: 'warning', failed: 'danger' } as const satisfies Record<MailStatus, string>;

/** The kept e-mails, newest first; each links to itself through `?id=`. */
export function MailboxList({
  page,
  selectedId,
  onPageChange,
}: {
  page: number;
  selectedId?: string;
  onPageChange: (page: number) => void;
}) {
  const { data, isPending, isError, error, refetch } = useQuery(mailboxListQueryOptions(page));
  if (isPending) return <ListSkeleton rows={5} label="Loading e-mails" />;
  if (isError) return <ErrorState title="Could not load the mailbox" error={error} onRetry={() => void refetch()} />;
  if (data.total === 0) {
    return (
      <EmptyState icon={<Inbox />} title="No e-mails yet">
        E-mails about orders (placed, paid, shipped, delivered, cancelled) appear here while no SMTP server is configured.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {data.items.map((m) => (
          <li key={m.id}>
            <Link
              to={`?page=${page}&id=${encodeURIComponent(m.id)}`}
              aria-current={m.id === selectedId ? 'true' : undefined}
              className={cn('block p-4 hover:bg-slate-50', m.id === selectedId && 'bg-brand-50')}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">{m.subject}</p>
                <time dateTime={m.createdAt} className="text-xs text-slate-500">
                  {formatDateTime(m.createdAt)}
                </time>
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span>To {m.toName ? `${m.toName} <${m.to}>` : m.to}</span>
                <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
                <span className="text-xs text-slate-500">{m.template}</span>
              </p>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={onPageChange} label="Mailbox pages" />
    </div>
  );
}
