import { useQuery } from '@tanstack/react-query';
import {
  Banknote,
  CreditCard,
  FileCheck,
  FileSpreadsheet,
  HandCoins,
  LayoutDashboard,
  Mail,
  MessageSquareWarning,
  Package,
  ReceiptText,
  ScrollText,
  Settings,
  Star,
  TicketPercent,
  UserCog,
  Users,
  Workflow,
} from 'lucide-react';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { paths } from '~/shared/paths';
import { grievanceOverdueCountsOptions } from '~/web/lib/admin-grievances';
import { failedJobsCountQueryOptions } from '~/web/lib/admin-jobs';
import { useUser } from '~/web/lib/session/session';
import { BackOfficeLayout, type BackOfficeNavItem } from './back-office-layout';

const SIDEBAR: readonly BackOfficeNavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Manage Users', to: paths.admin.users, icon: Users },
  { label: 'Manage Products', to: paths.admin.products, icon: Package },
  { label: 'Manage Payments', to: paths.admin.payments, icon: CreditCard },
  // The seed's entries first and in order; the console's own sections below them.
  { label: 'Orders', to: paths.admin.orders, icon: ReceiptText },
  { label: 'Vendor payouts', to: paths.admin.payouts, icon: Banknote },
  { label: 'COD remittances', to: paths.admin.codRemittances, icon: HandCoins },
  { label: 'Coupons', to: paths.admin.coupons, icon: TicketPercent },
  { label: 'Reviews', to: paths.admin.reviews, icon: Star },
  { label: 'Messages', to: paths.admin.messages, icon: Mail },
  { label: 'Grievances', to: paths.admin.grievances, icon: MessageSquareWarning },
  { label: 'Reports', to: paths.admin.reports, icon: FileSpreadsheet },
  { label: 'Audit log', to: paths.admin.audit, icon: ScrollText },
  { label: 'Background jobs', to: paths.admin.jobs, icon: Workflow },
  { label: 'E-invoices', to: paths.admin.einvoices, icon: FileCheck },
  { label: 'Settings', to: paths.admin.settings, icon: Settings },
  { label: 'Account & security', to: paths.admin.account, icon: UserCog },
];

/** The admin sidebar: the seed's Dashboard, Manage Users, Manage Products, Manage Payments, then the console's sections; Logout (to /admin/login). */
export function AdminLayout() {
  const user = useUser();
  const allowed = Boolean(user?.twoFactorEnabled);
  // Failed jobs wait for an admin (decision 33): their count beside "Background jobs".
  const failedJobs = useQuery({ ...failedJobsCountQueryOptions(), enabled: allowed }).data ?? 0;
  // Complaints past their acknowledgement or resolution date (decision 74): their count beside "Grievances".
  const overdueGrievances = useQuery({ ...grievanceOverdueCountsOptions(), enabled: allowed }).data?.any ?? 0;
  const items = useMemo(
    () =>
      SIDEBAR.map((item) => {
        if ('to' in item && item.to === paths.admin.jobs) return { ...item, alert: { count: failedJobs, label: 'failed' } };
        if ('to' in item && item.to === paths.admin.grievances) return { ...item, alert: { count: overdueGrievances, label: 'overdue' } };
        return item;
      }),
    [failedJobs, overdueGrievances],
  );
  // Two-step sign-in is required of admins: until it is on, only its set-up opens (the API refuses the rest).
  if (user && !allowed) return <Navigate to={paths.admin.twoFactor} replace />;
  return (
    <BackOfficeLayout
      area="Admin panel"
      navLabel="Admin"
      items={items}
      logout={{ to: paths.admin.login, message: 'You have signed out of the admin panel.' }}
    />
  );
}
