import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '~/shared/schemas/catalogue-admin';
import AdminProductsPage from '~/web/app/routes/admin/products';
import { screenOf } from '~/web/test/screen-width';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const monitor: AdminProduct = {
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

/** Every seller, for the Seller filter (asked by the page besides the products). */
const SELLERS = { sellers: [{ id: 'ven_2', name: 'Kharghar Computer Mart' }, monitor.vendor] };

function renderAt(url: string) {
  const answer = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) =>
      input === '/api/admin/order-sellers' ? Promise.resolve(json(SELLERS)) : answer(input, init),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/products', element: <AdminProductsPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Manage products', () => {
  it("lists every seller's products from the filter in the address and exports the same filter", async () => {
    const fetch = vi.fn(async () => json({ items: [monitor], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/products?category=Monitor&stock=in');
    const table = await screen.findByRole('table', { name: /Products of every seller \(1\)/ });
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/products?page=1&pageSize=20&category=Monitor&stock=in&sort=-updatedAt',
      expect.anything(),
    );
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Pune Tech Hub');
    expect(row).toHaveTextContent('₹8,499.00');
    expect(row).toHaveTextContent('On sale');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/products/export?category=Monitor&stock=in&sort=-updatedAt',
    );
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Hidden by the shop');
    expect(router.state.location.search).toContain('status=hidden');
  });

  it('shows each product as a card on a phone: its name, its figures labelled, Hide under it', async () => {
    screenOf(390);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [monitor], total: 1, page: 1, pageSize: 20 })),
    );
    renderAt('/admin/products');
    const cards = await screen.findByRole('region', { name: /Products of every seller \(1\)/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('link', { name: monitor.name })).toBeInTheDocument();
    const figures = within(card)
      .getAllByRole('term')
      .map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(figures).toEqual(
      expect.arrayContaining([
        ['Seller', 'Pune Tech Hub'],
        ['Price', '₹8,499.00'],
        ['Stock', '6'],
        ['Status', 'On sale'],
      ]),
    );
    expect(within(card).getByRole('button', { name: `Hide ${monitor.name}` })).toBeInTheDocument();
  });

  it("names the seller of a link to one seller's products in the Seller filter, which lists every seller again", async () => {
    const fetch = vi.fn(async () => json({ items: [monitor], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/products?vendorId=ven_1');
    await screen.findByRole('table', { name: 'Products of Pune Tech Hub (1)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/products?page=1&pageSize=20&vendorId=ven_1&sort=-updatedAt', expect.anything());
    const seller = screen.getByRole('combobox', { name: 'Seller' });
    expect(await within(seller).findByRole('option', { name: 'Pune Tech Hub', selected: true })).toBeInTheDocument();
    await userEvent.setup().selectOptions(seller, 'All sellers');
    expect(router.state.location.search).not.toContain('vendorId');
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/products?page=1&pageSize=20&sort=-updatedAt', expect.anything());
    expect(await screen.findByRole('table', { name: 'Products of every seller (1)' })).toBeInTheDocument();
  });

  it('hides a product with the reason the seller reads, refusing in the dialog a reason shorter than the server takes (the hint’s 10 characters), and shows the server’s objection', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { reason: string };
          calls.push({ url, body });
          if (calls.length === 1) {
            return json(
              { error: { code: 'VALIDATION', message: 'Check the fields', fields: { reason: 'Say what the seller should correct' } } },
              400,
            );
          }
          return json({ updated: 1, ids: ['prd_1'] });
        }
        return json({ items: [monitor], total: 1, page: 1, pageSize: 20 });
      }),
    );
    renderAt('/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Hide ${monitor.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Hide ${monitor.name}?` });
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Blurry');
    expect(within(dialog).getByLabelText('Reason', { exact: false })).toHaveAccessibleDescription(/at least 10 characters/);
    // Six, then nine characters: more than the 5 the dialog once took, fewer than the server's 10.
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));
    expect(await within(dialog).findByText('Give the reason the vendor will read (at least 10 characters)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), ' px');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));
    expect(within(dialog).getByText('Give the reason the vendor will read (at least 10 characters)')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Reason', { exact: false }));
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Blurry');
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), ' pictures');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));
    expect(await within(dialog).findByText('Say what the seller should correct')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), ' of another model');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));
    expect(calls.at(-1)).toEqual({ url: '/api/admin/products/hide', body: { ids: ['prd_1'], reason: 'Blurry pictures of another model' } });
  });

  it("shows a suspended seller's product as the shopper does: Seller suspended, no link to the shop, no Feature; the Status filter finds them", async () => {
    const offSale: AdminProduct = {
      ...monitor,
      id: 'prd_2',
      name: 'Dell P2425H 24-inch Monitor',
      sellerStatus: 'suspended',
      inShop: false,
    };
    const fetch = vi.fn(async () => json({ items: [monitor, offSale], total: 2, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/products');
    const table = await screen.findByRole('table', { name: /Products of every seller \(2\)/ });
    const [, onSale, suspended] = within(table).getAllByRole('row');
    expect(onSale).toHaveTextContent('On sale');
    expect(within(onSale!).getByRole('link', { name: `View in the shop: ${monitor.name}` })).toHaveAttribute('href', '/product/prd_1');
    expect(within(onSale!).getByRole('button', { name: `Feature ${monitor.name}` })).toBeInTheDocument();

    expect(suspended).toHaveTextContent('Seller suspended');
    expect(suspended).not.toHaveTextContent('On sale');
    expect(suspended).toHaveTextContent('out of the shop until the seller is approved again');
    expect(within(suspended!).queryByRole('link', { name: /View in the shop/ })).not.toBeInTheDocument();
    expect(within(suspended!).queryByRole('button', { name: /Feature/ })).not.toBeInTheDocument();
    expect(within(suspended!).getByRole('button', { name: `Hide ${offSale.name}` })).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Seller suspended');
    expect(router.state.location.search).toContain('status=seller_suspended');
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(
        '/api/admin/products?page=1&pageSize=20&status=seller_suspended&sort=-updatedAt',
        expect.anything(),
      ),
    );
  });

  it('says when the products could not be loaded, with Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'UNAVAILABLE', message: 'Busy' } }, 503)),
    );
    renderAt('/admin/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('The products could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
