import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, contactMessagesQuerySchema, type ContactStatus } from '~/shared/schemas/contact';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { MessagesTable } from '~/web/features/admin-messages/components/messages-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminMessagesPage() {
  useDocumentTitle('Messages');
  const { state, set, reset } = useUrlListState(contactMessagesQuerySchema);
  return (
    <div>
      <PageHeader
        title="Messages"
        description="Messages sent from the contact page, newest first. Open one to read it and its replies, answer it by e-mail (it becomes Replied), or close it when nothing more is to be done."
      />
      <ListFilters
        label="Filter messages"
        search={{
          label: 'Name, e-mail or words',
          value: state.q,
          onSearch: (q) => set({ q }),
          placeholder: 'Sneha, quotation, name@example.in',
        }}
      >
        <FilterSelect<ContactStatus>
          label="Status"
          value={state.status}
          values={CONTACT_STATUSES}
          labels={CONTACT_STATUS_LABELS}
          placeholder="Every status"
          onChange={(status) => set({ status })}
        />
      </ListFilters>
      <MessagesTable filter={state} onPageChange={(page) => set({ page })} onClearFilters={reset} />
    </div>
  );
}
