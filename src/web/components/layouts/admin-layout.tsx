import { CreditCard, LayoutDashboard, Package, ScrollText, Users } from 'lucide-react';
import { paths } from '~/shared/paths';
import { BackOfficeLayout, type BackOfficeNavItem } from './back-office-layout';

const SIDEBAR: readonly BackOfficeNavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Manage Users', to: paths.admin.users, icon: Users },
  { label: 'Manage Products', to: paths.admin.products, icon: Package },
  { label: 'Manage Payments', to: paths.admin.payments, icon: CreditCard },
  // The seed's entries first and in order; the console's own sections below them.
  { label: 'Audit log', to: paths.admin.audit, icon: ScrollText },
];

/** The admin sidebar: the seed's Dashboard, Manage Users, Manage Products, Manage Payments, then the audit log; Logout (to /admin/login). */
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
