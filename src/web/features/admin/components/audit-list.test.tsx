import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '~/shared/schemas/audit';
import AdminAuditPage from '~/web/app/routes/admin/audit';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const entry: AuditEntry = {
  id: 42,
  at: '2026-11-24T10:15:00.000Z',
  actor: { userId: 'usr_1', role: 'vendor', email: 'sales@khargharcomputers.in' },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  action: 'product.update',
  entityType: 'product',
  entityId: 'prd_1',
  vendorId: 'ven_1',
  summary: 'Changed pricePaise of LG Ultragear 24GS60F',
  before: { pricePaise: 12_999_00 },
  after: { pricePaise: 11_499_00 },
  hash: 'ab'.repeat(32),
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/audit', element: <AdminAuditPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the audit log page', () => {
  it('lists entries with who, what and from where, opens one to its values before and after, and filters from the address', async () => {
    const fetch = vi.fn(async () => json({ items: [entry], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/audit?role=vendor');
    const table = await screen.findByRole('table', { name: 'Audit log, newest first (1 entry)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/audit?page=1&pageSize=20&role=vendor', expect.anything());
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('sales@khargharcomputers.in');
    expect(row).toHaveTextContent('product.update');
    expect(row).toHaveTextContent('203.0.113.7');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Changes of entry 42' }));
    const changes = await screen.findByRole('table', { name: 'Values before and after entry 42' });
    expect(within(changes).getByRole('row', { name: /pricePaise/ })).toHaveTextContent('pricePaise12999001149900');

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Payouts');
    expect(router.state.location.search).toContain('action=payout');
  });

  it('names who acted by role as screens do, and says an order’s steps about the customer, not to them', async () => {
    const refund: AuditEntry = {
      ...entry,
      id: 43,
      actor: { userId: 'usr_2', role: 'admin', email: 'ops@shop.in' },
      action: 'order.refund',
      entityType: 'order',
      entityId: 'ord_1',
      summary: 'Refund of ₹1,999.00 issued to your EMI: Cancelled by you before it shipped',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [refund, entry], total: 2, page: 1, pageSize: 20 })),
    );
    renderAt('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log, newest first (2 entries)' });
    const [, refundRow, productRow] = within(table).getAllByRole('row');
    expect(refundRow).toHaveTextContent("Refund of ₹1,999.00 issued to the customer's EMI: Cancelled by the customer before it shipped");
    expect(refundRow).not.toHaveTextContent(/\byour?\b/i);
    expect(within(refundRow!).getByText('Admin')).toBeInTheDocument();
    expect(within(productRow!).getByText('Vendor')).toBeInTheDocument();
    expect(productRow).toHaveTextContent('Changed pricePaise of LG Ultragear 24GS60F');
  });

  it('says when the log could not be loaded, with Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'UNAVAILABLE', message: 'Busy' } }, 503)),
    );
    renderAt('/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit log could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('checks the chain on demand and leads to the first broken entry', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/admin/audit/verify')
        ? json({
            checked: 6,
            firstBroken: { id: 7, reason: 'its contents were changed after it was written' },
            verifiedAt: '2026-11-25T07:00:00.000Z',
          })
        : json({ items: [entry], total: 1, page: 1, pageSize: 20 }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/audit');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check the chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Broken at entry 7');
    expect(alert).toHaveTextContent('Entry 7: its contents were changed after it was written. The 6 entries before it hold');
    await user.click(within(alert).getByRole('button', { name: 'Show entry 7' }));
    expect(router.state.location.search).toContain('q=7');
  });
});
