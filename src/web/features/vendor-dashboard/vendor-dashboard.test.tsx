import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorProfile, VendorProfileDetails } from '~/shared/schemas/vendor';
import type { VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import VendorDashboardPage from '~/web/app/routes/vendor/dashboard';
import { GettingStarted } from './getting-started';
import { vendorAccount, vendorProfileDetails } from '~/web/test/vendor-account';
import { vendorOrder } from '~/web/test/vendor-order';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const vendor = (status: VendorProfile['status'], statusReason: string | null = null) =>
  vendorAccount({ businessName: 'Kharghar Computers', pickupCity: 'Navi Mumbai', pickupPinCode: '410210', status, statusReason });

const figures = { salesPaise: 1_18_000_00, netSalesPaise: 1_00_000_00, orders: 4, units: 5, averageOrderPaise: 29_500_00, returns: 1 };
const dashboard: VendorDashboard = {
  range: '7d',
  period: { from: '2026-11-18', to: '2026-11-24' },
  previousPeriod: { from: '2026-11-11', to: '2026-11-17' },
  current: figures,
  previous: { ...figures, salesPaise: 1_00_000_00, orders: 5 },
  daily: Array.from({ length: 7 }, (_, i) => ({ day: `2026-11-${18 + i}`, salesPaise: i * 10_000_00, previousSalesPaise: 5_000_00 })),
  topProducts: [{ productId: 'prd_1', name: 'Dell P2422H', units: 3, salesPaise: 60_000_00 }],
  recentOrders: [],
  todo: { toPack: 2, toShip: 1, lateToShip: 1, returnsToReceive: 0, lowStock: 3, outOfStock: 1, drafts: 0 },
};

const page = (total: number) => ({ items: [], total, page: 1, pageSize: 1 });

/** The answers of a seller set up to sell (products on sale, bank account, pickup street), changed by `over`. */
function sellerAnswers(over: { profile?: Partial<VendorProfileDetails>; onSale?: number; drafts?: number } = {}) {
  return (url: string): Response | undefined => {
    if (url.startsWith('/api/vendors/me')) return json({ vendor: vendor('approved') });
    if (url.startsWith('/api/vendor/profile')) return json({ profile: vendorProfileDetails(over.profile), changes: [] });
    if (url.startsWith('/api/vendor/products?') && url.includes('status=active')) return json(page(over.onSale ?? 12));
    if (url.startsWith('/api/vendor/products?') && url.includes('status=draft')) return json(page(over.drafts ?? 0));
    return undefined;
  };
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/vendor/dashboard', element: <VendorDashboardPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the vendor dashboard page', () => {
  it('shows the figures beside the previous period, what waits, and keeps the chosen range in the address', async () => {
    const answer = sellerAnswers();
    const fetch = vi.fn(async (url: string) => answer(url) ?? json(dashboard));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/vendor/dashboard');
    const region = await screen.findByRole('region', { name: 'Your figures' });
    expect(within(region).getByText('₹1,18,000.00')).toBeInTheDocument();
    expect(region).toHaveTextContent('+18% on the previous 7 days');
    expect(region).toHaveTextContent('−20% on the previous 7 days');
    const todo = screen.getByRole('region', { name: 'To do' });
    expect(within(todo).getByRole('link', { name: /Late to ship/ })).toHaveTextContent('1');
    expect(within(todo).getByRole('link', { name: /Orders to pack/ })).toHaveAttribute('href', '/vendor/orders?todo=pack');
    expect(within(todo).getByRole('link', { name: /Packed, to ship/ })).toHaveAttribute('href', '/vendor/orders?todo=ship');
    expect(within(todo).getByRole('link', { name: /Low on stock/ })).toHaveAttribute('href', '/vendor/products?status=active&stock=low');
    expect(screen.getByRole('figure', { name: /Daily sales, 7 days/ })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: '30 days' }));
    expect(router.state.location.search).toBe('?range=30d');
    expect(fetch).toHaveBeenLastCalledWith('/api/vendor/dashboard?range=30d', expect.anything());
  });

  it('lists the recent orders with their amount, and says under it when a coupon’s share came off it, as the orders list does', async () => {
    const answer = sellerAnswers();
    const recentOrders = [
      // The customer used WELCOME10 (10% off): the seller's lines carry its share.
      vendorOrder({
        status: 'shipped',
        paymentMethod: 'upi',
        amountPaise: 1_16_982_00,
        couponSharePaise: 12_998_00,
        couponCode: 'WELCOME10',
      }),
      vendorOrder({
        id: 'ord_2',
        orderNumber: 'SC-100043',
        shipTo: { name: 'Ravi Kulkarni', city: 'Nashik', state: 'Maharashtra', pinCode: '422001' },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url) ?? json({ ...dashboard, recentOrders })),
    );
    renderAt('/vendor/dashboard');
    const recent = await screen.findByRole('region', { name: 'Recent orders' });
    const [withCoupon, without] = within(recent).getAllByRole('listitem');
    expect(withCoupon).toHaveTextContent('SC-100042');
    expect(within(withCoupon!).getByText('₹1,16,982.00')).toBeVisible();
    expect(within(withCoupon!).getByText('after ₹12,998.00 coupon WELCOME10')).toBeVisible();
    expect(without).toHaveTextContent('SC-100043');
    expect(without).toHaveTextContent('₹1,29,980.00');
    expect(without).not.toHaveTextContent('coupon');
  });

  it('shows a rejected vendor the reason and no figures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ vendor: vendor('rejected', 'The GSTIN belongs to another business.') })),
    );
    renderAt('/vendor/dashboard');
    expect(await screen.findByText(/The GSTIN belongs to another business/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your figures' })).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded, and tries again on Retry', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const answered = sellerAnswers()(url);
        if (answered) return answered;
        calls += 1;
        return calls === 1 ? json({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, 503) : json(dashboard);
      }),
    );
    renderAt('/vendor/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByRole('region', { name: 'Your figures' })).toBeInTheDocument();
  });

  it('walks a newly approved seller through what selling needs, each step linked to where it is done', async () => {
    const answer = sellerAnswers({ profile: { bankAccount: null, pickupLine1: null }, onSale: 0, drafts: 2 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answer(url) ?? json({ ...dashboard, topProducts: [] })),
    );
    renderAt('/vendor/dashboard');
    const steps = await screen.findByRole('region', { name: 'Get ready to sell' });
    expect(steps).toHaveTextContent('0 of 3 done');
    expect(within(steps).getByRole('link', { name: 'Open your drafts' })).toHaveAttribute('href', '/vendor/products?status=draft');
    expect(steps).toHaveTextContent('You have 2 drafts: shoppers see a product once it is on sale.');
    expect(within(steps).getByRole('link', { name: 'Add a bank account' })).toHaveAttribute('href', '/vendor/profile#bank-account');
    expect(within(steps).getByRole('link', { name: 'Add the street' })).toHaveAttribute('href', '/vendor/profile');
  });

  it('ticks off what is done, and leaves the dashboard to the figures once everything is', async () => {
    const halfway = sellerAnswers({ profile: { bankAccount: null } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => halfway(url) ?? json(dashboard)),
    );
    renderAt('/vendor/dashboard');
    const steps = await screen.findByRole('region', { name: 'Get ready to sell' });
    expect(steps).toHaveTextContent('2 of 3 done');
    expect(within(steps).getByText(/Put your first product on sale/)).toHaveTextContent('(done)');
    expect(within(steps).queryByRole('link', { name: 'Add a product' })).not.toBeInTheDocument();
    expect(within(steps).getByText(/Add the bank account we pay you into/)).toHaveTextContent('(to do)');
  });

  it('shows no checklist to a seller that has everything set up', () => {
    const { container } = render(
      <MemoryRouter>
        <GettingStarted setup={{ productOnSale: true, drafts: 3, bankAccount: true, pickupStreet: true }} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
