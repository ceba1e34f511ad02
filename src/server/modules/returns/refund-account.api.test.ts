import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import { signInAdmin, signUpVendor } from '../../test/accounts-kit';
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

describe('the admin records the account a customer phoned in, and the customer is reminded when the return is back', () => {
  const record = (orderId: string, body: object, cookie = admin) =>
    json(kit.t.app, 'PUT', `/api/admin/orders/${orderId}/refund-account`, body, cookie);
  const reminders = (orderNumber: string) =>
    rows<{ to_address: string; subject: string }>(
      sql`select to_address, subject from mail_messages where template = 'order_refund_account_needed' and data->>'orderNumber' = ${orderNumber}`,
    );

  it('e-mails the customer once the items are back if no account was given, and the admin records the one they phone in', async () => {
    const { order, cookie } = await deliveredOrder('cod', { asked: true });
    expect((await adminView(order.id)).controls.canRecordRefundAccount).toBe(true);
    expect(await reminders(order.orderNumber)).toHaveLength(0);

    await asAdmin(order.id, 'return-received', { condition: 'damaged' });
    const [reminder, ...more] = await reminders(order.orderNumber);
    expect(more).toHaveLength(0);
    expect(reminder!.subject).toBe(`Your refund for order ${order.orderNumber}: we need your bank account`);

    const res = await record(order.id, ACCOUNT);
    expect(res.statusCode, res.body).toBe(200);
    const view = await adminView(order.id);
    expect(view.controls.refundAccount).toEqual({ holderName: 'Aditi Joshi', accountNumber: '5010012345671234', ifsc: 'HDFC0001234' });
    // The customer sees it masked, and who recorded it, on the timeline.
    const mine = await getOrder(cookie, order.id);
    expect(mine.refundAccount?.maskedNumber).toBe('XXXXXX1234');
    expect(mine.timeline.at(-1)).toMatchObject({
      kind: 'refund_account',
      actorRole: 'admin',
      message: 'The shop recorded the bank account you gave us for your refund: XXXXXX1234 · HDFC0001234.',
    });
    // The audit log names the order and speaks of the customer.
    const [audit] = await rows<{ summary: string }>(
      sql`select summary from audit_log where action = 'order.refund_account' and entity_id = ${order.id}`,
    );
    expect(audit!.summary).toBe(
      `Order ${order.orderNumber}: The shop recorded the bank account the customer gave us for the customer's refund: XXXXXX1234 · HDFC0001234.`,
    );

    const changed = await record(order.id, {
      holderName: 'Aditi S. Joshi',
      accountNumber: '00112233445566',
      confirmAccountNumber: '00112233445566',
      ifsc: 'SBIN0005678',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getOrder(cookie, order.id)).timeline.at(-1)?.message).toBe(
      'The shop changed the bank account for your refund to the one you gave us: XXXXXX5566 · SBIN0005678.',
    );

    await asAdmin(order.id, 'refund', { bankReference: 'UTR20261201002' });
    expect((await adminView(order.id)).controls.canRecordRefundAccount).toBe(false);
    const late = await record(order.id, ACCOUNT);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This order has been refunded already.');
  });

  it('sends no reminder when the customer gave the account before the items came back, nor for a prepaid return', async () => {
    const given = await deliveredOrder('cod', { asked: true });
    expect((await giveAccount(given.order.id, ACCOUNT, given.cookie)).statusCode).toBe(200);
    await asAdmin(given.order.id, 'return-received', { condition: 'resellable' });
    expect(await reminders(given.order.orderNumber)).toHaveLength(0);

    const prepaid = await deliveredOrder('upi', { asked: true });
    await asAdmin(prepaid.order.id, 'return-received', { condition: 'resellable' });
    expect(await reminders(prepaid.order.orderNumber)).toHaveLength(0);
    expect((await adminView(prepaid.order.id)).controls.canRecordRefundAccount).toBe(false);
    const res = await record(prepaid.order.id, ACCOUNT);
    expect(res.statusCode).toBe(409);
  });

  it('is the admin’s only: 403 for a customer and a vendor, 401 for a visitor, 404 for an unknown order, 400 with field errors', async () => {
    const { order, cookie } = await deliveredOrder('cod', { asked: true });
    expect((await record(order.id, ACCOUNT, cookie)).statusCode).toBe(403);
    expect((await record(order.id, ACCOUNT, (await signUpVendor(kit.t, 'Vashi Refund Traders')).cookie)).statusCode).toBe(403);
    expect((await record(order.id, ACCOUNT, '')).statusCode).toBe(401);
    expect((await record('ord_unknown', ACCOUNT)).statusCode).toBe(404);
    const bad = await record(order.id, { ...ACCOUNT, confirmAccountNumber: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ confirmAccountNumber: 'The account numbers do not match' });
    expect((await adminView(order.id)).controls.refundAccount).toBeNull();
  });
});
