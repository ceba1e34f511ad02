import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRefundRow, AdminRefundsResponse } from '~/shared/schemas/payments';
import { RefundsList } from './payments-refunds-list';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const refund: AdminRefundRow = {
  id: 'rfd_1',
  paymentId: 'pay_1',
  orderId: 'ord_7',
  orderNumber: 'SC-100077',
  customerName: 'Aditi Joshi',
  customerEmail: 'aditi@example.in',
  method: 'upi',
  amountPaise: 54_999_00,
  status: 'processed',
  reason: 'Returned: screen flickers',
  providerRefundId: 'rfnd_TEST123',
  createdAt: '2026-11-20T06:30:00.000Z',
};

const answer = (items: AdminRefundRow[]): AdminRefundsResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  summary: { amountPaise: items.reduce((s, r) => s + r.amountPaise, 0), pendingCount: 0, failedCount: 0 },
});

function renderList(filter = { page: 1, pageSize: 20 }, onClearFilters = vi.fn()) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RefundsList filter={filter} onPageChange={() => undefined} onClearFilters={onClearFilters} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onClearFilters;
}

describe('RefundsList', () => {
  it('shows each refund with its status, amount, provider reference and a link to its order', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, answer([refund])));
    vi.stubGlobal('fetch', fetchMock);
    renderList({ page: 1, pageSize: 20, status: 'processed' } as never);
    const table = await screen.findByRole('table', { name: /Refunds, newest first \(1 in all\)/ });
    const row = within(table).getAllByTestId('refund-row')[0]!;
    expect(within(row).getByRole('link', { name: 'SC-100077' })).toHaveAttribute('href', '/admin/orders/ord_7');
    expect(row).toHaveTextContent('Processed');
    expect(row).toHaveTextContent('₹54,999.00');
    expect(row).toHaveTextContent('rfnd_TEST123');
    expect(fetchMock.mock.calls[0]![0]).toContain('/api/admin/refunds?page=1&pageSize=20&status=processed');
    expect(screen.getAllByTestId('refunds-summary-card')[0]).toHaveTextContent('₹54,999.00');
  });

  it('says when nothing matches and offers to clear the filter; a failed load offers Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([]))),
    );
    const clear = renderList({ page: 1, pageSize: 20, q: 'SC-1' } as never);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(clear).toHaveBeenCalled();
  });

  it('shows an error with Retry when the refunds cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })),
    );
    renderList();
    expect(await screen.findByText('Refunds could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeVisible();
  });
});
