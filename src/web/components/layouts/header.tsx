import { ShoppingCart } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { paths } from '~/shared/paths';
import { useCart } from '~/web/lib/cart/cart-provider';
import { Wordmark } from '../ui/logo';
import { cn } from '../ui/cn';
import { AccountMenu } from './account-menu';
import { HeaderSearch } from './header-search';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './navigation';

function CartLink() {
  const { totalItems } = useCart();
  return (
    <Link
      to={paths.cart}
      className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
      aria-label={`Cart, ${totalItems} ${totalItems === 1 ? 'item' : 'items'}`}
    >
      <ShoppingCart aria-hidden="true" className="size-6" />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className={cn(
          'absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-bold',
          totalItems > 0 ? 'bg-accent-400 text-slate-900' : 'bg-slate-200 text-slate-700',
        )}
      >
        {totalItems > 99 ? '99+' : totalItems}
      </span>
    </Link>
  );
}

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-3 sm:gap-3 sm:px-4">
        <MobileMenu />
        <Link to={paths.home} className="min-w-0 shrink rounded-md sm:shrink-0" aria-label="Sahyadri Computers, home">
          <Wordmark />
        </Link>
        <HeaderSearch className="mx-2 hidden flex-1 sm:block" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium',
                  isActive ? 'text-brand-700 underline underline-offset-4' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:ml-0">
          <CartLink />
          <div className="hidden md:block">
            <AccountMenu />
          </div>
        </div>
      </div>
      <div className="px-4 pb-3 sm:hidden">
        <HeaderSearch />
      </div>
    </header>
  );
}
