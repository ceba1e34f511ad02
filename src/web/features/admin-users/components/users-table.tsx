import { USER_ROLE_LABELS } from '~/shared/constants';
import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { AdminUser, AdminUsersQuery } from '~/shared/schemas/auth';
import { parseSort, type SortValue } from '~/shared/schemas/common';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { OneLine } from '~/web/components/ui/one-line';
import { formatDate } from '~/web/lib/format';
import { useAdminUsers } from '../api/admin-users';
import { AccountActions } from './account-actions';
import { AccountStatusBadges, ROLE_TONES } from './status-badges';

const COLUMNS: DataTableColumn<AdminUser>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (u) => (
      <Link to={paths.adminUser(u.uid)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {u.name}
      </Link>
    ),
  },
  { id: 'email', header: 'E-mail', sortable: true, cell: (u) => <OneLine className="text-slate-700">{u.email}</OneLine> },
  { id: 'role', header: 'Role', cell: (u) => <Badge tone={ROLE_TONES[u.role]}>{USER_ROLE_LABELS[u.role]}</Badge> },
  { id: 'status', header: 'Status', cell: (u) => <AccountStatusBadges suspended={u.suspended} vendorStatus={u.vendor?.status ?? null} /> },
  {
    id: 'business',
    header: 'Business',
    cell: (u) =>
      u.vendor ? (
        <>
          <p className="font-medium text-slate-900">{u.vendor.businessName}</p>
          <p className="text-slate-600">
            {u.vendor.pickupCity}, {u.vendor.pickupState}
            {u.vendor.gstin && <> · GSTIN {u.vendor.gstin}</>}
          </p>
        </>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
  {
    id: 'createdAt',
    header: 'Joined',
    sortable: true,
    descendingFirst: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (u) => formatDate(u.createdAt),
  },
  { id: 'actions', rowActions: true, header: 'Actions', cell: (u) => <AccountActions account={u} /> },
];

const CAPTIONS: Record<SortValue<'createdAt' | 'name' | 'email'>, string> = {
  '-createdAt': 'Accounts, newest first',
  createdAt: 'Accounts, oldest first',
  name: 'Accounts by name, A to Z',
  '-name': 'Accounts by name, Z to A',
  email: 'Accounts by e-mail, A to Z',
  '-email': 'Accounts by e-mail, Z to A',
};

interface UsersTableProps {
  query: AdminUsersQuery;
  onChange: (changes: Partial<AdminUsersQuery>) => void;
  filtered: boolean;
  onClearFilters: () => void;
}

/** Every account on the DataTable: sorted and paged by the server; vendors approved or rejected, accounts suspended in their row. */
export function UsersTable({ query, onChange, filtered, onClearFilters }: UsersTableProps) {
  const users = useAdminUsers(query);
  const sort = useMemo(() => parseSort(query.sort), [query.sort]);
  return (
    <DataTable<AdminUser>
      caption={`${CAPTIONS[query.sort]}${users.data ? ` (${users.data.total} in all)` : ''}`}
      columns={COLUMNS}
      rowKey={(u) => u.uid}
      query={users}
      loadingLabel="Loading users"
      errorTitle="Could not load users"
      empty={
        <EmptyState
          icon={<Users />}
          title="No accounts match"
          action={
            filtered && (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            )
          }
        >
          Try another role, status or search text.
        </EmptyState>
      }
      sort={sort}
      onSortChange={(s) => onChange({ sort: (s.descending ? `-${s.column}` : s.column) as AdminUsersQuery['sort'] })}
      onPageChange={(page) => onChange({ page })}
      paginationLabel="User pages"
      minWidth="64rem"
    />
  );
}
