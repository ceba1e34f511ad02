import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProductDetail } from '~/shared/schemas/catalogue-admin';
import type { ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import AdminProductPage from '~/web/app/routes/admin/product';
import { Toaster } from '~/web/components/ui/toaster';
import { ownMonitor } from '~/web/test/own-product';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const detail: AdminProductDetail = {
  vendor: { id: 'ven_1', name: 'Pune Tech Hub' },
  sellerStatus: 'approved',
  inShop: false,
  featuredAt: null,
  product: ownMonitor({
    slug: 'lg-24mr400',
    status: 'hidden',
    hiddenReason: 'The pictures show a 27-inch model',
    hiddenAt: '2026-11-21T06:30:00.000Z',
    statusBeforeHidden: 'active',
    brand: 'LG',
    name: 'LG 24MR400 24-inch Monitor',
    sku: 'LG-24MR400',
    model: '24MR400',
    description: 'A 24-inch Full HD IPS monitor at 100 Hz for the office, with a thin bezel and a tilt stand.',
    pricePaise: 8_499_00,
    mrpPaise: 11_000_00,
    stock: 6,
    warranty: '3 years',
    weightGrams: 3500,
    lengthMm: 600,
    widthMm: 120,
    heightMm: 400,
    screenSizeIn: 24,
    refreshRateHz: 100,
    ports: ['HDMI', 'VGA'],
    updatedAt: '2026-11-21T06:30:00.000Z',
  }),
};

type Call = [string, RequestInit | undefined];

const configurations: ConfigurationsResponse = {
  productId: detail.product.id,
  productName: detail.product.name,
  category: 'Monitor',
  allowedOptionKeys: ['size', 'colour'],
  optionKeys: [],
  configurations: [],
};

function renderAt(url: string, answer: (url: string, init?: RequestInit) => Response) {
  // The configurations grid under the form asks for its own answer: a monitor of one configuration.
  const fetch = vi.fn(async (u: string, init?: RequestInit) => (u.endsWith('/configurations') ? json(configurations) : answer(u, init)));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/products/:productId', element: <AdminProductPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return () => fetch.mock.calls as Call[];
}

describe("the admin's form of a seller's product", () => {
  it('shows whose product it is and why it is hidden, and saves a corrected price through the admin API', async () => {
    let saved = false;
    const calls = renderAt('/admin/products/prd_1', (_url, init) => {
      if (init?.method === 'PATCH') {
        saved = true;
        return json({ ...detail, product: { ...detail.product, pricePaise: 7_999_00 } });
      }
      return json(detail);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'LG 24MR400 24-inch Monitor' })).toBeInTheDocument();
    expect(screen.getByText('Sold by Pune Tech Hub · SKU LG-24MR400')).toBeInTheDocument();
    const facts = screen.getByText('Seller').closest('dl')!;
    expect(facts).toHaveTextContent('Pune Tech Hub');
    expect(facts).toHaveTextContent('Hidden by the shop');
    expect(screen.getByText('Reason: The pictures show a 27-inch model')).toBeInTheDocument();
    // The admin may choose the status it gets back when restored.
    expect(screen.getByRole('radio', { name: /On sale/ })).toBeChecked();

    const user = userEvent.setup();
    const price = screen.getByRole('textbox', { name: 'Price (₹)' });
    await user.clear(price);
    await user.type(price, '7,999');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('LG 24MR400 24-inch Monitor is saved. Pune Tech Hub sees the change in the seller centre.'),
    ).toBeInTheDocument();
    expect(saved).toBe(true);
    const patch = calls().find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/admin/products/prd_1');
    expect(JSON.parse(String(patch[1]!.body))).toMatchObject({ price: '7,999', stockWas: 6, status: 'active', brand: 'LG' });
  });

  it("says a suspended seller's product is out of the shop, with no link to it", async () => {
    renderAt('/admin/products/prd_1', () =>
      json({ ...detail, sellerStatus: 'suspended', inShop: false, product: { ...detail.product, status: 'active', hiddenReason: null } }),
    );
    await screen.findByRole('heading', { level: 1, name: 'LG 24MR400 24-inch Monitor' });
    const facts = screen.getByText('Seller').closest('dl')!;
    expect(facts).toHaveTextContent('Seller suspended');
    expect(facts).not.toHaveTextContent('On sale');
    expect(screen.getByText(/Pune Tech Hub is suspended, so none of its products are in the shop/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View in the shop' })).not.toBeInTheDocument();
  });

  it('links a product on sale to its page in the shop', async () => {
    renderAt('/admin/products/prd_1', () =>
      json({ ...detail, inShop: true, product: { ...detail.product, status: 'active', hiddenReason: null } }),
    );
    expect(await screen.findByRole('link', { name: 'View in the shop' })).toHaveAttribute('href', '/product/prd_1');
    expect(screen.getByText('Seller').closest('dl')).toHaveTextContent('On sale');
  });

  it('shows a GST slab removed in September 2025 as it was saved, and asks for a rate in force before saving', async () => {
    const calls = renderAt('/admin/products/prd_1', () => json({ ...detail, product: { ...detail.product, gstRateBp: 2800 } }));
    const rate = await screen.findByRole('combobox', { name: 'GST rate' });
    expect(rate).toHaveDisplayValue('28% (no longer a GST rate)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('28% is no longer a GST rate (since 22 Sept 2025): choose 0, 5, 18 or 40%')).toBeInTheDocument();
    expect(calls().some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.selectOptions(rate, '18%');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(calls().some(([, init]) => init?.method === 'PATCH')).toBe(true));
  });

  it("puts the server's field messages on the fields", async () => {
    renderAt('/admin/products/prd_1', (_url, init) =>
      init?.method === 'PATCH'
        ? json(
            {
              error: {
                code: 'CONFLICT',
                message: 'Stock changed',
                fields: { stock: 'Stock is now 4, not 6: orders came in while you were editing. Check the stock and save again.' },
              },
            },
            409,
          )
        : json(detail),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('textbox', { name: 'Stock' })).toHaveAccessibleDescription(
      'Stock is now 4, not 6: orders came in while you were editing. Check the stock and save again.',
    );
  });

  it('says so when no product has the address', async () => {
    renderAt('/admin/products/prd_gone', () => json({ error: { code: 'NOT_FOUND', message: 'This product does not exist.' } }, 404));
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/admin/products');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry when the product cannot be loaded', async () => {
    renderAt('/admin/products/prd_1', () => json({ error: { code: 'UNAVAILABLE', message: 'Busy' } }, 503));
    expect(await screen.findByRole('alert')).toHaveTextContent('This product could not be loaded');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
