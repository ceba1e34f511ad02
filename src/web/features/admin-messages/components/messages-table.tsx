import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { CONTACT_STATUS_LABELS, type ContactMessage } from '~/shared/schemas/contact';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { OneLine } from '~/web/components/ui/one-line';
import { formatDateTime } from '~/web/lib/format';
import { contactMessagesListOptions, type ContactMessagesFilter } from '../api/admin-messages';
import { MessageThread } from './message-thread';

const STATUS_TONES = { new: 'brand', replied: 'success', closed: 'neutral' } as const;

const COLUMNS: DataTableColumn<ContactMessage>[] = [
  {
    id: 'createdAt',
    header: 'Received',
    className: 'whitespace-nowrap text-slate-700',
    cell: (m) => <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>,
  },
  {
    id: 'from',
    header: 'From',
    rowHeader: true,
    cell: (m) => (
      <>
        <span className="font-semibold text-slate-900">{m.name}</span>
        <OneLine className="text-xs font-normal text-slate-600">{m.email}</OneLine>
      </>
    ),
  },
  { id: 'topic', header: 'Topic', className: 'text-slate-800', cell: (m) => m.topic },
  {
    id: 'message',
    header: 'Message',
    cell: (m) => <p className="line-clamp-2 max-w-md text-slate-700">{m.message}</p>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (m) => (
      <>
        <Badge tone={STATUS_TONES[m.status]}>{CONTACT_STATUS_LABELS[m.status]}</Badge>
        {m.replyCount > 0 && (
          <p className="mt-1 text-xs whitespace-nowrap text-slate-600">
            {m.replyCount} {m.replyCount === 1 ? 'reply' : 'replies'}
          </p>
        )}
      </>
    ),
  },
];

/** Contact messages for the filter, newest first; each opens to its thread, a reply form and Close or Reopen. */
export function MessagesTable({
  filter,
  onPageChange,
  onClearFilters,
}: {
  filter: ContactMessagesFilter;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}) {
  const messages = useQuery(contactMessagesListOptions(filter));
  const filtered = Boolean(filter.q || filter.status);
  return (
    <DataTable<ContactMessage>
      caption={`Contact messages, newest first${messages.data ? ` (${messages.data.total})` : ''}`}
      columns={COLUMNS}
      rowKey={(m) => m.id}
      query={messages}
      loadingLabel="Loading messages"
      errorTitle="The messages could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<Inbox />}
            title="No messages match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            No message matches this status or these words.
          </EmptyState>
        ) : (
          <EmptyState icon={<Inbox />} title="No messages yet">
            Messages sent from the contact page appear here.
          </EmptyState>
        )
      }
      onPageChange={onPageChange}
      paginationLabel="Message pages"
      details={{ render: (m) => <MessageThread messageId={m.id} />, label: (m) => `Open the message from ${m.name}` }}
      rowProps={(m) => ({ 'data-testid': `message-${m.id}` })}
      minWidth="56rem"
    />
  );
}
