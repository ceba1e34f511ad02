import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueMatchResponse, VendorOffer } from '~/shared/schemas/vendor-offers';
import VendorNewProductPage from '~/web/app/routes/vendor/product-new';
import VendorSellExistingPage from '~/web/app/routes/vendor/sell-existing';
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

const monitor: CatalogueMatchResponse['items'][number] = {
  productId: 'prd_p2425h',
  name: 'Dell Pro 24 P2425H 24-inch Full HD IPS 100 Hz Monitor',
  brand: 'Dell',
  model: 'P2425H',
  category: 'Monitor',
  image: null,
  variants: [
    {
      variantId: 'prd_p2425h',
      options: { size: '24 inch' },
      configuration: [{ option: 'Screen size', value: '24 inch' }],
      ean: '5397184802421',
      mrpPaise: 11_000_00,
      fromPricePaise: 8_499_00,
      offerCount: 2,
      sellerCount: 2,
      offeredByYou: false,
    },
    {
      variantId: 'pvr_p2725h',
      options: { size: '27 inch' },
      configuration: [{ option: 'Screen size', value: '27 inch' }],
      ean: null,
      mrpPaise: 1_45_000_00,
      fromPricePaise: null,
      offerCount: 1,
      sellerCount: 0,
      offeredByYou: true,
    },
  ],
};

const savedOffer: VendorOffer = {
  id: 'off_1',
  productId: monitor.productId,
  variantId: 'prd_p2425h',
  productName: monitor.name,
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
  condition: 'new',
  grade: null,
  status: 'active',
  sellerSku: null,
  soldCount: 0,
  createdAt: '2026-12-04T06:30:00.000Z',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  knowVendorAccount(client);
  const router = createMemoryRouter(
    [
      { path: '/vendor/products/offers/new', element: <VendorSellExistingPage /> },
      { path: '/vendor/products/new', element: <VendorNewProductPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('selling a product already in the catalogue', () => {
  it('says a text too short under the box without asking, then shows each match with its configurations while loading first', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn((_url: string) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/vendor/products/offers/new');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Brand, model number or EAN' });
    await user.type(box, 'P{Enter}');
    expect(screen.getByText('Type at least 2 characters of a brand, model or EAN')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(box, '2425H{Enter}');
    expect(router.state.location.search).toBe('?q=P2425H');
    expect(await screen.findByRole('status', { name: 'Searching the catalogue' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe('/api/vendor/catalogue-match?q=P2425H');
    answer(json({ items: [monitor] }));

    const card = await screen.findByRole('article', { name: monitor.name });
    expect(screen.getByRole('heading', { name: '1 product matches “P2425H”' })).toBeVisible();
    expect(card).toHaveTextContent('Model P2425H · Monitor');
    expect(card).toHaveTextContent('Its 2 configurations');
    const rows = within(card).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Screen size 24 inch');
    expect(rows[0]).toHaveTextContent('MRP ₹11,000.00 · from ₹8,499.00 by 2 sellers · EAN 5397184802421');
    expect(rows[1]).toHaveTextContent('Screen size 27 inchYou offer it');
    expect(rows[1]).toHaveTextContent('MRP ₹1,45,000.00 · no seller has it in stock now');
    expect(within(rows[0]!).getByRole('button', { name: `Sell this: ${monitor.name}, Screen size 24 inch` })).toBeVisible();
    expect(within(rows[1]!).getByRole('button', { name: `Add another offer: ${monitor.name}, Screen size 27 inch` })).toBeVisible();
  });

  it('says when no product matches, with the way to list a new one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [] })),
    );
    renderAt('/vendor/products/offers/new?q=Zebronics%20ZEB-A24');
    expect(await screen.findByRole('heading', { name: 'No product in the catalogue matches “Zebronics ZEB-A24”' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'List a new product' })).toHaveAttribute('href', '/vendor/products/new');
    // The box shows what was searched for (from the address, so Back returns to it).
    expect(screen.getByRole('searchbox', { name: 'Brand, model number or EAN' })).toHaveValue('Zebronics ZEB-A24');
  });

  it('says when the catalogue could not be searched, and Retry asks again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500))
      .mockResolvedValue(json({ items: [monitor] }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products/offers/new?q=P2425H');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The catalogue could not be searched');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: monitor.name })).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('checks the offer as the server does before sending it: a price above the MRP, a refurbished unit without a grade, no warranty', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json({ items: [monitor] }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/vendor/products/offers/new?q=P2425H');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Sell this: ${monitor.name}, Screen size 24 inch` }));
    expect(router.state.location.search).toBe('?q=P2425H&variant=prd_p2425h');

    const form = screen.getByRole('form', { name: 'Your offer' });
    expect(form).toHaveTextContent('Screen size 24 inch');
    expect(form).toHaveTextContent('From ₹8,499.00, by 2 sellers');
    const price = within(form).getByRole('textbox', { name: 'Your price (₹)' });
    expect(price).toHaveAccessibleDescription('GST included, up to the MRP of ₹11,000.00');
    await user.type(price, '11500');
    await user.click(within(form).getByRole('radio', { name: /Refurbished/ }));
    await user.click(within(form).getByRole('button', { name: 'Put my offer on sale' }));

    expect(await within(form).findByText('At most the MRP, ₹11,000.00')).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('A refurbished unit has a grade: A, B or C')).toBeVisible();
    expect(within(form).getByText('Enter the stock')).toBeVisible();
    expect(within(form).getByText('Describe the warranty, e.g. 1 year onsite')).toBeVisible();
    expect((fetch.mock.calls as Call[]).some(([, init]) => init?.method === 'POST')).toBe(false);

    // Typed again, the price is shown back the Indian way with the discount shoppers will see.
    await user.clear(price);
    await user.type(price, '8,299');
    expect(price).toHaveAccessibleDescription('Shoppers see ₹8,299.00, 24% off the MRP of ₹11,000.00');
    await user.type(within(form).getByRole('textbox', { name: 'Stock' }), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Put my offer on sale' }));
    expect(await within(form).findByText('Stock must be a whole number')).toBeVisible();
    expect((fetch.mock.calls as Call[]).some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusals on their fields, and once on sale says so and opens the seller’s offers', async () => {
    let refuse = true;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return json({ items: [monitor] });
      if (refuse) {
        refuse = false;
        return json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Another of your offers or products has this SKU.',
              fields: { sellerSku: 'Used already', pricePaise: 'At most the MRP, ₹11,000.00' },
            },
          },
          409,
        );
      }
      return json({ offer: savedOffer }, 201);
    });
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/vendor/products/offers/new?q=P2425H&variant=prd_p2425h');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Your offer' });
    await user.type(within(form).getByRole('textbox', { name: 'Your price (₹)' }), '8299');
    await user.type(within(form).getByRole('textbox', { name: 'Stock' }), '5');
    await user.clear(within(form).getByRole('textbox', { name: 'Days to dispatch' }));
    await user.type(within(form).getByRole('textbox', { name: 'Days to dispatch' }), '2');
    await user.type(within(form).getByRole('textbox', { name: 'Warranty' }), '3 years onsite (Dell)');
    await user.clear(within(form).getByRole('textbox', { name: 'Warranty (months)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Warranty (months)' }), '36');
    await user.type(within(form).getByRole('textbox', { name: /Your SKU/ }), 'KCM-P2425H');
    await user.click(within(form).getByRole('button', { name: 'Put my offer on sale' }));

    expect(await within(form).findByText('Used already')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: /Your SKU/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: 'Your price (₹)' })).toHaveAttribute('aria-invalid', 'true');
    const post = (fetch.mock.calls as Call[]).find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/vendor/offers');
    expect(bodyOf(post)).toEqual({
      variantId: 'prd_p2425h',
      pricePaise: 8_299_00,
      stock: 5,
      dispatchDays: 2,
      warranty: '3 years onsite (Dell)',
      warrantyMonths: 36,
      condition: 'new',
      sellerSku: 'KCM-P2425H',
    });

    await user.clear(within(form).getByRole('textbox', { name: /Your SKU/ }));
    await user.click(within(form).getByRole('button', { name: 'Put my offer on sale' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/vendor/products/offers');
    expect(router.state.location.pathname).toBe('/vendor/products/offers');
    expect(toast.success).toHaveBeenCalledWith(`Your offer of ${monitor.name} is on sale at ₹8,299.00`);
    const second = (fetch.mock.calls as Call[]).filter(([, init]) => init?.method === 'POST')[1];
    expect(bodyOf(second)).not.toHaveProperty('sellerSku');
  });

  it('tells a seller adding a new product to search the catalogue first, and takes it there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [monitor] })),
    );
    renderAt('/vendor/products/new');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Is it in our catalogue already?' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'Dell P2425H{Enter}');
    expect(await screen.findByRole('article', { name: monitor.name })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Sell an existing product' })).toBeVisible();
  });
});
