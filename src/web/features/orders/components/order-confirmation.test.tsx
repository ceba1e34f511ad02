import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPayment } from '~/web/lib/payment-redirect';
import { detail, json, paidDetail, renderAt } from '../test-fixtures';
import { OrderConfirmation } from './order-confirmation';

// Leaving for the payment provider's page is the one thing jsdom cannot do.
vi.mock('~/web/lib/payment-redirect', () => ({ openPayment: vi.fn(async () => undefined) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(openPayment).mockClear();
});

const renderPage = (paymentFailed = false) =>
  renderAt(<OrderConfirmation orderId="ord_1" paymentFailed={paymentFailed} />, {
    url: `/?order=ord_1${paymentFailed ? '&payment=failed' : ''}`,
  });

describe('OrderConfirmation', () => {
  it('confirms a cash-on-delivery order with its number, total, address, delivery window and next steps', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order: detail() })),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('SC-2611-0001');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Total₹54,990.00');
    expect(summary).toHaveTextContent('Cash on delivery · Pay on delivery');
    expect(summary).toHaveTextContent('Expected delivery24 Nov 2026 – 26 Nov 2026');
    expect(screen.getByRole('region', { name: 'Delivering to' })).toHaveTextContent('Flat 12, Baner Road');
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent('keep the exact amount ready');
    expect(screen.getByRole('link', { name: 'View order details' })).toHaveAttribute('href', '/order-details/ord_1');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
  });

  it('adds up the items, the coupon and the delivery charge to the total, as the order page does', async () => {
    const order = detail({
      couponCode: 'WELCOME10',
      totals: { ...detail().totals, discountPaise: 5_499_00, shippingPaise: 199_00, totalPaise: 49_690_00 },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Items (1)₹54,990.00');
    expect(summary).toHaveTextContent('Discount (coupon WELCOME10)−₹5,499.00');
    expect(summary).toHaveTextContent('Standard delivery₹199.00');
    expect(summary).toHaveTextContent('Total₹49,690.00');
  });

  it('says "Paid" for an order paid online', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order: paidDetail() })),
    );
    renderPage();
    expect(await screen.findByRole('region', { name: 'Order summary' })).toHaveTextContent('UPI · Paid');
  });

  it('after a failed payment, explains, shows how long the stock is held and starts the payment again', async () => {
    const order = detail({
      status: 'pending_payment',
      paymentMethod: 'upi',
      paymentDueAt: '2026-11-21T07:00:00.000Z',
      payment: {
        ...detail().payment,
        provider: 'test-gateway',
        method: 'upi',
        status: 'failed',
        errorDescription: 'The UPI request was declined by the payer.',
      },
      actions: { canPay: true, canCancel: true, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
      invoice: null,
    });
    const checkout = { kind: 'hosted-page', url: '/test-gateway/checkout/ord_1' };
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json(200, { checkout }) : json(200, { order }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage(true);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The UPI request was declined by the payer.');
    expect(screen.getByText(/We hold the items for you until/)).toHaveTextContent('21 Nov 2026, 12:30 pm');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetch).toHaveBeenCalledWith('/api/orders/ord_1/payment', expect.objectContaining({ method: 'POST' }));
    expect(openPayment).toHaveBeenCalledWith(checkout);
  });

  it('shows why the payment could not be started', async () => {
    const order = detail({
      status: 'pending_payment',
      actions: { canPay: true, canCancel: true, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json(409, { error: { code: 'CONFLICT', message: 'This order is no longer waiting for payment.' } })
          : json(200, { order }),
      ),
    );
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.at(-1)).toHaveTextContent('This order is no longer waiting for payment.');
    expect(openPayment).not.toHaveBeenCalled();
  });

  it('says the order is not found when it is not the customer’s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: { code: 'NOT_FOUND', message: 'Order not found.' } })),
    );
    renderPage();
    const empty = await screen.findByRole('heading', { level: 2, name: 'Order not found' });
    expect(within(empty.parentElement!).getByRole('link', { name: 'See your orders' })).toBeInTheDocument();
  });
});
