import { Suspense, type ComponentType } from 'react';
import { lazyWithPreload } from '~/web/lib/lazy-with-preload';
import { Outlet } from 'react-router';
import { IconSprite } from '../ui/icon-sprite';
import { Header } from './header';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';

// The footer is below the fold on every page: it loads alongside the page rather than before it.
// Should its file fail to load, the page goes on without it rather than failing.
export const Footer = lazyWithPreload((): Promise<{ default: ComponentType }> =>
  import('./footer').then(
    (m) => ({ default: m.Footer }),
    () => ({ default: () => null }),
  ),
);

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <IconSprite />
    </div>
  );
}
