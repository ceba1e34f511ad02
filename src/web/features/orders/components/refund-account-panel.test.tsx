import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '~/shared/schemas/orders';
import { detail, json, paidDetail, renderAt } from '../test-fixtures';
import { OrderDetailsView } from './order-details-view';

afterEach(() => vi.unstubAllGlobals());

const renderOrder = () => renderAt(<OrderDetailsView orderId="ord_1" />, { path: '/order-details/:orderId', url: '/order-details/ord_1' });

/** A cash-on-delivery order delivered, its cash collected, and a return asked for. */
function codReturn(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base = detail();
  return detail({
    status: 'return_requested',
    returnReason: 'Damaged or defective on arrival',
    deliveredAt: '2026-11-25T10:00:00.000Z',
    payment: { ...base.payment, status: 'captured', capturedAt: '2026-11-25T10:00:00.000Z' },
    actions: { canPay: false, canCancel: false, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: true },
    ...overrides,
  });
}
const SAVED = { holderName: 'Priya Kulkarni', maskedNumber: 'XXXXXX1234', ifsc: 'HDFC0001234' };

async function fill(panel: HTMLElement, values: { name: string; number: string; again: string; ifsc: string }) {
  const user = userEvent.setup();
  await user.type(within(panel).getByLabelText('Account holder’s name'), values.name);
  await user.type(within(panel).getByLabelText('Account number'), values.number);
  await user.type(within(panel).getByLabelText('Account number again'), values.again);
  await user.type(within(panel).getByLabelText('IFSC'), values.ifsc);
  return user;
}

describe('RefundAccountPanel', () => {
  it('asks where to send the refund of a cash-on-delivery return, checks the form, and shows the account masked once saved', async () => {
    const order = codReturn();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json(200, {
            order: {
              ...order,
              refundAccount: SAVED,
              timeline: [
                ...order.timeline,
                {
                  kind: 'refund_account',
                  message: 'You gave the bank account for your refund: XXXXXX1234 · HDFC0001234.',
                  actorRole: 'customer',
                  createdAt: '2026-11-26T06:30:00.000Z',
                },
              ],
            },
          })
        : json(200, { order }),
    );
    vi.stubGlobal('fetch', fetch);
    renderOrder();
    const panel = await screen.findByRole('region', { name: 'Where should we send your refund?' });
    expect(panel).toHaveTextContent(
      'You paid ₹54,990.00 in cash on delivery, so we refund you by bank transfer (NEFT) within 2 to 4 working days of receiving your account details.',
    );

    // Nothing typed: each field says what it needs, and nothing is sent.
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Save bank account' }));
    expect(await within(panel).findByText('Enter the name on the account, as the bank has it')).toBeInTheDocument();
    expect(within(panel).getByLabelText('IFSC')).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText('Account number must be 9 to 18 digits')).toBeInTheDocument();

    // A wrong IFSC and numbers that differ are caught before sending.
    await fill(panel, { name: 'Priya Kulkarni', number: '5010 0123 4567 1234', again: '5010 0123 4567 1235', ifsc: 'HDFC123' });
    await user.click(within(panel).getByRole('button', { name: 'Save bank account' }));
    expect(await within(panel).findByText('The account numbers do not match')).toBeInTheDocument();
    expect(within(panel).getByText(/^IFSC must be 11 characters/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(within(panel).getByLabelText('Account number again'));
    await user.type(within(panel).getByLabelText('Account number again'), '501001234567-1234');
    await user.clear(within(panel).getByLabelText('IFSC'));
    await user.type(within(panel).getByLabelText('IFSC'), 'hdfc0001234');
    await user.click(within(panel).getByRole('button', { name: 'Save bank account' }));

    expect(await within(panel).findByText('XXXXXX1234 · HDFC0001234')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Priya Kulkarni');
    expect(within(panel).queryByLabelText('Account number')).not.toBeInTheDocument();
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/orders/ord_1/refund-account');
    expect(JSON.parse(String(init!.body))).toEqual({
      holderName: 'Priya Kulkarni',
      accountNumber: '5010012345671234',
      confirmAccountNumber: '5010012345671234',
      ifsc: 'HDFC0001234',
    });
    expect(screen.getByRole('region', { name: 'Order updates' })).toHaveTextContent(
      'You gave the bank account for your refund: XXXXXX1234 · HDFC0001234.',
    );
    // Focus goes to "Change", which opens an empty form again; keeping the account closes it.
    const change = within(panel).getByRole('button', { name: 'Change the bank account' });
    expect(change).toHaveFocus();
    await user.click(change);
    expect(within(panel).getByLabelText('Account holder’s name')).toHaveFocus();
    expect(within(panel).getByLabelText('Account number')).toHaveValue('');
    await user.click(within(panel).getByRole('button', { name: 'Keep the current account' }));
    expect(within(panel).getByText('XXXXXX1234 · HDFC0001234')).toBeInTheDocument();
  });

  it('puts the server’s field errors on the fields and its other refusals above the form', async () => {
    const order = codReturn();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json(400, { error: { code: 'VALIDATION', message: 'Check the form', fields: { ifsc: 'No bank branch has this IFSC' } } })
        : json(200, { order }),
    );
    vi.stubGlobal('fetch', fetch);
    renderOrder();
    const panel = await screen.findByRole('region', { name: 'Where should we send your refund?' });
    const user = await fill(panel, { name: 'Priya Kulkarni', number: '501001234567', again: '501001234567', ifsc: 'ABCD0123456' });
    await user.click(within(panel).getByRole('button', { name: 'Save bank account' }));
    expect(await within(panel).findByText('No bank branch has this IFSC')).toBeInTheDocument();
    expect(within(panel).getByLabelText('IFSC')).toHaveAttribute('aria-invalid', 'true');

    fetch.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json(409, { error: { code: 'CONFLICT', message: 'This order has been refunded already.' } })
        : json(200, { order }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Save bank account' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This order has been refunded already.');
  });

  it('shows a saved account with Change, and asks nothing of prepaid orders or orders not coming back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order: codReturn({ refundAccount: SAVED }) })),
    );
    renderOrder();
    const panel = await screen.findByRole('region', { name: 'Where should we send your refund?' });
    expect(panel).toHaveTextContent('XXXXXX1234 · HDFC0001234');
    expect(within(panel).getByRole('button', { name: 'Change the bank account' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Save bank account' })).not.toBeInTheDocument();
  });

  it.each([
    ['a prepaid return', paidDetail({ status: 'return_requested' })],
    [
      'a cash-on-delivery order refunded already',
      codReturn({ status: 'refunded', refundAccount: SAVED, actions: { ...codReturn().actions, canGiveRefundAccount: false } }),
    ],
  ])('is not shown for %s', async (_, order) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SC-2611-0001' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Where should we send your refund?' })).not.toBeInTheDocument();
  });
});
