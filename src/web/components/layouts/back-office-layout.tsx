import type { LucideIcon } from 'lucide-react';
import { LogOut } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '~/shared/paths';
import { formatCount } from '~/web/lib/format';
import { useUser } from '~/web/lib/session/session';
import { useCurrentInView } from '~/web/lib/use-current-in-view';
import { useScrollEdges } from '~/web/lib/use-scroll-edges';
import { useLogout } from '~/web/lib/session/use-logout';
import { cn } from '../ui/cn';
import { Logo } from '../ui/logo';
import { ScrollEdgeSigns } from '../ui/scroll-edge-signs';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';

/**
 * An entry of the sidebar: a page (with a count that asks for attention, such as failed jobs), or one
 * that is not open yet (shown, marked, not a link).
 */
export type BackOfficeNavItem =
  | { label: string; to: string; icon: LucideIcon; alert?: { count: number; label: string } }
  | { label: string; icon: LucideIcon; soon: string };

interface BackOfficeLayoutProps {
  /** Under the shop's name in the sidebar: "Admin panel", "Seller centre". */
  area: string;
  /** The name of the navigation landmark. */
  navLabel: string;
  items: readonly BackOfficeNavItem[];
  /** A Logout entry at the foot of the sidebar, and where it goes. */
  logout?: { to: string; message: string };
  /** Above the page, beside the content (the account menu, a link back to the shop). */
  topBar?: ReactNode;
}

const itemClasses = (active: boolean) =>
  cn(
    'flex shrink-0 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
    active ? 'bg-brand-700 text-white' : 'text-brand-100 hover:bg-brand-800 hover:text-white',
  );

/**
 * The shell of the admin panel and the seller centre: a sidebar of pages from 1024 px up (below, on a
 * phone or a tablet, a row that scrolls sideways, so tables keep the width), the signed-in account, a
 * "Skip to content" link for keyboards, and the page in `main`, loaded lazily.
 */
export function BackOfficeLayout({ area, navLabel, items, logout, topBar }: BackOfficeLayoutProps) {
  const user = useUser();
  const signOut = useLogout({ to: logout?.to ?? paths.home, message: logout?.message });
  const leave = () => signOut.mutate();
  // On a phone the sidebar is a row that scrolls sideways: the open page's entry is kept in view, and a
  // fade with an arrow at an edge says more entries are beyond it.
  const nav = useCurrentInView<HTMLElement>(useLocation().pathname);
  const edges = useScrollEdges(nav);

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-sm font-medium text-slate-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      {/* On a wide screen the sidebar is the window's height: its links scroll inside it when they do not fit, never past its dark background. */}
      <aside className="bg-brand-900 lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col">
        <div className="flex items-center gap-2 px-4 py-4">
          <Logo />
          <div>
            <p className="text-sm font-bold text-white">Sahyadri Computers</p>
            <p className="text-xs text-brand-200">{area}</p>
          </div>
        </div>
        <div className="relative lg:contents">
          <nav
            ref={nav}
            aria-label={navLabel}
            className="relative flex gap-1 overflow-x-auto px-3 pb-3 lg:min-h-0 lg:flex-1 lg:flex-col lg:overflow-x-hidden lg:overflow-y-auto"
          >
            {items.map((item) =>
              'to' in item ? (
                <NavLink key={item.label} to={item.to} className={({ isActive }) => itemClasses(isActive)}>
                  <item.icon aria-hidden="true" className="size-4" />
                  {item.label}
                  {/* A space for screen readers ("Background jobs 2 failed"); the flex row shows none. */}
                  {item.alert && item.alert.count > 0 && ' '}
                  {item.alert && item.alert.count > 0 && (
                    <span className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                      <span aria-hidden="true">{formatCount(item.alert.count)}</span>
                      <span className="sr-only">{`${formatCount(item.alert.count)} ${item.alert.label}`}</span>
                    </span>
                  )}
                </NavLink>
              ) : (
                <span
                  key={item.label}
                  aria-disabled="true"
                  title={item.soon}
                  className={cn(itemClasses(false), 'cursor-not-allowed opacity-70 hover:bg-transparent')}
                >
                  <item.icon aria-hidden="true" className="size-4" />
                  {item.label}
                  <span className="rounded-full bg-brand-800 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-brand-100 uppercase">
                    Soon
                  </span>
                </span>
              ),
            )}
            {logout && (
              <button type="button" onClick={leave} disabled={signOut.isPending} className={cn(itemClasses(false), 'lg:mt-auto')}>
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </button>
            )}
          </nav>
          <div className="lg:hidden">
            <ScrollEdgeSigns edges={edges} tone="dark" />
          </div>
        </div>
        {user && (
          <p className="hidden truncate border-t border-brand-800 px-4 py-3 text-xs text-brand-200 lg:block">Signed in as {user.email}</p>
        )}
      </aside>
      <div className="min-w-0 flex-1">
        {topBar && <div className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 py-2 md:px-8">{topBar}</div>}
        <main id="main" tabIndex={-1} className="px-4 py-6 focus:outline-none md:px-8 md:py-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
