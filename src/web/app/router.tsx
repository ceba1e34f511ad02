import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '~/shared/paths';
import { PageLoading } from '~/web/components/layouts/page-loading';
import { PublicLayout } from '~/web/components/layouts/public-layout';
import { RouteErrorBoundary } from '~/web/components/errors/route-error';
import { RequireRole } from '~/web/components/session/require-role';

// The admin panel's and the seller centre's shells too: shoppers never need them.
const VendorLayout = lazy(() => import('~/web/components/layouts/vendor-layout').then((m) => ({ default: m.VendorLayout })));

// One module per page, loaded on demand; the layouts show "Loading..." meanwhile.
const Home = lazy(() => import('./routes/home'));
const Products = lazy(() => import('./routes/products'));
const Search = lazy(() => import('./routes/search'));
const About = lazy(() => import('./routes/about'));
const Contact = lazy(() => import('./routes/contact'));
const Returns = lazy(() => import('./routes/returns'));
const Privacy = lazy(() => import('./routes/privacy'));
const Terms = lazy(() => import('./routes/terms'));
const Product = lazy(() => import('./routes/product'));
const Compare = lazy(() => import('./routes/compare'));
const Cart = lazy(() => import('./routes/cart'));
const Wishlist = lazy(() => import('./routes/wishlist'));
const Profile = lazy(() => import('./routes/profile'));
const Checkout = lazy(() => import('./routes/checkout'));
const OrderSuccess = lazy(() => import('./routes/order-success'));
const Orders = lazy(() => import('./routes/orders'));
const OrderDetails = lazy(() => import('./routes/order-details'));
const OrderInvoice = lazy(() => import('./routes/order-invoice'));
const Login = lazy(() => import('./routes/login'));
const Register = lazy(() => import('./routes/register'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const VendorLogin = lazy(() => import('./routes/vendor/login'));
const VendorRegister = lazy(() => import('./routes/vendor/register'));
const VendorDashboard = lazy(() => import('./routes/vendor/dashboard'));
const VendorProducts = lazy(() => import('./routes/vendor/products'));
const VendorEditProduct = lazy(() => import('./routes/vendor/product-edit'));
const VendorProductImport = lazy(() => import('./routes/vendor/product-import'));
const VendorOrders = lazy(() => import('./routes/vendor/orders'));
const VendorProfile = lazy(() => import('./routes/vendor/profile'));
const VendorAccount = lazy(() => import('./routes/vendor/account'));
const VendorPayouts = lazy(() => import('./routes/vendor/payouts'));
const AdminLogin = lazy(() => import('./routes/admin/login'));
// The admin console's pages and layout are one lazy module: the storefront's script carries one import for all of them.
const AdminArea = lazy(() => import('./routes/admin/admin-routes'));
const DevMailbox = lazy(() => import('./routes/dev-mailbox'));
const NotFound = lazy(() => import('./routes/not-found'));

// The browser runs React Router in declarative mode (useRoutes): the data router would cost 18 KB of
// compressed script on every page. RouteErrorBoundary does what errorElement did. The server renders
// the public pages from the same routes with React Router's data APIs (createStaticHandler, with the
// loaders of page-data.ts that read each page's data first; decision 29).
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <PublicLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Home /> },
      { path: 'products', element: <Products /> },
      { path: 'category/:category', element: <Products /> },
      { path: 'search', element: <Search /> },
      { path: 'about', element: <About /> },
      { path: 'contact', element: <Contact /> },
      { path: 'returns', element: <Returns /> },
      { path: 'privacy', element: <Privacy /> },
      { path: 'terms', element: <Terms /> },
      { path: 'product/:id', element: <Product /> },
      { path: 'compare', element: <Compare /> },
      { path: 'cart', element: <Cart /> },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password', element: <ResetPassword /> },
      { path: 'verify-email', element: <VerifyEmail /> },
      { path: 'vendor/login', element: <VendorLogin /> },
      { path: 'vendor/register', element: <VendorRegister /> },
      {
        element: <RequireRole redirectTo={paths.login} />,
        children: [
          { path: 'checkout', element: <Checkout /> },
          { path: 'order-success', element: <OrderSuccess /> },
          { path: 'orders', element: <Orders /> },
          { path: 'order-details/:orderId', element: <OrderDetails /> },
          { path: 'order-details/:orderId/invoice', element: <OrderInvoice /> },
        ],
      },
      {
        element: <RequireRole allow="customer" redirectTo={paths.login} />,
        children: [
          { path: 'wishlist', element: <Wishlist /> },
          { path: 'account/profile', element: <Profile /> },
          // The seed's path: the account page moved to /account/profile (decision 26).
          { path: 'profile', element: <Navigate to={paths.accountProfile} replace /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: 'admin/login',
    element: (
      <RouteErrorBoundary>
        <AdminLogin />
      </RouteErrorBoundary>
    ),
  },
  {
    path: 'dev/mailbox',
    element: (
      <RouteErrorBoundary>
        <RequireRole allow="admin" redirectTo={paths.admin.login}>
          <Suspense fallback={<PageLoading />}>
            <DevMailbox />
          </Suspense>
        </RequireRole>
      </RouteErrorBoundary>
    ),
  },
  {
    path: 'vendor',
    element: (
      <RouteErrorBoundary>
        <RequireRole allow="vendor" redirectTo={paths.vendor.login}>
          <Suspense fallback={<PageLoading />}>
            <VendorLayout />
          </Suspense>
        </RequireRole>
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Navigate to={paths.vendor.dashboard} replace /> },
      { path: 'dashboard', element: <VendorDashboard /> },
      { path: 'products', element: <VendorProducts /> },
      { path: 'products/import', element: <VendorProductImport /> },
      { path: 'products/:productId', element: <VendorEditProduct /> },
      { path: 'orders', element: <VendorOrders /> },
      { path: 'payouts', element: <VendorPayouts /> },
      { path: 'profile', element: <VendorProfile /> },
      { path: 'account', element: <VendorAccount /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: 'admin/*',
    element: (
      <RouteErrorBoundary>
        <RequireRole allow="admin" redirectTo={paths.admin.login}>
          <Suspense fallback={<PageLoading />}>
            <AdminArea />
          </Suspense>
        </RequireRole>
      </RouteErrorBoundary>
    ),
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
