import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
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

const SELLERS = { sellers: [{ id: 'ven_kharghar', name: 'Kharghar Computers' }] };

/** The page, with the Seller filter's sellers answered here and every other request by the test's own fetch. */
function renderAt(url: string) {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    input === '/api/admin/order-sellers' ? Promise.resolve(json(SELLERS)) : answer(input, init),
  );
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
    expect(row).toHaveTextContent('Edited a product');
    expect(row).toHaveTextContent('product.update');
    expect(row).toHaveTextContent('203.0.113.7');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Changes of entry 42' }));
    const changes = await screen.findByRole('table', { name: 'Values before and after entry 42' });
    expect(within(changes).getByRole('row', { name: /Price/ })).toHaveTextContent(/^Price₹12,999.00₹11,499.00$/);
    expect(changes).not.toHaveTextContent('pricePaise');

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

  it('reads the values of a change as a shop owner does: words for fields, rupees, percentages, India time, Yes/No, items by name', async () => {
    const refund: AuditEntry = {
      ...entry,
      id: 44,
      actor: { userId: 'usr_2', role: 'admin', email: 'ops@shop.in' },
      action: 'order.refund_lines',
      entityType: 'order',
      entityId: 'ord_1',
      summary: "Order SC-100028: ₹17,499.50 refunded by an admin to the customer's UPI: Dead on arrival",
      before: { amountRefundedPaise: 0, gstRateBp: 1800, hidden: false, bankReference: null },
      after: {
        amountRefundedPaise: 1_749_950,
        gstRateBp: 1200,
        hidden: true,
        bankReference: null,
        paidAt: '2026-11-24T20:00:00.000Z',
        lines: [
          { itemId: 'itm_1', name: 'Lenovo IdeaPad Slim 3', quantity: 2 },
          { itemId: 'itm_2', name: 'Logitech M331 Mouse', quantity: 1 },
        ],
        status: 'pending_review',
        steps: ['Credit note CN-2026-000045 of ₹17,499.50 issued against the invoice', "Refund of ₹17,499.50 issued to the customer's UPI"],
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [refund], total: 1, page: 1, pageSize: 20 })),
    );
    renderAt('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log, newest first (1 entry)' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Refunded items')).toBeInTheDocument();
    expect(within(row).getByText('order.refund_lines')).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Changes of entry 44' }));
    const changes = await screen.findByRole('table', { name: 'Values before and after entry 44' });
    const field = (name: string) => within(changes).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(field('Refunded in all')).toHaveTextContent(/^Refunded in all₹0.00₹17,499.50$/);
    expect(field('GST rate')).toHaveTextContent(/^GST rate18%12%$/);
    expect(field('Hidden')).toHaveTextContent(/^HiddenNoYes$/);
    expect(field('Bank reference')).toHaveTextContent(/^Bank reference \(UTR\)——$/);
    // 20:00 UTC is 1:30 am the next day in India.
    expect(field('Paid on')).toHaveTextContent(/25 Nov 2026, 1:30\sam$/);
    expect(field('Status')).toHaveTextContent(/Pending review$/);
    const items = within(field('Items')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['2 × Lenovo IdeaPad Slim 3', '1 × Logitech M331 Mouse']);
    expect(within(field('Steps')).getAllByRole('listitem')).toHaveLength(2);
    expect(changes).not.toHaveTextContent(/Paise|Bp\b|itemId|\{|\[/);
  });

  it('filters by every kind recorded, Settings too, and by one action named in words', async () => {
    const fetch = vi.fn(async () => json({ items: [entry], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log, newest first (1 entry)' });
    const user = userEvent.setup();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(within(kind).getByRole('option', { name: 'Settings' })).toBeInTheDocument();
    await user.selectOptions(kind, 'Settings');
    expect(router.state.location.search).toContain('action=settings');

    await user.selectOptions(kind, 'Order steps and refunds');
    const action = screen.getByRole('combobox', { name: 'Action' });
    // Only the order's actions, in words.
    expect(within(action).queryByRole('option', { name: 'Approved a vendor' })).not.toBeInTheDocument();
    await user.selectOptions(action, 'Refunded items');
    expect(router.state.location.search).toContain('action=order.refund_lines');
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith('/api/admin/audit?page=1&pageSize=20&action=order.refund_lines', expect.anything()),
    );
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('order');
    // Every action of the kind again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Every action of this kind');
    expect(router.state.location.search).toContain('action=order');
    expect(router.state.location.search).not.toContain('refund_lines');
  });

  it('shows everything about one seller, chosen by name', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json({ items: [entry], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log, newest first (1 entry)' });
    const seller = screen.getByRole('combobox', { name: 'Seller' });
    await waitFor(() => expect(within(seller).getByRole('option', { name: 'Kharghar Computers' })).toBeInTheDocument());
    await userEvent.setup().selectOptions(seller, 'Kharghar Computers');
    expect(router.state.location.search).toContain('vendorId=ven_kharghar');
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith('/api/admin/audit?page=1&pageSize=20&vendorId=ven_kharghar', expect.anything()),
    );
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
