import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { UserRole } from '~/shared/constants';
import { PageLoading } from '~/web/components/layouts/page-loading';
import { sessionQueryOptions } from '~/web/lib/session/session';

interface RequireRoleProps {
  /** The role needed; omit for "any signed-in account". */
  allow?: UserRole;
  /** Where visitors without it go; they come back here after signing in. */
  redirectTo: string;
  children?: ReactNode;
}

/**
 * Convenience guard: the server decides every permission, this only saves a trip. It asks
 * the server again on entry (staleTime 0) so a session ended elsewhere is noticed at once.
 */
export function RequireRole({ allow, redirectTo, children }: RequireRoleProps) {
  const location = useLocation();
  const { data, isFetching } = useQuery({ ...sessionQueryOptions, staleTime: 0 });
  const user = data?.user ?? null;
  const allowed = user !== null && (allow === undefined || user.role === allow);
  if (!allowed && isFetching) return <PageLoading />;
  if (!allowed) return <GoToSignIn to={redirectTo} from={`${location.pathname}${location.search}`} />;
  return children ?? <Outlet />;
}

/**
 * Sends a visitor to the sign-in page, to come back to `from` — unless the address has already moved
 * on: signing out on this page goes elsewhere first (the browser is there, the page not yet).
 */
function GoToSignIn({ to, from }: { to: string; from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (`${window.location.pathname}${window.location.search}` !== from) return;
    void navigate(to, { replace: true, state: { from } });
  }, [navigate, to, from]);
  return <PageLoading />;
}
