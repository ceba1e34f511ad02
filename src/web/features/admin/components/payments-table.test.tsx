import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment, AdminPaymentsResponse } from '~/shared/schemas/payments';
import type { PaymentsFilter } from '../api/payments-queries';
import { PaymentsList } from './payments-list';
import { screenOf } from '~/web/test/screen-width';

afterEach(() => vi.unstubAllGlobals());

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    paymentId: 'pay_1',
    orderId: 'ord_1',
    orderNumber: 'SC-100042',
    orderStatus: 'placed',
    customerName: 'Aditi Joshi',
    customerEmail: 'aditi@example.in',
    provider: 'test-gateway',
    method: 'card',
    paidWith: 'card',
    status: 'captured',
    amountPaise: 54_990_00,
    amountRefundedPaise: 0,
    providerPaymentId: 'pay_TEST123',
    attempts: 1,
    errorDescription: null,
    createdAt: '2026-11-21T06:30:00.000Z',
    capturedAt: '2026-11-21T06:31:00.000Z',
    refunds: [],
    ...overrides,
  };
}

function answer(items: AdminPayment[], overrides: Partial<AdminPaymentsResponse> = {}): AdminPaymentsResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    summary: {
      capturedPaise: 1_23_456_00,
      refundedPaise: 23_456_00,
      netPaise: 1_00_000_00,
      capturedCount: 3,
      failedCount: 2,
      notPaidCount: 1,
      notPaidCodCount: 0,
      stuckCount: 0,
      codToCollectPaise: 12_345_50,
    },
    ...overrides,
  };
}

function renderList(props: Partial<Parameters<typeof PaymentsList>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <PaymentsList filter={{ page: 1, pageSize: 20 }} onPageChange={() => undefined} {...props} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const refunded = payment({
  paymentId: 'pay_2',
  orderId: 'ord_2',
  orderNumber: 'SC-100041',
  orderStatus: 'refunded',
  method: 'upi',
  paidWith: 'upi',
  status: 'refunded',
  amountPaise: 23_456_00,
  amountRefundedPaise: 23_456_00,
  providerPaymentId: 'pay_REFUNDED1',
  refunds: [
    {
      id: 'rfd_1',
      amountPaise: 23_456_00,
      status: 'processed',
      reason: 'Returned: Damaged or defective on arrival',
      providerRefundId: 'rfnd_ABC123',
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  ],
});
const failed = payment({
  paymentId: 'pay_3',
  orderId: 'ord_3',
  orderNumber: 'SC-100043',
  orderStatus: 'pending_payment',
  status: 'failed',
  paidWith: null,
  providerPaymentId: null,
  capturedAt: null,
  attempts: 2,
  errorDescription: 'Your card was declined by the bank.',
});

describe('PaymentsList', () => {
  it('shows the money figures and a row per payment, asked for with the filter', async () => {
    const fetch = vi.fn(async () => json(200, answer([payment(), refunded, failed], { total: 3 })));
    vi.stubGlobal('fetch', fetch);
    renderList({ filter: { page: 1, pageSize: 20, status: 'refunded', q: 'SC-1000' } });

    const table = await screen.findByRole('table', { name: /Payments, newest first/ });
    expect(fetch).toHaveBeenCalledWith('/api/admin/payments?page=1&pageSize=20&status=refunded&q=SC-1000', expect.anything());

    const cards = screen.getAllByTestId('payments-summary-card');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Money received₹1,23,456.00'),
      expect.stringContaining('Refunded₹23,456.00'),
      expect.stringContaining('Net₹1,00,000.00'),
      expect.stringContaining('Failed attempts2'),
      expect.stringContaining('Stuck payments0'),
      expect.stringContaining('Not paid yet11 online, 0 cash on delivery'),
      expect.stringContaining('Cash on delivery, open orders₹12,345.50'),
    ]);

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Details', 'Date', 'Order', 'Customer', 'Method', 'Status', 'Amount', 'Refunded', 'Provider payment ID']);
    const rows = screen.getAllByTestId('payment-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('SC-100042');
    expect(rows[0]).toHaveTextContent('Placed');
    expect(rows[0]).toHaveTextContent('Aditi Joshi');
    expect(rows[0]).toHaveTextContent('aditi@example.in');
    expect(rows[0]).toHaveTextContent('Credit or debit card');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('₹54,990.00');
    // On one line, cut with its whole text in a tooltip when the column is narrower (never broken inside).
    expect(within(rows[0]!).getByText('pay_TEST123')).toHaveClass('truncate');
    expect(within(rows[0]!).getByText('pay_TEST123')).toHaveAttribute('title', 'pay_TEST123');
    expect(within(rows[0]!).getByText('pay_TEST123').closest('td')).toHaveClass('font-mono');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(rows[2]).toHaveTextContent('Payment failed');
    expect(rows[2]).toHaveTextContent('Awaiting payment');
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Payment pages' })).not.toBeInTheDocument();
  });

  it('shows each payment as a card on a phone: its order, its figures labelled, its details behind a button', async () => {
    screenOf(390);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([payment()], { total: 1 }))),
    );
    renderList({ filter: { page: 1, pageSize: 20 } });
    const card = await screen.findByTestId('payment-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Order SC-100042' })).toBeInTheDocument();
    const amount = within(card).getByText('Amount', { selector: 'dt' });
    expect(amount.nextElementSibling).toHaveTextContent('₹54,990.00');
    await userEvent.click(within(card).getByRole('button', { name: /Details of payment for order SC-100042/ }));
    expect(within(card).getByRole('heading', { name: 'Refunds' })).toBeInTheDocument();
  });

  it('opens a row to show its refunds, and a failed one to show why it failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([refunded, failed]))),
    );
    renderList();
    const user = userEvent.setup();

    const toggle = await screen.findByRole('button', { name: 'Details of payment for order SC-100041' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Returned: Damaged or defective on arrival')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).toBeVisible();
    expect(details).toHaveTextContent('₹23,456.00 · Processed');
    expect(details).toHaveTextContent('Returned: Damaged or defective on arrival');
    expect(details).toHaveTextContent('rfnd_ABC123');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Details of payment for order SC-100043' }));
    expect(screen.getByText('Your card was declined by the bank.')).toBeVisible();
    expect(screen.getByText('No refunds.')).toBeVisible();
  });

  it('pages through many payments', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([payment()], { total: 45, page: 2 }))),
    );
    const onPageChange = vi.fn();
    renderList({ filter: { page: 2, pageSize: 20 }, onPageChange });
    const nav = await screen.findByRole('navigation', { name: 'Payment pages' });
    expect(nav).toHaveTextContent('21–40 of 45');
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('says when a filter matches nothing, and offers to clear it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([], { summary: { ...answer([]).summary, capturedPaise: 0 } }))),
    );
    const onClearFilters = vi.fn();
    renderList({ filter: { page: 1, pageSize: 20, method: 'emi' }, onClearFilters });
    expect(await screen.findByRole('heading', { name: 'No payments match' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalled();
  });

  it('shows a loading skeleton, then a failed load as an error with Retry', async () => {
    let fail: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (fail = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderList();
    expect(screen.getByRole('status', { name: 'Loading payments' })).toBeInTheDocument();
    fail(json(503, { error: { code: 'UNAVAILABLE', message: 'The shop is busy. Please try again.' } }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payments could not be loaded');
    expect(alert).toHaveTextContent('The shop is busy. Please try again.');
    expect(screen.queryByText('No payments yet')).not.toBeInTheDocument();

    fetch.mockImplementation(async () => json(200, answer([payment()])));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('links each payment to its order', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([payment()]))),
    );
    renderList();
    expect(await screen.findByRole('link', { name: /SC-100042/ })).toHaveAttribute('href', '/admin/orders/ord_1');
  });

  it('says when no payment is stuck, with the rule', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, answer([]))),
    );
    renderList({ filter: { page: 1, pageSize: 20, problem: 'stuck' } });
    expect(await screen.findByRole('heading', { name: 'No stuck payments' })).toBeVisible();
    expect(screen.getByText(/captured or failed within 30 minutes/)).toBeVisible();
  });

  it('counts on the Not paid yet card the cash on delivery the list’s Not paid yet shows, and lists them from the card', async () => {
    const cod = (n: number) =>
      payment({
        paymentId: `pay_cod${n}`,
        orderNumber: `SC-10005${n}`,
        provider: 'cod',
        method: 'cod',
        paidWith: null,
        status: 'created',
        capturedAt: null,
      });
    const notPaid = [cod(1), cod(2)];
    const summary = { ...answer([]).summary, notPaidCount: 2, notPaidCodCount: 2 };
    const fetch = vi.fn(async (url: string) =>
      json(200, url.includes('status=created') ? answer(notPaid, { summary }) : answer([payment(), ...notPaid], { summary })),
    );
    vi.stubGlobal('fetch', fetch);
    function Page() {
      const [filter, setFilter] = useState<PaymentsFilter>({ page: 1, pageSize: 20 });
      return (
        <PaymentsList filter={filter} onPageChange={() => undefined} onShowNotPaid={() => setFilter({ ...filter, status: 'created' })} />
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <Page />
        </QueryClientProvider>
      </MemoryRouter>,
    );

    const card = (await screen.findAllByTestId('payments-summary-card')).find((c) => c.textContent?.startsWith('Not paid yet'))!;
    expect(card).toHaveTextContent('Not paid yet2');
    expect(card).toHaveTextContent('0 online, 2 cash on delivery');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'List the 2 not paid yet' }));

    expect(fetch).toHaveBeenLastCalledWith('/api/admin/payments?page=1&pageSize=20&status=created', expect.anything());
    await vi.waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(2));
    for (const row of screen.getAllByTestId('payment-row')) expect(row).toHaveTextContent('Not paid yet');
    // Listing them already, the card offers no button.
    expect(screen.queryByRole('button', { name: /List the 2 not paid yet/ })).not.toBeInTheDocument();
  });
});
