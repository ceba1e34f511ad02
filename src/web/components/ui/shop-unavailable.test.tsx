import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, SHOP_UNAVAILABLE_MESSAGE } from '~/shared/unavailable';
import ProductPage from '~/web/app/routes/product';
import ProductsPage from '~/web/app/routes/products';
import { api, ApiError } from '~/web/lib/api-client';
import { CartProvider } from '~/web/lib/cart/cart-provider';
import { createQueryClient, SESSION_QUERY_KEY } from '~/web/lib/query-client';

/** What the shop answers while its database is away (decision 24). */
const unavailable = (retryAfterSeconds: number) =>
  new Response(JSON.stringify({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, retryAfterSeconds } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
  });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const emptyList = { items: [], total: 0, page: 1, pageSize: 24, pageCount: 0, correctedQuery: null };

/** A page as the app renders it, with the app's own query client (its retry rules included). */
function renderAt(path: string, routes: { path: string; element: React.ReactNode }[]) {
  const client = createQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, { user: null });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (fetch: ReturnType<typeof vi.fn>, prefix: string) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith(prefix)).length;

afterEach(() => vi.unstubAllGlobals());

/** Less than React Query's first retry delay (1 s), with room for a lazy page's first render on a busy machine. */
const AT_ONCE_MS = 950;

describe('pages while the shop is away (503)', () => {
  it('a listing shows the shop’s message with Retry at once, and loads by itself once the shop is back', async () => {
    let away = true;
    const fetch = vi.fn(async (url: string) => {
      if (away) return unavailable(1);
      return ok(
        String(url).includes('/facets')
          ? { total: 0, facets: {}, price: { min: null, max: null, buckets: [] }, inStockCount: 0 }
          : emptyList,
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/products', [{ path: '/products', element: <ProductsPage /> }]);

    // Before the first of the default retries would have gone out (after 1 s): shown at once, not after retrying behind a skeleton.
    const heading = await screen.findByRole('heading', { name: 'Products could not be loaded' }, { timeout: AT_ONCE_MS });
    const alert = heading.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(DATABASE_UNAVAILABLE_MESSAGE);
    expect(alert).toHaveTextContent('We will try again in 1 second.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Not asked again and again behind a skeleton: the shop said when to come back.
    expect(callsTo(fetch, '/api/catalogue/products?')).toBe(1);

    away = false;
    await screen.findByRole('heading', { name: 'Nothing is listed right now' }, { timeout: 3_000 });
    expect(screen.queryByText(DATABASE_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
  });

  it('a product page shows the message, and Retry asks again at once', async () => {
    const fetch = vi.fn(async () => unavailable(30));
    vi.stubGlobal('fetch', fetch);
    renderAt('/product/prd_1', [{ path: '/product/:id', element: <ProductPage /> }]);

    const alert = await screen.findByRole('alert', {}, { timeout: AT_ONCE_MS });
    expect(alert).toHaveTextContent('This product could not be loaded');
    expect(alert).toHaveTextContent(DATABASE_UNAVAILABLE_MESSAGE);
    expect(alert).toHaveTextContent('We will try again in 30 seconds.');
    expect(callsTo(fetch, '/api/catalogue/products/prd_1')).toBe(1);

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(callsTo(fetch, '/api/catalogue/products/prd_1')).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(DATABASE_UNAVAILABLE_MESSAGE);
  });
});

describe('api() on a 503', () => {
  it('keeps the shop’s message and Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unavailable(5)),
    );
    const error = await api('/api/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, retryAfterSeconds: 5 });
  });

  it('says the shop is not answering when a proxy in front of it answers 502/503/504 without our error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>503 Service Temporarily Unavailable</html>', { status: 503, headers: { 'retry-after': '7' } })),
    );
    const error = await api('/api/catalogue/home').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: SHOP_UNAVAILABLE_MESSAGE, retryAfterSeconds: 7 });
  });
});
