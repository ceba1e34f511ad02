import { USER_ROLES, type UserRole } from '~/shared/constants';
import { adminUsersQuerySchema } from '~/shared/schemas/auth';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { UsersTable } from '~/web/features/admin/components/users-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const ROLE_LABELS: Record<UserRole, string> = { customer: 'customer', vendor: 'vendor', admin: 'admin' };

export default function AdminUsersPage() {
  useDocumentTitle('Manage users');
  const { state, set, reset, filtered } = useUrlListState(adminUsersQuerySchema);
  return (
    <div>
      <PageHeader title="Manage users" description="Every account, newest first. Approve or reject vendors waiting for review." />
      <ListFilters label="Filter accounts" search={{ label: 'Name, e-mail or business', value: state.q, onSearch: (q) => set({ q }) }}>
        <FilterSelect<UserRole>
          label="Role"
          value={state.role}
          values={USER_ROLES}
          labels={ROLE_LABELS}
          placeholder="All roles"
          onChange={(role) => set({ role })}
        />
      </ListFilters>
      <UsersTable query={state} onChange={set} filtered={filtered} onClearFilters={reset} />
    </div>
  );
}
