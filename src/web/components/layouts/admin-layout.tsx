import { CreditCard, LayoutDashboard, Package, Users } from 'lucide-react';
import { paths } from '~/shared/paths';
import { BackOfficeLayout, type BackOfficeNavItem } from './back-office-layout';

const SIDEBAR: readonly BackOfficeNavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Manage Users', to: paths.admin.users, icon: Users },
  { label: 'Manage Products', to: paths.admin.products, icon: Package },
  { label: 'Manage Payments', to: paths.admin.payments, icon: CreditCard },
];

/** The admin sidebar of the seed: Dashboard, Manage Users, Manage Products, Manage Payments, Logout (to /admin/login). */
export function AdminLayout() {
  return (
    <BackOfficeLayout
      area="Admin panel"
      navLabel="Admin"
      items={SIDEBAR}
      logout={{ to: paths.admin.login, message: 'You have signed out of the admin panel.' }}
    />
  );
}
