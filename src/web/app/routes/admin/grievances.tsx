import {
  GRIEVANCE_OVERDUE,
  GRIEVANCE_OVERDUE_LABELS,
  GRIEVANCE_STATUS_LABELS,
  GRIEVANCE_STATUSES,
  grievancesQuerySchema,
  type GrievanceOverdue,
  type GrievanceStatus,
} from '~/shared/schemas/grievances';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { GrievancesTable } from '~/web/features/admin-grievances/components/grievances-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminGrievancesPage() {
  useDocumentTitle('Grievances');
  const { state, set, reset } = useUrlListState(grievancesQuerySchema);
  return (
    <div>
      <PageHeader
        title="Grievances"
        description="Complaints to the grievance officer, newest first. Each must be acknowledged within 48 hours and resolved within one month of receipt (Consumer Protection (E-Commerce) Rules, 2020). Open one to acknowledge it, reply, or resolve it: the customer is e-mailed each time."
      />
      <ListFilters
        label="Filter complaints"
        search={{
          label: 'Ticket, name, e-mail, order or words',
          value: state.q,
          onSearch: (q) => set({ q }),
          placeholder: 'GRV-2026-000123, Meera, SC-100042',
        }}
      >
        <FilterSelect<GrievanceStatus>
          label="Status"
          value={state.status}
          values={GRIEVANCE_STATUSES}
          labels={GRIEVANCE_STATUS_LABELS}
          placeholder="Every status"
          onChange={(status) => set({ status })}
        />
        <FilterSelect<GrievanceOverdue>
          label="Overdue"
          value={state.overdue}
          values={GRIEVANCE_OVERDUE}
          labels={GRIEVANCE_OVERDUE_LABELS}
          placeholder="Overdue or not"
          onChange={(overdue) => set({ overdue })}
        />
      </ListFilters>
      <GrievancesTable filter={state} onPageChange={(page) => set({ page })} onClearFilters={reset} />
    </div>
  );
}
