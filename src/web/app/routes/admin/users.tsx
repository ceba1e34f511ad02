import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { USER_ROLES, type UserRole } from '~/shared/constants';
import { Button } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { SelectField, TextField } from '~/web/components/ui/form-fields';
import { PageHeader } from '~/web/components/ui/page-header';
import { Pagination } from '~/web/components/ui/pagination';
import { usersQueryOptions } from '~/web/features/admin/api/admin-queries';
import { UsersTable } from '~/web/features/admin/components/users-table';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const PAGE_SIZE = 20;

export default function AdminUsersPage() {
  useDocumentTitle('Manage users');
  const [params, setParams] = useSearchParams();
  const role = USER_ROLES.includes(params.get('role') as UserRole) ? (params.get('role') as UserRole) : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useQuery(
    usersQueryOptions({ role, q: q || undefined, page, pageSize: PAGE_SIZE, sort: '-createdAt' }),
  );

  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() || undefined, page: undefined });
  };

  return (
    <div>
      <PageHeader title="Manage users" description="Every account, newest first. Approve or reject vendors waiting for review." />
      <form onSubmit={search} className="mb-5 flex flex-wrap items-end gap-3" role="search">
        <SelectField
          label="Role"
          className="w-40"
          options={USER_ROLES}
          placeholder="All roles"
          value={role ?? ''}
          onChange={(e) => update({ role: e.target.value || undefined, page: undefined })}
        />
        <TextField
          label="Name, e-mail or business"
          className="min-w-64 flex-1"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {isPending && <ListSkeleton rows={5} label="Loading users" />}
      {isError && <ErrorState title="Could not load users" error={error} onRetry={() => void refetch()} />}
      {data && data.total === 0 && (
        <EmptyState icon={<Users />} title="No accounts match">
          Try another role or search text.
        </EmptyState>
      )}
      {data && data.total > 0 && (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <UsersTable users={data.items} />
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPageChange={(p) => update({ page: String(p) })}
            label="User pages"
          />
        </div>
      )}
    </div>
  );
}
