import { lazy } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { paths } from '~/shared/paths';
import { AdminLayout } from '~/web/components/layouts/admin-layout';
import { PublicLayout } from '~/web/components/layouts/public-layout';
import { RouteError } from '~/web/components/errors/route-error';
import { RequireRole } from '~/web/features/auth/components/require-role';

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
const Cart = lazy(() => import('./routes/cart'));
const Checkout = lazy(() => import('./routes/checkout'));
const OrderSuccess = lazy(() => import('./routes/order-success'));
const Orders = lazy(() => import('./routes/orders'));
const OrderDetails = lazy(() => import('./routes/order-details'));
const Login = lazy(() => import('./routes/login'));
const Register = lazy(() => import('./routes/register'));
const VendorLogin = lazy(() => import('./routes/vendor/login'));
const VendorRegister = lazy(() => import('./routes/vendor/register'));
const VendorDashboard = lazy(() => import('./routes/vendor/dashboard'));
const AdminLogin = lazy(() => import('./routes/admin/login'));
const AdminDashboard = lazy(() => import('./routes/admin/dashboard'));
const AdminUsers = lazy(() => import('./routes/admin/users'));
const AdminProducts = lazy(() => import('./routes/admin/products'));
const AdminPayments = lazy(() => import('./routes/admin/payments'));
const NotFound = lazy(() => import('./routes/not-found'));

const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
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
      { path: 'cart', element: <Cart /> },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'vendor/login', element: <VendorLogin /> },
      { path: 'vendor/register', element: <VendorRegister /> },
      {
        element: <RequireRole redirectTo={paths.login} />,
        children: [
          { path: 'checkout', element: <Checkout /> },
          { path: 'order-success', element: <OrderSuccess /> },
          { path: 'orders', element: <Orders /> },
          { path: 'order-details/:orderId', element: <OrderDetails /> },
        ],
      },
      {
        element: <RequireRole allow="vendor" redirectTo={paths.vendor.login} />,
        children: [{ path: 'vendor/dashboard', element: <VendorDashboard /> }],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: 'admin/login', element: <AdminLogin />, errorElement: <RouteError /> },
  {
    path: 'admin',
    element: (
      <RequireRole allow="admin" redirectTo={paths.admin.login}>
        <AdminLayout />
      </RequireRole>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      { path: 'dashboard', element: <AdminDashboard /> },
      { path: 'users', element: <AdminUsers /> },
      { path: 'products', element: <AdminProducts /> },
      { path: 'payments', element: <AdminPayments /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
