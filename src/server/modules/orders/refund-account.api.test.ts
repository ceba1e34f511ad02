import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderResponse, OrderDetail } from '~/shared/schemas/orders';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, productsUnder, customerWithAddress, placed, getOrder } = kit;

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

const ACCOUNT = {
  holderName: 'Aditi Joshi',
  accountNumber: '5010 0123 4567 1234',
  confirmAccountNumber: '501001234567-1234',
  ifsc: 'hdfc0001234',
};

const asAdmin = async (orderId: string, step: string, body?: object) => {
  const res = await json(kit.t.app, 'POST', `/api/admin/orders/${orderId}/${step}`, body, admin);
  expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
};
const giveAccount = (orderId: string, body: object, cookie: string) =>
  json(kit.t.app, 'PUT', `/api/orders/${orderId}/refund-account`, body, cookie);
async function adminView(orderId: string): Promise<AdminOrderResponse> {
  const res = await json(kit.t.app, 'GET', `/api/admin/orders/${orderId}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOrderResponse;
}

/** An order of one product, paid as asked, shipped and delivered by the shop; returned when `asked`. */
async function deliveredOrder(paymentMethod: 'cod' | 'upi', { asked }: { asked: boolean }) {
  const [product] = await productsUnder(40_000_00, 1);
  const { cookie, addressId } = await customerWithAddress();
  const { order } = await placed(cookie, {
    items: [{ productId: product!.id, quantity: 1 }],
    addressId,
    delivery: 'standard',
    paymentMethod,
  });
  if (paymentMethod === 'upi') await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
  await asAdmin(order.id, 'ship', { carrier: 'Blue Dart', trackingNumber: 'BD55667788' });
  await asAdmin(order.id, 'deliver');
  if (asked) {
    const res = await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'Damaged or defective on arrival' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { order: await getOrder(cookie, order.id), cookie };
}

describe('a customer gives the bank account for the refund of a cash-on-delivery return', () => {
  it('saves it on their order, shows it to them masked and to the admin whole, and writes it on the timeline', async () => {
    const { order, cookie } = await deliveredOrder('cod', { asked: true });
    expect(order.status).toBe('return_requested');
    expect(order.actions.canGiveRefundAccount).toBe(true);
    expect(order.refundAccount).toBeNull();
    expect((await adminView(order.id)).controls.refundAccount).toBeNull();
    // The return e-mail asks for the account, on the order page.
    const [mail] = await rows<{ data: { refundByBankTransfer?: boolean } }>(
      sql`select data from mail_messages where template = 'order_return_requested' and data->>'orderNumber' = ${order.orderNumber}`,
    );
    expect(mail!.data.refundByBankTransfer).toBe(true);

    const res = await giveAccount(order.id, ACCOUNT, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().order as OrderDetail;
    expect(saved.refundAccount).toEqual({ holderName: 'Aditi Joshi', maskedNumber: 'XXXXXX1234', ifsc: 'HDFC0001234' });
    expect(saved.timeline.at(-1)).toMatchObject({
      kind: 'refund_account',
      actorRole: 'customer',
      message: 'You gave the bank account for your refund: XXXXXX1234 · HDFC0001234.',
    });
    // The whole number never goes back to the customer's browser.
    expect(res.body).not.toContain('501001234567');
    const read = await json(kit.t.app, 'GET', `/api/orders/${order.id}`, undefined, cookie);
    expect(read.body).not.toContain('501001234567');
    expect((read.json().order as OrderDetail).refundAccount?.maskedNumber).toBe('XXXXXX1234');

    // The admin, who makes the transfer, reads it whole.
    const view = await adminView(order.id);
    expect(view.controls.refundAccount).toEqual({ holderName: 'Aditi Joshi', accountNumber: '5010012345671234', ifsc: 'HDFC0001234' });
    expect(view.order.refundAccount?.maskedNumber).toBe('XXXXXX1234');

    // The same account again changes nothing; another one is a change, on the timeline too.
    const again = (await giveAccount(order.id, ACCOUNT, cookie)).json().order as OrderDetail;
    expect(again.timeline.filter((e) => e.kind === 'refund_account')).toHaveLength(1);
    const changed = await giveAccount(
      order.id,
      { holderName: 'Aditi S. Joshi', accountNumber: '00112233445566', confirmAccountNumber: '00112233445566', ifsc: 'SBIN0005678' },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json().order as OrderDetail).timeline.at(-1)?.message).toBe(
      'You changed the bank account for your refund to XXXXXX5566 · SBIN0005678.',
    );
    expect((await adminView(order.id)).controls.refundAccount).toEqual({
      holderName: 'Aditi S. Joshi',
      accountNumber: '00112233445566',
      ifsc: 'SBIN0005678',
    });

    // Still possible once the return is back; not once the refund is made.
    await asAdmin(order.id, 'return-received', { condition: 'resellable' });
    expect((await getOrder(cookie, order.id)).actions.canGiveRefundAccount).toBe(true);
    await asAdmin(order.id, 'refund', { bankReference: 'UTR20261201001' });
    const refunded = await getOrder(cookie, order.id);
    expect(refunded.actions.canGiveRefundAccount).toBe(false);
    const late = await giveAccount(order.id, ACCOUNT, cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This order has been refunded already.');
  });

  it('refuses bad input with field errors, and saves nothing', async () => {
    const { order, cookie } = await deliveredOrder('cod', { asked: true });
    const res = await giveAccount(
      order.id,
      { holderName: 'A', accountNumber: '12345', confirmAccountNumber: '54321', ifsc: 'HDFC123' },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      holderName: expect.stringMatching(/name on the account/),
      accountNumber: 'Account number must be 9 to 18 digits',
      ifsc: expect.stringMatching(/^IFSC must be 11 characters/),
    });
    const mismatched = await giveAccount(order.id, { ...ACCOUNT, confirmAccountNumber: '5010012345671235' }, cookie);
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().error.fields).toEqual({ confirmAccountNumber: 'The account numbers do not match' });
    const extra = await giveAccount(order.id, { ...ACCOUNT, upi: 'aditi@okhdfc' }, cookie);
    expect(extra.statusCode).toBe(400);
    expect((await getOrder(cookie, order.id)).refundAccount).toBeNull();
  });

  it("answers 404 for another customer's order, and 401 to a visitor", async () => {
    const { order } = await deliveredOrder('cod', { asked: true });
    const other = await customerWithAddress();
    const res = await giveAccount(order.id, ACCOUNT, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect((await giveAccount(order.id, ACCOUNT, '')).statusCode).toBe(401);
    expect((await adminView(order.id)).controls.refundAccount).toBeNull();
  });

  it('answers 409 for a prepaid order and for a cash-on-delivery order with no return asked for', async () => {
    const prepaid = await deliveredOrder('upi', { asked: true });
    expect(prepaid.order.actions.canGiveRefundAccount).toBe(false);
    const online = await giveAccount(prepaid.order.id, ACCOUNT, prepaid.cookie);
    expect(online.statusCode).toBe(409);
    expect(online.json().error.message).toMatch(/paid online: its refund goes back the way you paid/);
    const [mail] = await rows<{ data: { refundByBankTransfer?: boolean } }>(
      sql`select data from mail_messages where template = 'order_return_requested' and data->>'orderNumber' = ${prepaid.order.orderNumber}`,
    );
    expect(mail!.data.refundByBankTransfer).toBeUndefined();

    const kept = await deliveredOrder('cod', { asked: false });
    expect(kept.order.actions.canGiveRefundAccount).toBe(false);
    const noReturn = await giveAccount(kept.order.id, ACCOUNT, kept.cookie);
    expect(noReturn.statusCode).toBe(409);
    expect(noReturn.json().error.message).toMatch(/once you have asked to return the order/);
    expect((await getOrder(kept.cookie, kept.order.id)).refundAccount).toBeNull();
  });
});
