import { ClipboardList, FileCheck, FileText, LayoutDashboard, Package, Store, UserCog, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { AccountMenu } from './account-menu';
import { BackOfficeLayout, type BackOfficeNavItem } from './back-office-layout';

const SIDEBAR: readonly BackOfficeNavItem[] = [
  { label: 'Dashboard', to: paths.vendor.dashboard, icon: LayoutDashboard },
  { label: 'Products', to: paths.vendor.products, icon: Package },
  { label: 'Orders', to: paths.vendor.orders, icon: ClipboardList },
  { label: 'Quotes', to: paths.vendor.quotes, icon: FileText },
  { label: 'Payouts', to: paths.vendor.payouts, icon: Wallet },
  { label: 'E-invoices', to: paths.vendor.einvoices, icon: FileCheck },
  { label: 'Profile', to: paths.vendor.profile, icon: Store },
  { label: 'Account & security', to: paths.vendor.account, icon: UserCog },
];

/**
 * The seller centre's shell: its own sidebar (Dashboard, Products, Orders, Payouts, Profile, and
 * the person's own Account & security) and,
 * above the page, the way back to the shop and the account menu (which holds Logout).
 */
export function VendorLayout() {
  return (
    <BackOfficeLayout
      area="Seller centre"
      navLabel="Seller centre"
      items={SIDEBAR}
      topBar={
        <>
          <Link to={paths.home} className="mr-auto rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:underline">
            ← Back to the shop
          </Link>
          <AccountMenu />
        </>
      }
    />
  );
}
