import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorProduct, VendorProductsResponse } from '~/shared/schemas/catalogue';
import type { VendorOrdersResponse } from '~/shared/schemas/vendor-orders';
import VendorOrdersPage from '~/web/app/routes/vendor/orders';
import VendorProductsPage from '~/web/app/routes/vendor/products';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { knowVendorAccount, vendorAccount } from '~/web/test/vendor-account';
import { vendorOrder } from '~/web/test/vendor-order';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function product(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return {
    id: 'prd_1',
    slug: 'lenovo-thinkpad-e14',
    name: 'Lenovo ThinkPad E14 Gen 5',
    brand: 'Lenovo',
    sku: 'TP-E14-G5',
    category: 'Laptop',
    status: 'active',
    pricePaise: 64_990_00,
    mrpPaise: 79_990_00,
    stock: 3,
    soldCount: 1_250,
    ratingAvg: 4.36,
    ratingCount: 12,
    image: null,
    hiddenReason: null,
    rejectionReason: null,
    updatedAt: '2026-11-20T06:30:00.000Z',
    ...overrides,
  };
}

const order = vendorOrder;

function renderAt(url: string, element: React.ReactNode, vendor: Partial<VendorProfile> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  knowVendorAccount(client, vendor);
  const router = createMemoryRouter([{ path: '/vendor/*', element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Stubs the API for the orders page; the courier parcels panel above the list (decision 78) gets an empty list. */
function stubFetch(inner: (url: string, init?: RequestInit) => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/vendor/shipping/')) return json({ items: [] });
      // The ship dialog opens on the couriers' rates; these tests ship by hand.
      if (String(url).endsWith('/courier-rates')) return json({ error: { code: 'UNAVAILABLE', message: 'No courier service here.' } }, 503);
      return inner(url, init);
    }),
  );
}

describe('vendor products page', () => {
  it('lists the vendor’s products with the filters and sort of the address, and sorts from a header', async () => {
    const answer: VendorProductsResponse = {
      items: [product(), product({ id: 'prd_2', name: 'Dell P2422H', category: 'Monitor', status: 'draft', stock: 0, ratingCount: 0 })],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    const fetch = vi.fn(async () => json(answer));
    stubFetch(fetch);
    const router = renderAt('/vendor/products?status=active&sort=price', <VendorProductsPage />);

    const table = await screen.findByRole('table', { name: 'Your products (2 in all)' });
    expect(fetch).toHaveBeenCalledWith('/api/vendor/products?page=1&pageSize=20&status=active&sort=price', expect.anything());
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(within(table).getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending');
    const [first, second] = within(table).getAllByRole('rowheader');
    expect(within(first!).getByRole('link', { name: 'Lenovo ThinkPad E14 Gen 5' })).toHaveAttribute('href', '/vendor/products/prd_1');
    expect(within(first!).getByRole('link', { name: 'View in the shop' })).toHaveAttribute('href', '/product/prd_1');
    // A draft is not in the shop: only its form is linked.
    expect(
      within(second!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/vendor/products/prd_2']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('₹64,990.00');
    expect(rows[0]).toHaveTextContent('1,250');
    expect(rows[0]).toHaveTextContent('4.4 ★ (12)');
    // A screen reader hears the rating in words, not "black star".
    expect(within(rows[0]!).getByText('Rated 4.4 out of 5 by 12 customers')).toHaveClass('sr-only');
    expect(rows[0]).toHaveTextContent('Low');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('Out of stock');
    expect(rows[1]).toHaveTextContent('No reviews');

    await userEvent.setup().click(within(table).getByRole('button', { name: 'Stock' }));
    expect(router.state.location.search).toBe('?status=active&sort=stock');
    expect(fetch).toHaveBeenLastCalledWith('/api/vendor/products?page=1&pageSize=20&status=active&sort=stock', expect.anything());
  });

  it('offers to clear the filters when nothing matches, and says so when the vendor has no products', async () => {
    stubFetch(vi.fn(async () => json({ items: [], total: 0, page: 1, pageSize: 20 })));
    const router = renderAt('/vendor/products?category=Monitor', <VendorProductsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
  });
});

describe('vendor orders page', () => {
  it('shows the vendor’s lines, amount, ship-to and shipment of each order', async () => {
    const answer: VendorOrdersResponse = {
      items: [
        order(),
        order({
          id: 'ord_2',
          orderNumber: 'SC-100043',
          status: 'shipped',
          paymentMethod: 'upi',
          shipment: { carrier: 'Blue Dart', trackingNumber: 'BD123', status: 'shipped', returnCondition: null },
          // The customer used WELCOME10 (10% off): the seller's lines carry its share.
          amountPaise: 1_16_982_00,
          couponSharePaise: 12_998_00,
          couponCode: 'WELCOME10',
        }),
        order({
          id: 'ord_3',
          orderNumber: 'SC-100044',
          status: 'partly_delivered',
          paymentMethod: 'upi',
          shipment: { carrier: 'Delhivery', trackingNumber: 'DL5521', status: 'delivered', returnCondition: null },
        }),
      ],
      total: 3,
      page: 1,
      pageSize: 20,
    };
    stubFetch(vi.fn(async () => json(answer)));
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const table = await screen.findByRole('table', { name: 'Your orders (3 in all)' });
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('SC-100042');
    // The order's number opens its page.
    expect(within(rows[0]!).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/vendor/orders/ord_1');
    expect(rows[0]).toHaveTextContent('2 × Lenovo ThinkPad E14 Gen 5');
    expect(rows[0]).toHaveTextContent('₹1,29,980.00');
    expect(rows[0]).not.toHaveTextContent('coupon');
    expect(rows[0]).toHaveTextContent('Cash on delivery');
    expect(rows[0]).toHaveTextContent('Pune 411045, Maharashtra');
    expect(rows[0]).toHaveTextContent('Not packed');
    expect(rows[1]).toHaveTextContent('Blue Dart');
    expect(rows[1]).toHaveTextContent('Prepaid');
    // The amount is below the lines' price: the seller is told the coupon took it off.
    expect(within(rows[1]!).getByText('₹1,16,982.00')).toBeVisible();
    expect(within(rows[1]!).getByText('after ₹12,998.00 coupon WELCOME10')).toBeVisible();
    expect(rows[1]).not.toHaveTextContent('payouts');
    // Delivered, but another seller's items of the order are not yet: the seller is told why no payout shows.
    expect(rows[2]).toHaveTextContent('Delivered');
    expect(rows[2]).toHaveTextContent('Counts towards your payouts once the other sellers’ items of this order are delivered too.');
    expect(screen.getByRole('option', { name: 'All statuses' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Awaiting payment|Pending payment/ })).not.toBeInTheDocument();
  });

  it('says when the orders could not be loaded, and tries again on Retry', async () => {
    const fetch = vi.fn(async () => json({ error: { code: 'UNAVAILABLE', message: 'The shop is busy.' } }, 503));
    stubFetch(fetch);
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded');
    fetch.mockImplementation(async () => json({ items: [order()], total: 1, page: 1, pageSize: 20 }));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('leaves a suspended seller its orders to read and their packing slips, and says the shop takes their steps', async () => {
    const answer: VendorOrdersResponse = {
      items: [
        order(),
        order({
          id: 'ord_2',
          orderNumber: 'SC-100043',
          status: 'shipped',
          shipment: { carrier: 'Blue Dart', trackingNumber: 'BD123', status: 'shipped', returnCondition: null },
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    stubFetch(vi.fn(async () => json(answer)));
    renderAt('/vendor/orders', <VendorOrdersPage />, { status: 'suspended', statusReason: 'Three orders not shipped this week' });
    const first = await screen.findByRole('row', { name: /SC-100042/ });
    expect(screen.getByText('Your vendor account is suspended')).toBeVisible();
    expect(screen.getByText(/the shop ships, delivers or takes back your open orders/)).toBeVisible();
    expect(screen.getByText('Reason given: Three orders not shipped this week')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Packing slip of order SC-100042 (PDF)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^(Ship order|Mark packed|Cancel items|Mark delivered)/ })).not.toBeInTheDocument();
  });

  it('ships an order from its row: courier and tracking number go to the server, and the list is fetched again', async () => {
    let shipped = false;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        shipped = true;
        return json({
          order: order({
            status: 'shipped',
            shipment: { carrier: 'Delhivery', trackingNumber: 'DL1234567890', status: 'shipped', returnCondition: null },
          }),
        });
      }
      return json({
        items: [
          shipped
            ? order({
                status: 'shipped',
                shipment: { carrier: 'Delhivery', trackingNumber: 'DL1234567890', status: 'shipped', returnCondition: null },
              })
            : order(),
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      });
    });
    stubFetch(fetch);
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ship order SC-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order SC-100042' });
    await user.click(within(dialog).getByLabelText('Enter tracking by hand'));
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByText('Enter the courier')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/ship'), expect.anything());

    await user.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
    await user.type(within(dialog).getByLabelText('Tracking number (AWB)'), 'DL1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/vendor/orders/ord_1/ship');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ carrier: 'Delhivery', trackingNumber: 'DL1234567890' });
    expect(await screen.findByText('DL1234567890')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ship order SC-100042' })).not.toBeInTheDocument();
  });

  it('receives a return only once the seller says what it found: a damaged unit is written off, not put back on sale', async () => {
    const returned = {
      status: 'return_requested' as const,
      paymentMethod: 'upi' as const,
      returnReason: 'Damaged or defective on arrival: the screen has a crack.',
      returnPhotos: [
        { id: 'rph_1', width: 2000, height: 1500 },
        { id: 'rph_2', width: 1500, height: 2000 },
      ],
    };
    let received = false;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      // The step refreshes what the seller centre knows, its own account among it.
      if (url === '/api/vendors/me') return json({ vendor: vendorAccount() });
      if (init?.method === 'POST') received = true;
      const view = order({
        ...returned,
        shipment: {
          carrier: 'Delhivery',
          trackingNumber: 'DL77',
          status: received ? 'return_received' : 'delivered',
          returnCondition: received ? 'damaged' : null,
        },
      });
      return init?.method === 'POST' ? json({ order: view }) : json({ items: [view], total: 1, page: 1, pageSize: 20 });
    });
    stubFetch(fetch);
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const user = userEvent.setup();
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('Return: Damaged or defective on arrival: the screen has a crack.');
    // The customer's photos beside the reason, each opening the larger copy.
    const photos = within(row).getByRole('list', { name: 'Customer’s photos of the return of SC-100042' });
    expect(within(photos).getByRole('img', { name: 'Sent with the return, 1 of 2' })).toHaveAttribute(
      'src',
      '/api/orders/ord_1/return-photos/rph_1/320.webp',
    );
    expect(within(photos).getAllByRole('link')[1]).toHaveAttribute('href', '/api/orders/ord_1/return-photos/rph_2/1280.webp');

    await user.click(within(row).getByRole('button', { name: 'Receive return of order SC-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive the return of order SC-100042' });
    expect(dialog).toHaveTextContent('The customer said: Damaged or defective on arrival: the screen has a crack.');
    expect(within(dialog).getByRole('list', { name: 'The customer’s photos' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img', { name: /Sent with the return/ })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Return received' }));
    expect(within(dialog).getByText('Choose whether the items can be sold again')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/return-received'), expect.anything());

    await user.click(within(dialog).getByRole('radio', { name: /Damaged or faulty/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Return received' }));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/vendor/orders/ord_1/return-received');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ condition: 'damaged' });
    expect(await screen.findByText('Return received: written off')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says beside a refunded return’s reason that its photos were removed when the customer deleted their account', async () => {
    const refunded = order({
      status: 'refunded',
      paymentMethod: 'upi',
      returnReason: 'Damaged or defective on arrival: the screen has a crack.',
      returnPhotos: [],
      returnPhotosRemoved: true,
      shipment: { carrier: 'Delhivery', trackingNumber: 'DL77', status: 'refunded', returnCondition: 'damaged' },
    });
    stubFetch(vi.fn(async () => json({ items: [refunded], total: 1, page: 1, pageSize: 20 })));
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('Return: Damaged or defective on arrival: the screen has a crack.');
    expect(within(row).getByText('Photos removed when the customer deleted their account.')).toBeVisible();
    expect(within(row).queryByRole('img')).not.toBeInTheDocument();
  });

  it('tells the seller cancelling items what the customer gets back, to the paisa, after the coupon share the units carry', async () => {
    const line = { ...order().lines[0]!, couponSharePaise: 99_99 };
    const prepaid = order({
      paymentMethod: 'upi',
      lines: [line],
      amountPaise: 1_29_880_01,
      couponSharePaise: 99_99,
      couponCode: 'ODD9999',
    });
    stubFetch(vi.fn(async () => json({ items: [prepaid], total: 1, page: 1, pageSize: 20 })));
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel items of order SC-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel items of order SC-100042' });
    expect(dialog).not.toHaveTextContent('gets back');

    // One of two: half the line after its ₹99.99 share, half a paisa rounded up as the refund is.
    await user.selectOptions(within(dialog).getByLabelText(/Lenovo ThinkPad E14 Gen 5/), '1');
    expect(dialog).toHaveTextContent('The customer gets back ₹64,940.01: their price less ₹49.99, their share of the coupon ODD9999.');
    expect(dialog).not.toHaveTextContent('whole order');
    expect(dialog).not.toHaveTextContent('before any coupon share');

    // Both: all the seller has left, so the order may go whole, delivery charge included.
    await user.selectOptions(within(dialog).getByLabelText(/Lenovo ThinkPad E14 Gen 5/), '2');
    expect(dialog).toHaveTextContent('The customer gets back ₹1,29,880.01: their price less ₹99.99, their share of the coupon ODD9999.');
    expect(dialog).toHaveTextContent(
      'If no other seller’s items are left in the order, the whole order is cancelled and the customer gets back all that is left of their payment, the delivery charge included.',
    );
  });

  it('tells the seller that cash on delivery is collected less, not refunded', async () => {
    stubFetch(vi.fn(async () => json({ items: [order()], total: 1, page: 1, pageSize: 20 })));
    renderAt('/vendor/orders', <VendorOrdersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel items of order SC-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel items of order SC-100042' });
    await user.selectOptions(within(dialog).getByLabelText(/Lenovo ThinkPad E14 Gen 5/), '1');
    expect(dialog).toHaveTextContent('The courier collects ₹64,990.00 less on delivery.');
    expect(dialog).not.toHaveTextContent('coupon');
    await user.selectOptions(within(dialog).getByLabelText(/Lenovo ThinkPad E14 Gen 5/), '2');
    expect(dialog).toHaveTextContent(
      'If no other seller’s items are left in the order, the whole order is cancelled and nothing is collected.',
    );
  });
});
