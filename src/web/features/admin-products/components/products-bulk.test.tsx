import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '~/shared/schemas/catalogue-admin';
import AdminProductsPage from '~/web/app/routes/admin/products';
import { Toaster } from '~/web/components/ui/toaster';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base: AdminProduct = {
  id: 'prd_1',
  slug: 'lg-24mr400',
  name: 'LG 24MR400 24-inch Monitor',
  brand: 'LG',
  model: '24MR400',
  sku: 'LG-24MR400',
  category: 'Monitor',
  status: 'active',
  vendor: { id: 'ven_1', name: 'Pune Tech Hub' },
  sellerStatus: 'approved',
  inShop: true,
  pricePaise: 8_499_00,
  mrpPaise: 11_000_00,
  stock: 6,
  soldCount: 12,
  hiddenReason: null,
  hiddenAt: null,
  featuredAt: null,
  image: null,
  createdAt: '2026-11-20T06:30:00.000Z',
  updatedAt: '2026-11-20T06:30:00.000Z',
};
const monitor = base;
const laptop: AdminProduct = { ...base, id: 'prd_2', slug: 'hp-15', name: 'HP 15s Ryzen 5 Laptop', brand: 'HP', category: 'Laptop' };
const desktop: AdminProduct = {
  ...base,
  id: 'prd_3',
  slug: 'dell-optiplex',
  name: 'Dell OptiPlex 3000 Desktop',
  brand: 'Dell',
  category: 'Desktop',
  status: 'hidden',
  hiddenReason: 'Wrong processor in the name',
  vendor: { id: 'ven_2', name: 'Navi Mumbai Computers' },
};
const page = { items: [monitor, laptop, desktop], total: 3, page: 1, pageSize: 20 };

type Call = [string, RequestInit | undefined];

function renderAt(url: string, answer: (url: string, init?: RequestInit) => Response) {
  // The Seller filter's list of every seller.
  const sellers = { sellers: [monitor.vendor, desktop.vendor] };
  const fetch = vi.fn(async (u: string, init?: RequestInit) =>
    u === '/api/admin/order-sellers' ? new Response(JSON.stringify(sellers), { status: 200 }) : answer(u, init),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/products', element: <AdminProductsPage /> },
      { path: '/admin/products/:productId', element: <p>Product form</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const posts = () => (fetch.mock.calls as Call[]).filter(([, init]) => init?.method === 'POST');
  const gets = () => (fetch.mock.calls as Call[]).filter(([, init]) => (init?.method ?? 'GET') === 'GET');
  return { router, posts, gets };
}

describe('bulk actions on Manage products', () => {
  it('hides the chosen products with one reason, says how many changed, refreshes the list and clears the choice', async () => {
    const { posts, gets } = renderAt('/admin/products', (_url, init) =>
      init?.method === 'POST' ? json({ updated: 2, ids: ['prd_1', 'prd_2'] }) : json(page),
    );
    const user = userEvent.setup();
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all 3 on this page' });
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();

    await user.click(selectAll);
    expect(bar).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('checkbox', { name: `Select ${desktop.name}` }));
    expect(bar).toHaveTextContent('2 selected');
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toHaveProperty('indeterminate', true);

    const listCalls = gets().length;
    await user.click(within(bar).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide 2 products?' });
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Pictures of another model: add your own');
    await user.click(within(dialog).getByRole('button', { name: 'Hide 2 products' }));

    expect(await screen.findByText('2 products hidden from the shop.')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]![0]).toBe('/api/admin/products/hide');
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      ids: ['prd_1', 'prd_2'],
      reason: 'Pictures of another model: add your own',
    });
    await waitFor(() => expect(gets().length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Bulk actions' })).not.toHaveTextContent('selected'));
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('says which products were already so, and keeps the choice when the server refuses the whole step', async () => {
    let refuse = false;
    const { posts } = renderAt('/admin/products', (url, init) => {
      if (init?.method !== 'POST') return json(page);
      if (refuse) {
        return json(
          { error: { code: 'NOT_FOUND', message: 'No product has the id prd_2: nothing was changed.', fields: { ids: 'Unknown: prd_2' } } },
          404,
        );
      }
      return json(url.endsWith('/restore') ? { updated: 1, ids: ['prd_3'] } : { updated: 0, ids: [] });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: `Select ${laptop.name}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${desktop.name}` }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('1 product restored. 1 was not hidden.')).toBeInTheDocument();
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ ids: ['prd_2', 'prd_3'] });

    refuse = true;
    await user.click(screen.getByRole('checkbox', { name: `Select ${laptop.name}` }));
    await user.click(within(bar).getByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('No product has the id prd_2: nothing was changed.')).toBeInTheDocument();
    expect(posts().at(-1)![0]).toBe('/api/admin/products/feature');
    expect(bar).toHaveTextContent('1 selected');
    expect(screen.getByRole('checkbox', { name: `Select ${laptop.name}` })).toBeChecked();
  });

  it('lets a new page of the list start with nothing chosen, and opens each product’s form from its name', async () => {
    const { router } = renderAt('/admin/products', () => json({ ...page, total: 45 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: `Select ${monitor.name}` }));
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Bulk actions' })).not.toHaveTextContent('selected'));

    await user.click(screen.getByRole('link', { name: monitor.name }));
    expect(router.state.location.pathname).toBe('/admin/products/prd_1');
  });
});
