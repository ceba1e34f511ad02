import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '~/shared/constants';
import { DATABASE_UNAVAILABLE_MESSAGE } from '~/shared/unavailable';
import type { Address } from '~/shared/schemas/address';
import type { QuoteRequest, QuoteResponse } from '~/shared/schemas/orders';
import CheckoutPage from '~/web/app/routes/checkout';
import { CartProvider } from '~/web/lib/cart/cart-provider';
import { pageNavigation } from '~/web/lib/payment-redirect';

const home: Address = {
  id: 'adr_home',
  fullName: 'Priya Kulkarni',
  mobile: '+919822045678',
  line1: 'Flat 12, Karve Road',
  line2: null,
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411004',
  isDefault: true,
};
const office: Address = {
  ...home,
  id: 'adr_office',
  fullName: 'Priya K (office)',
  line1: 'Tech Park, Whitefield',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560066',
  isDefault: false,
};

const PRICE = 6_499_000;

/** A quote like the server's for one laptop: CGST + SGST to Maharashtra (the seller's state), IGST elsewhere. */
function quoteFor(request: QuoteRequest, extra: Partial<QuoteResponse> = {}): QuoteResponse {
  const coupon =
    request.couponCode === 'DIWALI10' ? { code: 'DIWALI10', description: '10% off, up to ₹5,000', discountPaise: 500_000 } : null;
  const discount = coupon?.discountPaise ?? 0;
  const shipping = request.delivery === 'express' ? 49_900 : 0;
  const intraState = request.addressId === undefined ? null : request.addressId === 'adr_home';
  const gst = Math.round(((PRICE - discount) * 1800) / 11800);
  const cgst = intraState ? Math.floor(gst / 2) : 0;
  const sgst = intraState ? gst - cgst : 0;
  return {
    lines: [
      {
        productId: 'prd_laptop',
        name: 'Lenovo IdeaPad Slim 5',
        brand: 'Lenovo',
        category: 'Laptop',
        hsnCode: '8471',
        image: null,
        quantity: 1,
        unitPricePaise: PRICE,
        lineTotalPaise: PRICE,
        discountPaise: discount,
        sellerName: 'Sahyadri Computers',
        sellerState: 'Maharashtra',
        taxablePaise: PRICE - discount - gst,
        gstRateBp: 1800,
        cgstPaise: cgst,
        sgstPaise: sgst,
        igstPaise: intraState ? 0 : gst,
      },
    ],
    problems: [],
    totals: {
      subtotalPaise: PRICE,
      discountPaise: discount,
      shippingPaise: shipping,
      totalPaise: PRICE - discount + shipping,
      gstPaise: gst,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: intraState ? 0 : gst,
    },
    freeShippingAtPaise: 10_000_00,
    intraState,
    placeOfSupply: intraState === null ? null : { state: intraState ? 'Maharashtra' : 'Karnataka', code: intraState ? '27' : '29' },
    coupon,
    couponError: request.couponCode && !coupon ? `Coupon ${request.couponCode} has expired` : null,
    deliveryChoices: [
      { option: 'standard', pricePaise: 0, expectedFrom: '2026-11-12', expectedBy: '2026-11-13' },
      { option: 'express', pricePaise: 49_900, expectedFrom: '2026-11-11', expectedBy: '2026-11-11' },
    ],
    cod: { allowed: false, reason: 'Cash on delivery is available on orders up to ₹50,000.' },
    delivery: null,
    emiPlans: [
      {
        months: 3,
        annualRatePercent: 0,
        noCost: true,
        monthlyPaise: 2_166_334,
        lastMonthlyPaise: 2_166_332,
        totalPaise: PRICE,
        interestPaise: 0,
      },
      {
        months: 6,
        annualRatePercent: 0,
        noCost: true,
        monthlyPaise: 1_083_167,
        lastMonthlyPaise: 1_083_165,
        totalPaise: PRICE,
        interestPaise: 0,
      },
      {
        months: 9,
        annualRatePercent: 15,
        noCost: false,
        monthlyPaise: 767_100,
        lastMonthlyPaise: 767_100,
        totalPaise: 6_903_900,
        interestPaise: 404_900,
      },
    ],
    ...extra,
  };
}

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (body: unknown, headers: Record<string, string>) => Response | Promise<Response>;

/** The shop's API as far as checkout uses it; `routes` override single calls ("POST /api/orders"). */
function fakeShop(routes: Record<string, Handler> = {}, quoteExtra: Partial<QuoteResponse> = {}) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, path, body, headers });
    const route = routes[`${method} ${path}`];
    if (route) return route(body, headers);
    if (method === 'GET' && path === '/api/addresses') return json(200, { items: [home, office] });
    if (method === 'POST' && path === '/api/coupons/for-cart')
      return json(200, {
        items: [
          {
            code: 'DIWALI10',
            description: '10% off, up to ₹5,000',
            minOrderPaise: 2_000_000,
            expiresAt: null,
            scope: null,
            applicable: true,
            reason: null,
          },
          {
            code: 'MONITOR10',
            description: '10% off monitors',
            minOrderPaise: 0,
            expiresAt: null,
            scope: 'Monitors only',
            applicable: false,
            reason: 'For monitors only',
          },
        ],
      });
    if (method === 'POST' && path === '/api/orders/quote') return json(200, quoteFor(body as QuoteRequest, quoteExtra));
    return json(404, { error: { code: 'NOT_FOUND', message: `No fake for ${method} ${path}` } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch, ofPath: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderCheckout(cart: unknown[] = [{ product: { id: 'prd_laptop', price: PRICE, name: 'Lenovo IdeaPad Slim 5' }, quantity: 1 }]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={client}>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </QueryClientProvider>,
  );
  return router;
}

const storedCart = () => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown[];

async function toReview(user: ReturnType<typeof userEvent.setup>, method: RegExp | string = 'UPI') {
  await user.click(await screen.findByRole('button', { name: 'Continue to delivery' }));
  await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
  await user.click(await screen.findByRole('radio', { name: method }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  await screen.findByRole('heading', { name: 'Review your order' });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Checkout', () => {
  it('shows an empty cart with a way to the products', async () => {
    fakeShop();
    renderCheckout([]);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('pays in 6 no-cost EMIs: address, delivery, payment and review, then one order and the payment page', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const shop = fakeShop({
      'POST /api/orders': () => json(201, { order: { id: 'ord_1', orderNumber: 'SC-2026-000123' }, paymentRequired: true }),
      'POST /api/orders/ord_1/payment': () =>
        json(200, { checkout: { kind: 'hosted-page', url: '/test-gateway/checkout/order_1?return_url=x' } }),
    });
    const user = userEvent.setup();
    renderCheckout();

    const progress = screen.getByRole('navigation', { name: 'Checkout progress' });
    expect(within(progress).getByText('Address').closest('li')).toHaveAttribute('aria-current', 'step');
    // The default address is chosen for the customer.
    expect(await screen.findByRole('radio', { name: 'Priya Kulkarni' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Priya K (office)' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));

    const heading = await screen.findByRole('heading', { name: 'How fast?' });
    expect(heading).toHaveFocus();
    expect(within(progress).getByText('Delivery').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('radio', { name: 'Standard delivery' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Standard delivery' })).toHaveAccessibleDescription('Expected Thu, 12 Nov – Fri, 13 Nov');
    const speeds = screen.getByRole('group', { name: 'Delivery speed' });
    expect(within(speeds).getByText('Free')).toBeInTheDocument();
    expect(within(speeds).getByText('₹499.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await screen.findByRole('heading', { name: 'How would you like to pay?' });
    const cod = screen.getByRole('radio', { name: 'Cash on delivery' });
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription('Cash on delivery is available on orders up to ₹50,000.');
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(screen.getByText('Choose how you will pay.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'EMI' }));
    const table = screen.getByRole('table', { name: 'EMI plans for this order' });
    expect(within(table).getAllByText('No-cost')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /9 months/ })).toHaveTextContent('₹4,049.00 (15% a year)');
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(screen.getByText('Choose an EMI tenure.')).toBeInTheDocument();
    await user.click(within(table).getByRole('radio', { name: '6 months at ₹10,831.67 a month, no-cost EMI' }));
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));

    await screen.findByRole('heading', { name: 'Review your order' });
    const line = screen.getByTestId('checkout-line');
    expect(line).toHaveTextContent('Lenovo IdeaPad Slim 5');
    expect(line).toHaveTextContent('Quantity 1 × ₹64,990.00');
    expect(line).toHaveTextContent('HSN 8471');
    expect(screen.getByText('EMI, 6 months')).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('CGST')).toBeInTheDocument();
    expect(within(summary).getByText('SGST')).toBeInTheDocument();
    expect(within(summary).queryByText('IGST')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹64,990.00');

    // Completed steps can be opened again from the progress list.
    expect(within(progress).getByRole('button', { name: 'Address (done, change)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order and pay ₹64,990.00' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/test-gateway/checkout/order_1?return_url=x'));
    const [order] = shop.ofPath('POST', '/api/orders');
    expect(order!.body).toEqual({
      items: [{ productId: 'prd_laptop', quantity: 1 }],
      addressId: 'adr_home',
      delivery: 'standard',
      paymentMethod: 'emi',
      emiTenureMonths: 6,
    });
    expect(order!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(shop.ofPath('POST', '/api/orders/ord_1/payment')).toHaveLength(1);
    expect(storedCart()).toEqual([]);
    expect(screen.getByRole('heading', { name: /Order SC-2026-000123 placed: taking you to payment/ })).toBeInTheDocument();
  });

  it('prices a delivery out of the seller’s state with IGST, and re-prices when the address or delivery changes', async () => {
    const shop = fakeShop();
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: 'Priya K (office)' }));
    await toReview(user);
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('IGST')).toBeInTheDocument();
    expect(within(summary).queryByText('CGST')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change delivery' }));
    await user.click(await screen.findByRole('radio', { name: 'Express delivery' }));
    await waitFor(() => expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹65,489.00'));
    const quotes = shop.ofPath('POST', '/api/orders/quote').map((c) => c.body as QuoteRequest);
    expect(quotes).toContainEqual({ items: [{ productId: 'prd_laptop', quantity: 1 }], addressId: 'adr_office', delivery: 'express' });
  });

  it('applies a coupon from the offers, shows why a typed code does not apply, and removes it', async () => {
    const shop = fakeShop();
    const user = userEvent.setup();
    renderCheckout();
    await toReview(user);

    await user.type(screen.getByLabelText('Coupon code'), 'old-code');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon OLD-CODE has expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon codes are letters, digits and dashes only, like DIWALI-25')).toBeInTheDocument();

    // The offers are judged on this cart: one it can use, one it cannot (with why, and no Apply).
    expect(shop.ofPath('POST', '/api/coupons/for-cart')[0]!.body).toEqual({ items: [{ productId: 'prd_laptop', quantity: 1 }] });
    const notForCart = screen.getByRole('list', { name: 'Not for this cart' });
    expect(within(notForCart).getByRole('listitem')).toHaveTextContent('Not for this cart: For monitors only');
    expect(screen.queryByRole('button', { name: 'Apply MONITOR10' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply DIWALI10' }));
    expect(await screen.findByText(/applied: you save ₹5,000.00/)).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Discount (DIWALI10)')).toBeInTheDocument();
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹59,990.00');

    await user.click(screen.getByRole('button', { name: 'Remove coupon DIWALI10' }));
    await waitFor(() => expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹64,990.00'));
    expect(shop.ofPath('POST', '/api/orders/quote').some((c) => (c.body as QuoteRequest).couponCode === 'DIWALI10')).toBe(true);
  });

  it('blocks the order while an item is out of stock, with a way back to the cart', async () => {
    fakeShop({}, { problems: [{ productId: 'prd_laptop', name: 'Lenovo IdeaPad Slim 5', message: 'Only 1 left in stock', available: 1 }] });
    const user = userEvent.setup();
    renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Lenovo IdeaPad Slim 5: Only 1 left in stock');
    expect(within(alert).getByRole('link', { name: 'Update your cart' })).toHaveAttribute('href', '/cart');
    await toReview(user);
    expect(screen.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  });

  it('says plainly when no courier serves the address’s PIN, offers no delivery, and goes back to choose another address', async () => {
    const message =
      "We can't deliver to 411004 yet: no courier serves it from Pune (Lenovo IdeaPad Slim 5, sold by Sahyadri Computers). Remove them or choose another address.";
    const parcel = { sellerName: 'Sahyadri Computers', fromCity: 'Pune', items: ['Lenovo IdeaPad Slim 5'], estimate: false };
    fakeShop(
      {},
      {
        delivery: {
          pinCode: '411004',
          estimate: false,
          serviceable: false,
          message,
          parcels: [{ ...parcel, serviceable: false, reason: 'No courier serves PIN 411004.', standard: null, express: null }],
        },
      },
    );
    const user = userEvent.setup();
    renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't deliver to PIN code 411004 yet");
    expect(alert).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));
    await screen.findByRole('heading', { name: 'How fast?' });
    expect(screen.queryByRole('radio', { name: 'Standard delivery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Choose another address' }));
    expect(await screen.findByRole('heading', { name: 'Where should we deliver?' })).toHaveFocus();
  });

  it('lists each seller’s parcel with its dates, and says when the dates are estimated', async () => {
    const window = { expectedFrom: '2026-11-12', expectedBy: '2026-11-13' };
    const parcel = { serviceable: true, reason: null, estimate: true, standard: window, express: window };
    fakeShop(
      {},
      {
        delivery: {
          pinCode: '411004',
          estimate: true,
          serviceable: true,
          message: null,
          parcels: [
            { ...parcel, sellerName: 'Sahyadri Computers', fromCity: 'Pune', items: ['Lenovo IdeaPad Slim 5'] },
            {
              ...parcel,
              sellerName: 'Deccan Displays',
              fromCity: 'Mumbai',
              items: ['Dell 24 Monitor'],
              standard: { ...window, expectedBy: '2026-11-14' },
            },
          ],
        },
      },
    );
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Continue to delivery' }));
    await screen.findByRole('heading', { name: 'How fast?' });
    const parcels = screen.getByRole('list', { name: 'Parcels' });
    expect(
      within(parcels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Lenovo IdeaPad Slim 5 from Sahyadri Computers, Pune: expected Thu, 12 Nov – Fri, 13 Nov',
      'Dell 24 Monitor from Deccan Displays, Mumbai: expected Thu, 12 Nov – Sat, 14 Nov',
    ]);
    expect(screen.getByText(/^Estimated dates: the courier did not answer just now/)).toBeInTheDocument();
  });

  it('sends the same Idempotency-Key after a network error, refreshes the prices on a conflict, and a new key once the order changes', async () => {
    let attempt = 0;
    const shop = fakeShop(
      {
        'POST /api/orders': () => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          if (attempt === 2) return json(409, { error: { code: 'OUT_OF_STOCK', message: 'Lenovo IdeaPad Slim 5 has just sold out.' } });
          return json(201, { order: { id: 'ord_9', orderNumber: 'SC-2026-000999' }, paymentRequired: false });
        },
      },
      { cod: { allowed: true, reason: null } },
    );
    const user = userEvent.setup();
    const router = renderCheckout();
    await toReview(user, 'Cash on delivery');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/Could not reach Sahyadri Computers/)).toBeInTheDocument();
    const quotesBefore = shop.ofPath('POST', '/api/orders/quote').length;
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Lenovo IdeaPad Slim 5 has just sold out.')).toBeInTheDocument();
    await waitFor(() => expect(shop.ofPath('POST', '/api/orders/quote').length).toBeGreaterThan(quotesBefore));

    await user.click(screen.getByRole('button', { name: 'Change delivery' }));
    await user.click(await screen.findByRole('radio', { name: 'Express delivery' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));

    await screen.findByText('At /order-success?order=ord_9');
    expect(router.state.location.pathname).toBe('/order-success');
    const keys = shop.ofPath('POST', '/api/orders').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(storedCart()).toEqual([]);
  });

  it('says the shop is away when placing answers 503, keeps the cart, and Place order again makes one order with the same key', async () => {
    let attempt = 0;
    const shop = fakeShop(
      {
        'POST /api/orders': () => {
          attempt += 1;
          if (attempt === 1)
            return json(503, { error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, retryAfterSeconds: 5 } });
          return json(201, { order: { id: 'ord_5', orderNumber: 'SC-2026-000505' }, paymentRequired: false });
        },
      },
      { cod: { allowed: true, reason: null } },
    );
    const user = userEvent.setup();
    renderCheckout();
    await toReview(user, 'Cash on delivery');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DATABASE_UNAVAILABLE_MESSAGE);
    expect(storedCart()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await screen.findByText('At /order-success?order=ord_5');
    const keys = shop.ofPath('POST', '/api/orders').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('goes back to the address step when the address is gone', async () => {
    fakeShop({
      'POST /api/orders': () => json(404, { error: { code: 'NOT_FOUND', message: 'That address is not in your address book.' } }),
    });
    const user = userEvent.setup();
    renderCheckout();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: /^Place order and pay/ }));
    expect(await screen.findByRole('heading', { name: 'Where should we deliver?' })).toHaveFocus();
    expect(screen.getByText(/That address is not in your address book/)).toBeInTheDocument();
  });

  it('adds an address inline when the book is empty, and delivers there', async () => {
    let saved: Address | null = null;
    const shop = fakeShop({
      'GET /api/addresses': () => json(200, { items: saved ? [saved] : [] }),
      'POST /api/addresses': (body) => {
        saved = { ...(body as Omit<Address, 'id'>), id: 'adr_new', isDefault: true };
        return json(201, { address: saved });
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByLabelText('Full name');
    // The step's heading names the form once; it is not repeated above the form.
    expect(screen.getAllByRole('heading', { name: 'Where should we deliver?' })).toHaveLength(1);
    await user.type(screen.getByLabelText('Full name'), 'Asha Patil');
    await user.type(screen.getByLabelText('Mobile number'), '9822045678');
    await user.type(screen.getByLabelText('Address line 1'), '5 Baner Road');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await user.type(screen.getByLabelText('PIN code'), '411045');
    await user.click(screen.getByRole('button', { name: 'Save and deliver here' }));

    expect(await screen.findByRole('radio', { name: 'Asha Patil' })).toBeChecked();
    await waitFor(() =>
      expect(shop.ofPath('POST', '/api/orders/quote').some((c) => (c.body as QuoteRequest).addressId === 'adr_new')).toBe(true),
    );
  });
});
