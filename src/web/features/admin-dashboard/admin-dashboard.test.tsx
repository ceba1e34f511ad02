import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard, AdminDashboardFigures, AdminOverview } from '~/shared/schemas/dashboard';
import AdminDashboardPage from '~/web/app/routes/admin/dashboard';

// Role queries over a whole dashboard are slow on a busy machine: give them time.
vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const figures: AdminDashboardFigures = {
  gmvPaise: 2_36_000_00,
  netRevenuePaise: 2_00_000_00,
  refundsPaise: 36_000_00,
  refundedOrders: 2,
  refundsGivenPaise: 54_000_00,
  refundsGiven: 3,
  orders: 8,
  averageOrderPaise: 29_500_00,
  newCustomers: 3,
  checkouts: 10,
};
const dashboard: AdminDashboard = {
  range: '7d',
  period: { from: '2026-11-19', to: '2026-11-25', days: 7 },
  previousPeriod: { from: '2026-11-12', to: '2026-11-18', days: 7 },
  current: figures,
  previous: { ...figures, gmvPaise: 2_00_000_00, refundsPaise: 18_000_00, refundsGivenPaise: 27_000_00, orders: 10, newCustomers: 0 },
  cartConversion: { measured: false, reason: 'Carts are kept in shoppers’ browsers.' },
  codToCollect: { orders: 2, amountPaise: 45_000_00 },
  daily: Array.from({ length: 7 }, (_, i) => ({
    day: `2026-11-${19 + i}`,
    gmvPaise: i * 10_000_00,
    orders: i,
    previousDay: `2026-11-${12 + i}`,
    previousGmvPaise: 5_000_00,
    previousOrders: 1,
  })),
  byStatus: [
    { status: 'placed', orders: 5 },
    { status: 'shipped', orders: 3 },
  ],
  byCategory: [{ category: 'Laptop', salesPaise: 1_50_000_00, units: 3 }],
  byVendor: [{ vendorId: 'ven_1', name: 'Kharghar Computers', salesPaise: 1_50_000_00, orders: 3 }],
  byState: [{ state: 'Maharashtra', gmvPaise: 2_00_000_00, orders: 6 }],
  attention: {
    vendorsPending: 1,
    lateToShip: 4,
    returnsWaiting: 2,
    paymentsFailed: 1,
    paymentsStuck: 0,
    lowStock: 7,
    unansweredMessages: 5,
  },
  generatedAt: '2026-11-25T06:30:00.000Z',
};
const overview: AdminOverview = {
  usersByRole: { customer: 12, vendor: 4, admin: 1 },
  vendorsByStatus: { pending: 1, approved: 3, rejected: 0, suspended: 0 },
  contactMessages: { total: 5, last7Days: 2 },
  signupsByDay: [{ date: '2026-11-25', count: 2 }],
};

function stubApi(dashboardAnswer: () => Response = () => json(dashboard)) {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith('/api/admin/dashboard')) return dashboardAnswer();
    if (url.startsWith('/api/admin/overview')) return json(overview);
    return json({ mailboxEnabled: false });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/dashboard', element: <AdminDashboardPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the admin dashboard', () => {
  it('shows the figures beside the previous period, with the change announced as up or down', async () => {
    stubApi();
    renderAt('/admin/dashboard');
    const region = await screen.findByRole('region', { name: 'Figures of the period' }, slow);
    const gmv = within(region).getByText('GMV').closest('div')!;
    expect(gmv).toHaveTextContent('₹2,36,000.00');
    expect(gmv).toHaveTextContent('Up 18% on the previous 7 days');
    const orders = within(region).getByText('Orders', { exact: true }).closest('div')!;
    expect(orders).toHaveTextContent('Down 20% on the previous 7 days');
    // More refunds is bad news: shown in red. The money given back in the period, beside the refunds
    // of the period's orders that net revenue takes out.
    const refunds = within(region).getByText('Refunds given').closest('div')!;
    expect(refunds).toHaveTextContent('₹54,000.00');
    expect(refunds.querySelector('.text-red-700')).toHaveTextContent('Up 100%');
    expect(refunds).toHaveTextContent('3 refunds in the period, whatever the order’s date');
    expect(refunds).toHaveTextContent('On the period’s orders: ₹36,000.00 (2 orders), taken out of net revenue');
    expect(within(region).getByText('New customers').closest('div')).toHaveTextContent('None in the previous 7 days');
    expect(region).toHaveTextContent('8 of 10 checkouts confirmed');
    expect(region).toHaveTextContent('Cart-to-order conversion: not measured');
    expect(within(region).getByText('Cash on delivery with couriers').closest('div')).toHaveTextContent('₹45,000.00');
    expect(screen.getByText('Customers', { exact: true })).toBeInTheDocument();
  });

  it('leads each thing needing attention to its list', async () => {
    stubApi();
    renderAt('/admin/dashboard');
    const attention = await screen.findByRole('region', { name: 'Needs attention' }, slow);
    const link = (name: RegExp) => within(attention).getByRole('link', { name });
    expect(link(/Vendors awaiting approval/)).toHaveAttribute('href', '/admin/users?role=vendor&status=pending');
    expect(link(/Orders late to ship/)).toHaveAttribute('href', '/admin/orders?late=true');
    expect(link(/Orders late to ship/)).toHaveTextContent('4');
    expect(link(/Returns waiting/)).toHaveAttribute('href', '/admin/orders?status=return_requested');
    expect(link(/Payments failed/)).toHaveAttribute('href', '/admin/payments?problem=failed');
    expect(link(/Payments stuck/)).toHaveAttribute('href', '/admin/payments?problem=stuck');
    expect(link(/Products low on stock/)).toHaveAttribute('href', '/admin/products?status=active&stock=low');
    expect(link(/Unanswered messages/)).toHaveAttribute('href', '/admin/messages?status=new');
  });

  it('gives the charts a table of the same numbers, shown on screen on request', async () => {
    stubApi();
    renderAt('/admin/dashboard');
    const chart = await screen.findByRole('figure', { name: 'Daily GMV, beside the previous 7 days (dashed)' }, slow);
    const table = within(chart).getByRole('table', { name: 'Daily GMV, beside the previous 7 days (dashed)' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('20 Nov₹10,000₹5,000 (13 Nov)');
    expect(table.parentElement).toHaveClass('sr-only');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show the numbers as tables' }));
    expect(screen.getByRole('button', { name: 'Show the numbers as tables' })).toHaveAttribute('aria-pressed', 'true');
    const shown = within(screen.getByRole('figure', { name: /Daily GMV/ })).getByRole('table').parentElement!;
    expect(shown).not.toHaveClass('sr-only');
    // The box it scrolls in takes the keyboard focus.
    expect(shown).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('table', { name: 'Top vendors by sales' })).toHaveTextContent('Kharghar Computers');
    expect(screen.getByRole('table', { name: 'Orders by status now' })).toHaveTextContent('Shipped');
  });

  it('keeps the range in the address, and checks a custom period before asking for it', async () => {
    const fetch = stubApi();
    const router = renderAt('/admin/dashboard');
    await screen.findByRole('region', { name: 'Figures of the period' }, slow);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(router.state.location.search).toBe('?range=month');
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/dashboard?range=month', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom period' });
    await user.type(within(form).getByLabelText('From'), '2026-11-10');
    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Show period' }));
    expect(within(form).getByLabelText('To')).toHaveAccessibleDescription('The last day must be on or after the first day');
    expect(router.state.location.search).toBe('?range=month');

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-11-20');
    await user.click(within(form).getByRole('button', { name: 'Show period' }));
    expect(router.state.location.search).toBe('?range=custom&from=2026-11-10&to=2026-11-20');
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/dashboard?range=custom&from=2026-11-10&to=2026-11-20', expect.anything());
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when the figures could not be loaded, and tries again on Retry', async () => {
    let calls = 0;
    stubApi(() => {
      calls += 1;
      return calls === 1 ? json({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, 503) : json(dashboard);
    });
    renderAt('/admin/dashboard?range=30d');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry' }, slow));
    expect(await screen.findByRole('region', { name: 'Figures of the period' }, slow)).toBeInTheDocument();
  });
});
