import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { Pagination } from '~/web/components/ui/pagination';
import { formatDateTime, formatMobile } from '~/web/lib/format';
import { contactMessagesQueryOptions } from '../api/admin-queries';

/** Messages from the contact page, newest first. */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useQuery(contactMessagesQueryOptions(page));
  if (isPending) return <ListSkeleton rows={3} label="Loading messages" />;
  if (isError) return <ErrorState title="Could not load messages" error={error} onRetry={() => void refetch()} />;
  if (data.total === 0) {
    return (
      <EmptyState icon={<Inbox />} title="No messages yet">
        Messages sent from the contact page appear here.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {data.items.map((m) => (
          <li key={m.id} className="p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {m.name} <span className="font-normal text-slate-600">· {m.topic}</span>
              </p>
              <time dateTime={m.createdAt} className="text-xs text-slate-500">
                {formatDateTime(m.createdAt)}
              </time>
            </div>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{m.message}</p>
            <p className="mt-2 text-xs text-slate-600">
              <a href={`mailto:${m.email}`} className="text-brand-700 underline">
                {m.email}
              </a>
              {m.mobile && <> · {formatMobile(m.mobile)}</>}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={setPage} label="Message pages" />
    </div>
  );
}
