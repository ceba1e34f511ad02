import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorProfile } from '~/shared/schemas/vendor';
import type { VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import VendorDashboardPage from '~/web/app/routes/vendor/dashboard';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const vendor = (status: VendorProfile['status'], statusReason: string | null = null): VendorProfile => ({
  id: 'ven_1',
  businessName: 'Kharghar Computers',
  mobile: '+919822045678',
  gstin: '27AAPFU0939F1ZV',
  pickupCity: 'Navi Mumbai',
  pickupState: 'Maharashtra',
  pickupPinCode: '410210',
  status,
  statusReason,
  createdAt: '2026-10-01T06:30:00.000Z',
  decidedAt: '2026-10-02T06:30:00.000Z',
});

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
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/vendors/me') ? json({ vendor: vendor('approved') }) : json(dashboard),
    );
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
        if (url.startsWith('/api/vendors/me')) return json({ vendor: vendor('approved') });
        calls += 1;
        return calls === 1 ? json({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, 503) : json(dashboard);
      }),
    );
    renderAt('/vendor/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByRole('region', { name: 'Your figures' })).toBeInTheDocument();
  });
});
