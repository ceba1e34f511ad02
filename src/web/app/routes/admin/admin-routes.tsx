import { lazy } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { paths } from '~/shared/paths';
import { AdminLayout } from '~/web/components/layouts/admin-layout';

const AdminDashboard = lazy(() => import('./dashboard'));
const AdminUsers = lazy(() => import('./users'));
const AdminUser = lazy(() => import('./user'));
const AdminProducts = lazy(() => import('./products'));
const AdminProduct = lazy(() => import('./product'));
const AdminBrands = lazy(() => import('./brands'));
const AdminProductReview = lazy(() => import('./product-review'));
const AdminPayments = lazy(() => import('./payments'));
const AdminOrders = lazy(() => import('./orders'));
const AdminOrder = lazy(() => import('./order'));
const AdminPayouts = lazy(() => import('./payouts'));
const AdminCodRemittances = lazy(() => import('./cod-remittances'));
const AdminCoupons = lazy(() => import('./coupons'));
const AdminReviews = lazy(() => import('./reviews'));
const AdminMessages = lazy(() => import('./messages'));
const AdminGrievances = lazy(() => import('./grievances'));
const AdminReports = lazy(() => import('./reports'));
const AdminAudit = lazy(() => import('./audit'));
const AdminJobs = lazy(() => import('./jobs'));
const AdminEInvoices = lazy(() => import('./e-invoices'));
const AdminSettings = lazy(() => import('./settings'));
const AdminAccount = lazy(() => import('./account'));
const AdminTwoFactor = lazy(() => import('./two-factor'));
const NotFound = lazy(() => import('../not-found'));

/** The admin console under /admin/*: its layout (sidebar) and pages, loaded only when an admin opens it. */
export default function AdminArea() {
  return useRoutes([
    // Outside the layout: an admin without two-step sign-in sees only its set-up (decision 27).
    { path: 'two-factor', element: <AdminTwoFactor /> },
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
        { path: 'dashboard', element: <AdminDashboard /> },
        { path: 'users', element: <AdminUsers /> },
        { path: 'users/:userId', element: <AdminUser /> },
        { path: 'products', element: <AdminProducts /> },
        { path: 'products/brands', element: <AdminBrands /> },
        { path: 'products/review', element: <AdminProductReview /> },
        { path: 'products/:productId', element: <AdminProduct /> },
        { path: 'payments', element: <AdminPayments /> },
        { path: 'orders', element: <AdminOrders /> },
        { path: 'orders/:orderId', element: <AdminOrder /> },
        { path: 'payouts', element: <AdminPayouts /> },
        { path: 'cod-remittances', element: <AdminCodRemittances /> },
        { path: 'coupons', element: <AdminCoupons /> },
        { path: 'reviews', element: <AdminReviews /> },
        { path: 'messages', element: <AdminMessages /> },
        { path: 'grievances', element: <AdminGrievances /> },
        { path: 'reports', element: <AdminReports /> },
        { path: 'audit', element: <AdminAudit /> },
        { path: 'jobs', element: <AdminJobs /> },
        { path: 'e-invoices', element: <AdminEInvoices /> },
        { path: 'settings', element: <AdminSettings /> },
        { path: 'account', element: <AdminAccount /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
