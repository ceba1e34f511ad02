import { useParams } from 'react-router';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useAdminUser } from '~/web/features/admin-users/api/admin-users';
import { UserDetail } from '~/web/features/admin-users/components/user-detail';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminUserPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  useDocumentTitle(user.data ? `${user.data.user.name} · Manage users` : 'Manage users');
  return (
    <div>
      <PageHeader
        title={user.data?.user.name ?? 'Account'}
        description={user.data?.user.email}
        actions={
          <ButtonLink to={paths.admin.users} variant="ghost">
            All users
          </ButtonLink>
        }
      />
      {user.isPending && <ListSkeleton rows={5} label="Loading the account" />}
      {user.isError && (
        <ErrorState
          title="Could not load this account"
          error={user.error}
          onRetry={() => void user.refetch()}
          notFound={{
            title: 'Account not found',
            message: 'No account has this address. It may have been erased, or the link may have a typo.',
            action: <ButtonLink to={paths.admin.users}>All users</ButtonLink>,
          }}
        />
      )}
      {user.data && <UserDetail detail={user.data} />}
    </div>
  );
}
