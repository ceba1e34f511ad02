import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnsReport } from '~/shared/schemas/reports';
import { ReturnsReportView } from './returns-report';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sellers = [
  { id: 'v1', name: 'Deccan Laptops LLP', gstin: '27AAAPL1234C1Z5', state: 'Maharashtra' },
  { id: 'v2', name: 'Kharghar Computer Mart', gstin: '27AABCK5678D1Z2', state: 'Maharashtra' },
];
const report: ReturnsReport = {
  month: '2026-10',
  seller: null,
  sellers,
  rows: [
    {
      orderId: 'ord_1',
      orderNumber: 'SC-100042',
      vendorId: 'v1',
      sellerName: 'Deccan Laptops LLP',
      receivedAt: '2026-10-14T06:00:00.000Z',
      condition: 'resellable',
      reason: 'No longer needed',
      items: [{ name: 'Lenovo IdeaPad Slim 3', quantity: 2 }],
      units: 2,
      valuePaise: 1_10_000_00,
      taxablePaise: 93_220_34,
      refundedAt: '2026-10-15T06:00:00.000Z',
    },
    {
      orderId: 'ord_1',
      orderNumber: 'SC-100042',
      vendorId: 'v2',
      sellerName: 'Kharghar Computer Mart',
      receivedAt: '2026-10-16T06:00:00.000Z',
      condition: 'damaged',
      reason: 'Damaged or defective on arrival: cracked screen',
      items: [{ name: 'Dell 24 Monitor', quantity: 1 }],
      units: 1,
      valuePaise: 12_500_00,
      taxablePaise: 10_593_22,
      refundedAt: null,
    },
  ],
  bySeller: [
    {
      vendorId: 'v1',
      sellerName: 'Deccan Laptops LLP',
      returns: 1,
      units: 2,
      valuePaise: 1_10_000_00,
      resellableUnits: 2,
      resellablePaise: 1_10_000_00,
      damagedUnits: 0,
      damagedPaise: 0,
    },
    {
      vendorId: 'v2',
      sellerName: 'Kharghar Computer Mart',
      returns: 1,
      units: 1,
      valuePaise: 12_500_00,
      resellableUnits: 0,
      resellablePaise: 0,
      damagedUnits: 1,
      damagedPaise: 12_500_00,
    },
  ],
  totals: {
    returns: 2,
    units: 3,
    valuePaise: 1_22_500_00,
    resellableUnits: 2,
    resellablePaise: 1_10_000_00,
    damagedUnits: 1,
    damagedPaise: 12_500_00,
  },
};

function renderReport(filter: { month: string; vendor?: string } = { month: '2026-10' }) {
  const router = createMemoryRouter([{ path: '*', element: <ReturnsReportView filter={filter} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ReturnsReportView', () => {
  it('lists each return with its order, items, condition, value and refund, then the totals per seller', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, report));
    vi.stubGlobal('fetch', fetchMock);
    renderReport({ month: '2026-10', vendor: 'v2' });
    const table = await screen.findByRole('table', { name: 'Returns received, October 2026' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/reports/returns?month=2026-10&vendor=v2');
    expect(
      screen.getByText(/2 returns \(3 units\) received in October 2026: ₹1,10,000.00 back in stock, ₹12,500.00 written off\./),
    ).toBeInTheDocument();
    const damaged = within(table).getByText('Dell 24 Monitor', { exact: false }).closest('tr')!;
    expect(damaged).toHaveTextContent('Written off');
    expect(damaged).toHaveTextContent('₹12,500.00');
    expect(damaged).toHaveTextContent('Not yet');
    expect(within(damaged).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/admin/orders/ord_1');
    const back = within(table).getByText('2 × Lenovo IdeaPad Slim 3').closest('tr')!;
    expect(back).toHaveTextContent('Back in stock');
    expect(back).toHaveTextContent('15 Oct 2026');

    const bySeller = screen.getByRole('table', { name: 'By seller' });
    const total = within(bySeller).getByText('Total').closest('tr')!;
    expect(total).toHaveTextContent('₹1,10,000.00');
    expect(total).toHaveTextContent('₹12,500.00');
  });

  it('says when no seller received a return in the month', async () => {
    const empty = { ...report, rows: [], bySeller: [], totals: { ...report.totals, returns: 0, units: 0, valuePaise: 0 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, empty)),
    );
    renderReport();
    expect(await screen.findByText(/No returns received in October 2026\./)).toBeInTheDocument();
    expect(screen.getAllByText('No seller received a return in this month.')).toHaveLength(2);
  });
});
