import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { StrictMode, Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '~/shared/schemas/auth';
import { Footer, PublicLayout } from '~/web/components/layouts/public-layout';
import { CompareToggle } from '~/web/features/catalogue/components/compare/compare-toggle';
import { WishlistButton } from '~/web/features/catalogue/components/wishlist/wishlist-button';
import { useCart } from '~/web/lib/cart/cart-provider';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { AppProvider } from './provider';

const laptop = { id: 'prd_e14', name: 'ThinkPad E14 Gen 6', category: 'Laptop' as const };

const seller: Profile = {
  uid: 'usr_sanjay',
  email: 'sanjay@khargharcomputers.in',
  name: 'Sanjay Mhatre',
  role: 'vendor',
  createdAt: '2026-01-05T10:00:00.000Z',
  addresses: [],
  vendor: { id: 'ven_kharghar', businessName: 'Kharghar Computer Mart', status: 'approved' },
  twoFactorEnabled: false,
};

/** A product page's content as the real one reads the browser's state: the cart, the session (the heart), compare. */
function ProductContent() {
  const { items } = useCart();
  const inCart = items.find((item) => item.product.id === laptop.id)?.quantity ?? 0;
  return (
    <article>
      <h1>{laptop.name}</h1>
      <p>{inCart} in your cart</p>
      {/* A boundary inside the page's boundary: React hydrates it in a pass of its own, later still. */}
      <Suspense fallback={null}>
        <WishlistButton product={laptop} size="large" />
      </Suspense>
      <CompareToggle product={laptop} />
    </article>
  );
}

/** The app as boot.tsx and entry-server.tsx put it together, with the public layout (its two Suspense boundaries). */
function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient} serverRendered>
        <MemoryRouter initialEntries={[`/product/${laptop.id}`]}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path="product/:id" element={<ProductContent />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProvider>
    </StrictMode>
  );
}

describe('a page the server rendered', () => {
  let root: Root | undefined;
  beforeEach(async () => {
    window.localStorage.clear();
    delete document.documentElement.dataset.ready;
    // The layout scrolls to the top on each page (jsdom has no scrolling).
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await Footer.preload();
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  // The whole layout rendered twice (server and browser, in StrictMode): seconds on a busy machine.
  it("is hydrated without an error, then shows the seller's cart, name and compare list", { timeout: 20_000 }, async () => {
    // The server's HTML: no session, no storage — the same for everyone.
    const html = renderToString(<App queryClient={new QueryClient()} />);
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).toContain('<!--$-->');

    // The browser knows more from the first render on: two lines in the stored cart, a product to compare,
    // and the session (as if its answer came while React was still hydrating the page's boundaries).
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { product: { id: laptop.id, price: 6_499_000 }, quantity: 2 },
        { product: { id: 'prd_monitor', price: 1_249_900 }, quantity: 1 },
      ]),
    );
    window.localStorage.setItem('compare', JSON.stringify({ category: 'Laptop', ids: [laptop.id] }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: seller });

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const hydrationErrors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <App queryClient={queryClient} />, { onRecoverableError: (error) => hydrationErrors.push(error) });
    });
    expect(hydrationErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // Hydrated, the page shows what only this browser knows.
    expect(document.documentElement.dataset.ready).toBe('true');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Sanjay Mhatre' })).toBeInTheDocument();
    expect(screen.getByText('2 in your cart')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: `Compare ${laptop.name}` })).toBeChecked();
    // Sellers keep no wishlist: the server's heart is gone.
    expect(screen.queryByRole('button', { name: /wishlist/i })).toBeNull();
  });
});
