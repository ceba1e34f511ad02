import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorOffer } from '~/shared/schemas/vendor-offers';
import VendorOffersPage from '~/web/app/routes/vendor/offers';
import { toast } from '~/web/lib/toast';
import { knowVendorAccount } from '~/web/test/vendor-account';

vi.mock('~/web/lib/toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = [string, RequestInit | undefined];
const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;

const offer: VendorOffer = {
  id: 'off_1',
  productId: 'prd_p2425h',
  variantId: 'prd_p2425h',
  productName: 'Dell Pro 24 P2425H',
  brand: 'Dell',
  image: null,
  options: { size: '24 inch' },
  configuration: [{ option: 'Screen size', value: '24 inch' }],
  pricePaise: 8_299_00,
  mrpPaise: 11_000_00,
  stock: 5,
  dispatchDays: 2,
  warranty: '3 years onsite (Dell)',
  warrantyMonths: 36,
  condition: 'refurbished',
  grade: 'A',
  status: 'active',
  sellerSku: 'KCM-P2425H',
  soldCount: 3,
  createdAt: '2026-12-04T06:30:00.000Z',
};

const NAME = 'Change your offer of Dell Pro 24 P2425H (Screen size 24 inch), Refurbished, grade A';

function renderPage(vendor: Parameters<typeof knowVendorAccount>[1] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  knowVendorAccount(client, vendor);
  const router = createMemoryRouter(
    [
      { path: '/vendor/products/offers', element: <VendorOffersPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/vendor/products/offers'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the seller’s offers on other sellers’ products', () => {
  it('lists each offer with its configuration, condition, price, stock, dispatch and status, as a tab of Products', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [offer] })),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: /Your offers on other sellers’ products \(1 in all\)/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Dell Pro 24 P2425H');
    expect(row).toHaveTextContent('Dell · Screen size 24 inch');
    expect(row).toHaveTextContent('Refurbished, grade A · SKU KCM-P2425H');
    expect(row).toHaveTextContent('On sale');
    expect(row).toHaveTextContent('₹8,299.00MRP ₹11,000.00');
    expect(row).toHaveTextContent('2 days');
    expect(within(row).getByRole('link', { name: 'View in the shop' })).toHaveAttribute('href', '/product/prd_p2425h?variant=prd_p2425h');
    const tabs = screen.getByRole('navigation', { name: 'Your products and offers' });
    expect(within(tabs).getByRole('link', { name: 'Your offers on other sellers’ products' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Your products' })).not.toHaveAttribute('aria-current');
  });

  it('sends a changed stock with the stock the seller saw, and shows the refusal under Stock when orders took some meanwhile', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const message = 'Stock is now 3, not 5: orders came in while you were editing. Check the stock and save again.';
        return json({ error: { code: 'CONFLICT', message, fields: { stock: message } } }, 409);
      }
      return json({ items: [offer] });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: NAME }));
    const dialog = screen.getByRole('dialog', { name: 'Change your offer' });
    const stock = within(dialog).getByRole('textbox', { name: 'Stock' });
    expect(stock).toHaveValue('5');
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/Stock is now 3, not 5/)).toBeVisible();
    expect(stock).toHaveAttribute('aria-invalid', 'true');
    const patch = (fetch.mock.calls as Call[]).find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/vendor/offers/off_1');
    expect(bodyOf(patch)).toEqual({ stock: 12, stockWas: 5 });
  });

  it('refuses a price above the MRP before sending, pauses the offer with only its status sent, and shows it paused', async () => {
    let current = offer;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') current = { ...offer, status: 'paused' };
      return init?.method === 'PATCH' ? json({ offer: current }) : json({ items: [current] });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: NAME }));
    const dialog = screen.getByRole('dialog', { name: 'Change your offer' });
    const price = within(dialog).getByRole('textbox', { name: 'Your price (₹)' });
    await user.clear(price);
    await user.type(price, '12,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('At most the MRP, ₹11,000.00', { selector: '[id$="-error"]' })).toBeVisible();
    expect((fetch.mock.calls as Call[]).some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.clear(price);
    await user.type(price, '8299');
    await user.click(within(dialog).getByRole('radio', { name: /Paused/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(screen.getByRole('table', { name: /Your offers/ })).findByText('Paused')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus is back on the button that opened the dialog.
    expect(screen.getByRole('button', { name: NAME })).toHaveFocus();
    const patch = (fetch.mock.calls as Call[]).find(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patch)).toEqual({ status: 'paused' });
    expect(toast.success).toHaveBeenCalledWith('Dell Pro 24 P2425H: paused at ₹8,299.00, 5 in stock');
  });

  it('says what offers are when the seller has none, with the way to add one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [] })),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No offers yet' })).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Sell an existing product' });
    expect(links.every((l) => l.getAttribute('href') === '/vendor/products/offers/new')).toBe(true);
  });

  it('only shows the offers of a suspended seller, out of the shop and without Change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [offer] })),
    );
    renderPage({ status: 'suspended', statusReason: 'GST registration lapsed' });
    const table = await screen.findByRole('table', { name: /Your offers/ });
    expect(table).toHaveTextContent('Out of the shop');
    expect(screen.queryByRole('button', { name: NAME })).not.toBeInTheDocument();
    expect(screen.getByText('Your vendor account is suspended')).toBeVisible();
  });
});
