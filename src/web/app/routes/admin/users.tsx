import { Download } from 'lucide-react';
import { USER_ROLE_LABELS, USER_ROLES, type UserRole } from '~/shared/constants';
import { ACCOUNT_STATUSES, adminUsersQuerySchema, type AccountStatus } from '~/shared/schemas/auth';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { buttonClasses } from '~/web/components/ui/button';
import { PageHeader } from '~/web/components/ui/page-header';
import { usersCsvHref } from '~/web/features/admin-users/api/admin-users';
import { UsersTable } from '~/web/features/admin-users/components/users-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  pending: 'Vendor pending',
  approved: 'Vendor approved',
  rejected: 'Vendor rejected',
};

export default function AdminUsersPage() {
  useDocumentTitle('Manage users');
  const { state, set, reset, filtered } = useUrlListState(adminUsersQuerySchema);
  return (
    <div>
      <PageHeader
        title="Manage users"
        description="Every account, newest first. Approve or reject vendors waiting for review; suspend or reactivate accounts."
        actions={
          // A plain link: the browser downloads the file with the admin's session cookie.
          <a href={usersCsvHref(state)} download className={buttonClasses('secondary')}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      <ListFilters
        label="Filter accounts"
        search={{ label: 'Name, e-mail, mobile or business', value: state.q, onSearch: (q) => set({ q }) }}
      >
        <FilterSelect<UserRole>
          label="Role"
          value={state.role}
          values={USER_ROLES}
          labels={USER_ROLE_LABELS}
          placeholder="All roles"
          onChange={(role) => set({ role })}
        />
        <FilterSelect<AccountStatus>
          label="Status"
          value={state.status}
          values={ACCOUNT_STATUSES}
          labels={STATUS_LABELS}
          placeholder="Any status"
          onChange={(status) => set({ status })}
        />
      </ListFilters>
      <UsersTable query={state} onChange={set} filtered={filtered} onClearFilters={reset} />
    </div>
  );
}
