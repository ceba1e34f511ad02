import { Suspense } from 'react';
import { BrowserRouter, matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '~/shared/paths';
import { PageLoading } from '~/web/components/layouts/page-loading';
import { Footer, PublicLayout } from '~/web/components/layouts/public-layout';
import { RouteErrorBoundary } from '~/web/components/errors/route-error';
import { RequireRole } from '~/web/components/session/require-role';
import { lazyWithPreload } from '~/web/lib/lazy-with-preload';

// The admin panel's and the seller centre's shells too: shoppers never need them.
const VendorLayout = lazyWithPreload(() => import('~/web/components/layouts/vendor-layout').then((m) => ({ default: m.VendorLayout })));

// One module per page, loaded on demand; the layouts show "Loading..." meanwhile.
const Home = lazyWithPreload(() => import('./routes/home'));
const Products = lazyWithPreload(() => import('./routes/products'));
const Search = lazyWithPreload(() => import('./routes/search'));
const About = lazyWithPreload(() => import('./routes/about'));
const Contact = lazyWithPreload(() => import('./routes/contact'));
const Returns = lazyWithPreload(() => import('./routes/returns'));
const Privacy = lazyWithPreload(() => import('./routes/privacy'));
const Terms = lazyWithPreload(() => import('./routes/terms'));
const GrievanceOfficer = lazyWithPreload(() => import('./routes/grievance-officer'));
const Product = lazyWithPreload(() => import('./routes/product'));
const Compare = lazyWithPreload(() => import('./routes/compare'));
const Cart = lazyWithPreload(() => import('./routes/cart'));
const Wishlist = lazyWithPreload(() => import('./routes/wishlist'));
const Profile = lazyWithPreload(() => import('./routes/profile'));
const Checkout = lazyWithPreload(() => import('./routes/checkout'));
const OrderSuccess = lazyWithPreload(() => import('./routes/order-success'));
const Orders = lazyWithPreload(() => import('./routes/orders'));
const OrderDetails = lazyWithPreload(() => import('./routes/order-details'));
const OrderInvoice = lazyWithPreload(() => import('./routes/order-invoice'));
const Login = lazyWithPreload(() => import('./routes/login'));
const Register = lazyWithPreload(() => import('./routes/register'));
const ForgotPassword = lazyWithPreload(() => import('./routes/forgot-password'));
const ResetPassword = lazyWithPreload(() => import('./routes/reset-password'));
const VerifyEmail = lazyWithPreload(() => import('./routes/verify-email'));
const BackInStockConfirm = lazyWithPreload(() => import('./routes/back-in-stock-confirm'));
const BackInStockStop = lazyWithPreload(() => import('./routes/back-in-stock-stop'));
const StockAlerts = lazyWithPreload(() => import('./routes/stock-alerts'));
const Complaints = lazyWithPreload(() => import('./routes/complaints'));
const Complaint = lazyWithPreload(() => import('./routes/complaint'));
const Quotes = lazyWithPreload(() => import('./routes/quotes'));
const VendorLogin = lazyWithPreload(() => import('./routes/vendor/login'));
const VendorRegister = lazyWithPreload(() => import('./routes/vendor/register'));
const VendorDashboard = lazyWithPreload(() => import('./routes/vendor/dashboard'));
const VendorProducts = lazyWithPreload(() => import('./routes/vendor/products'));
const VendorEditProduct = lazyWithPreload(() => import('./routes/vendor/product-edit'));
const VendorProductImport = lazyWithPreload(() => import('./routes/vendor/product-import'));
const VendorOffers = lazyWithPreload(() => import('./routes/vendor/offers'));
const VendorSellExisting = lazyWithPreload(() => import('./routes/vendor/sell-existing'));
const VendorOrders = lazyWithPreload(() => import('./routes/vendor/orders'));
const VendorOrder = lazyWithPreload(() => import('./routes/vendor/order'));
const VendorProfile = lazyWithPreload(() => import('./routes/vendor/profile'));
const VendorAccount = lazyWithPreload(() => import('./routes/vendor/account'));
const VendorPayouts = lazyWithPreload(() => import('./routes/vendor/payouts'));
const VendorEInvoices = lazyWithPreload(() => import('./routes/vendor/e-invoices'));
const VendorQuotes = lazyWithPreload(() => import('./routes/vendor/quotes'));
const AdminLogin = lazyWithPreload(() => import('./routes/admin/login'));
// The admin console's pages and layout are one lazy module: the storefront's script carries one import for all of them.
const AdminArea = lazyWithPreload(() => import('./routes/admin/admin-routes'));
const DevMailbox = lazyWithPreload(() => import('./routes/dev-mailbox'));
const NotFound = lazyWithPreload(() => import('./routes/not-found'));

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
      { path: 'grievance-officer', element: <GrievanceOfficer /> },
      { path: 'product/:id', element: <Product /> },
      { path: 'compare', element: <Compare /> },
      { path: 'cart', element: <Cart /> },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password', element: <ResetPassword /> },
      { path: 'verify-email', element: <VerifyEmail /> },
      { path: 'back-in-stock/confirm', element: <BackInStockConfirm /> },
      { path: 'back-in-stock/stop', element: <BackInStockStop /> },
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
          { path: 'account/alerts', element: <StockAlerts /> },
          { path: 'account/complaints', element: <Complaints /> },
          { path: 'account/complaints/:grievanceId', element: <Complaint /> },
          { path: 'account/quotes', element: <Quotes /> },
          // The seed's path: the account page moved to /account/profile (decision 26).
          { path: 'profile', element: <Navigate to={paths.accountProfile} replace /> },
          // Addresses a shopper may type (as on other shops): the account's page and its orders.
          { path: 'account', element: <Navigate to={paths.accountProfile} replace /> },
          { path: 'account/orders', element: <Navigate to={paths.orders} replace /> },
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
      { path: 'products/offers', element: <VendorOffers /> },
      { path: 'products/offers/new', element: <VendorSellExisting /> },
      { path: 'products/:productId', element: <VendorEditProduct /> },
      { path: 'orders', element: <VendorOrders /> },
      { path: 'orders/:orderId', element: <VendorOrder /> },
      { path: 'quotes', element: <VendorQuotes /> },
      { path: 'payouts', element: <VendorPayouts /> },
      { path: 'e-invoices', element: <VendorEInvoices /> },
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

/** Loads the modules of the page at `pathname` and of its layout (before hydrating a server-rendered page). */
export function preloadPage(pathname: string): Promise<unknown> {
  const elements = (matchRoutes(routes, pathname) ?? []).map((m) => m.route.element);
  const preloads = elements.map((element) => {
    const type = (element as { type?: { preload?: () => Promise<unknown> } } | undefined)?.type;
    return type?.preload?.();
  });
  return Promise.all([Footer.preload(), ...preloads]);
}
