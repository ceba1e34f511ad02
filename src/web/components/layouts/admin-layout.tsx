import { CreditCard, LayoutDashboard, LogOut, Package, Users } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { paths } from '~/shared/paths';
import { useUser } from '~/web/lib/session/session';
import { useLogout } from '~/web/lib/session/use-logout';
import { toast } from '~/web/lib/toast';
import { cn } from '../ui/cn';
import { Logo } from '../ui/logo';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';

const SIDEBAR = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Manage Users', to: paths.admin.users, icon: Users },
  { label: 'Manage Products', to: paths.admin.products, icon: Package },
  { label: 'Manage Payments', to: paths.admin.payments, icon: CreditCard },
] as const;

const itemClasses = (active: boolean) =>
  cn(
    'flex shrink-0 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
    active ? 'bg-brand-700 text-white' : 'text-brand-100 hover:bg-brand-800 hover:text-white',
  );

/** The admin sidebar of the seed: Dashboard, Manage Users, Manage Products, Manage Payments, Logout (to /admin/login). */
export function AdminLayout() {
  const user = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate(paths.admin.login, { replace: true });
        toast.success('You have signed out of the admin panel.');
      },
      onError: (error) => toast.error(`Could not sign out: ${error.message}`),
    });

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <ScrollToTop />
      <aside className="bg-brand-900 md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col">
        <div className="flex items-center gap-2 px-4 py-4">
          <Logo />
          <div>
            <p className="text-sm font-bold text-white">Sahyadri Computers</p>
            <p className="text-xs text-brand-200">Admin panel</p>
          </div>
        </div>
        <nav aria-label="Admin" className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-1 md:flex-col md:overflow-visible">
          {SIDEBAR.map(({ label, to, icon: Icon }) => (
            <NavLink key={to} to={to} className={({ isActive }) => itemClasses(isActive)}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          ))}
          <button type="button" onClick={signOut} disabled={logout.isPending} className={cn(itemClasses(false), 'md:mt-auto')}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </nav>
        {user && (
          <p className="hidden truncate border-t border-brand-800 px-4 py-3 text-xs text-brand-200 md:block">Signed in as {user.email}</p>
        )}
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
