import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountResponse } from '~/shared/schemas/account';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { ReturnPhoto } from '~/shared/schemas/return-photos';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { KIT_PASSWORD, signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { startTestWorker, until } from '../../test/job-worker-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { renditionKey } from '../media/renditions';

/**
 * A customer deletes their account (decision 26): the bank account they gave for a cash-on-delivery
 * refund and the photos they sent with a return go once the refund is made, at the erasure or, for a
 * return still open then, with the refund that closes it (decision 55). What the database holds is
 * read with plain SQL, as a dump would show it; what the admin and the seller see, through the API.
 */
const kit = useOrdersTestApp();
const { rows, PUNE } = kit;
const DAY = 24 * 60 * 60 * 1000;
const NUMBER = '918273645546372';
const ACCOUNT = { holderName: 'Neha Kulkarni', accountNumber: NUMBER, confirmAccountNumber: NUMBER, ifsc: 'HDFC0001234' };

let seller: { cookie: string; vendorId: string };
let admin: string;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  const { email, password } = DEMO_ACCOUNTS.khargharVendor;
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email, password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  seller = { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
  admin = (await signInAdmin(kit.t)).cookie;
  // The media module's job removes the files once the rows' removal commits.
  worker = await startTestWorker(kit.t, ['media.discard']);
});
afterAll(() => worker?.stop());

type Customer = Awaited<ReturnType<typeof signUpCustomer>> & { addressId: string };

async function customer(): Promise<Customer> {
  const me = await signUpCustomer(kit.t, 'Neha Kulkarni');
  const res = await json(kit.t.app, 'POST', '/api/addresses', PUNE, me.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return { ...me, addressId: res.json().address.id as string };
}

/** An order of one of the seller's products, paid as asked, shipped and delivered by the seller. */
async function deliveredOrder(me: Customer, paymentMethod: 'cod' | 'upi' = 'cod'): Promise<OrderDetail> {
  const [product] = await rows<{ id: string }>(sql`
    select id from products where vendor_id = ${seller.vendorId} and status = 'active' and price_paise <= 4000000 order by price_paise, id limit 1`);
  await kit.setStock(product!.id, 50);
  const { order } = await kit.placed(me.cookie, {
    items: [{ productId: product!.id, quantity: 1 }],
    addressId: me.addressId,
    delivery: 'standard',
    paymentMethod,
  });
  if (paymentMethod === 'upi') await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(me.cookie, order.id, kit.UPI_OK) });
  await asSeller(order.id, 'ship', { carrier: 'Blue Dart', trackingNumber: 'BD1234567' });
  await asSeller(order.id, 'deliver');
  return kit.getOrder(me.cookie, order.id);
}

async function asSeller(orderId: string, step: string, body?: object) {
  const res = await json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/${step}`, body, seller.cookie);
  expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
}
async function asAdmin(orderId: string, step: string, body?: object) {
  const res = await json(kit.t.app, 'POST', `/api/admin/orders/${orderId}/${step}`, body, admin);
  expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  return res;
}

async function uploaded(me: Customer, orderId: string): Promise<ReturnPhoto> {
  const body = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 90, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
  const res = await kit.t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/return-photos`,
    payload: body,
    headers: { cookie: me.cookie, 'content-type': 'image/jpeg' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo as ReturnPhoto;
}

/** The customer asks to return the order with `count` photos; returns them. */
async function returnWithPhotos(me: Customer, orderId: string, count: number): Promise<ReturnPhoto[]> {
  const photos: ReturnPhoto[] = [];
  for (let i = 0; i < count; i++) photos.push(await uploaded(me, orderId));
  const res = await json(
    kit.t.app,
    'POST',
    `/api/orders/${orderId}/return`,
    { reason: 'Damaged or defective on arrival', photoIds: photos.map((p) => p.id) },
    me.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return photos;
}

async function giveAccount(me: Customer, orderId: string) {
  const res = await json(kit.t.app, 'PUT', `/api/orders/${orderId}/refund-account`, ACCOUNT, me.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

/** "Delete my account", then the erasure job once the 7 days have passed. */
async function erase(me: Customer) {
  const asked = await json(kit.t.app, 'POST', '/api/account/deletion', { password: KIT_PASSWORD }, me.cookie);
  expect(asked.statusCode, asked.body).toBe(200);
  const requestedAt = Date.parse((asked.json() as AccountResponse).deletion!.requestedAt);
  const outcomes = await kit.t.services.accountDeletionJob.runDue(new Date(requestedAt + 7 * DAY + 60_000));
  expect(outcomes.find((o) => o.userId === me.uid)).toEqual({ userId: me.uid, status: 'erased' });
}

async function erasureEntry(me: Customer) {
  const res = await json(kit.t.app, 'GET', `/api/admin/audit?entityId=${me.uid}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { action: string; after: { kept: string[]; erased: Record<string, unknown> } }[]).find(
    (e) => e.action === 'account.erase',
  )!;
}

async function adminView(orderId: string) {
  const res = await json(kit.t.app, 'GET', `/api/admin/orders/${orderId}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, view: res.json() as AdminOrderResponse };
}

async function sellerView(orderNumber: string): Promise<VendorOrder> {
  const res = await json(kit.t.app, 'GET', `/api/vendor/orders?q=${orderNumber}`, undefined, seller.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as VendorOrder[])[0]!;
}

const viewPhoto = (orderId: string, photoId: string, cookie: string) =>
  kit.t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/return-photos/${photoId}/320.webp`, headers: { cookie } });

/** The order's row whole, as a database dump shows it. */
async function orderRow(orderId: string) {
  const [row] = await rows<{ t: string; sealed: string | null; name: string | null; number: string | null; ifsc: string | null }>(sql`
    select row_to_json(o)::text as t, refund_account_sealed as sealed, refund_account_name as name,
           refund_account_number as number, refund_ifsc as ifsc
      from orders o where id = ${orderId}`);
  return row!;
}

/** Neither the number nor any run of five of its digits (a masked line on the timeline shows the last four). */
function expectNoDigitsOf(text: string) {
  for (let i = 0; i + 5 <= NUMBER.length; i++) expect(text).not.toContain(NUMBER.slice(i, i + 5));
}

async function storageKeysOf(orderIds: string[]) {
  return rows<{ id: string; key: string }>(
    sql`select id, storage_key as key from order_return_photos where order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
const photoCount = async (orderId: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from order_return_photos where order_id = ${orderId}`))[0]!.n;

/** Waits for the media job to remove every one of these files. */
async function expectFilesGone(keys: string[]) {
  const { storage } = kit.t.services.mediaService;
  await until(async () => (await Promise.all(keys.map((k) => storage.get(k)))).every((f) => f === null));
}

describe('a customer who deletes their account', () => {
  it('leaves no refund account or return photo of a refunded return: not in the rows, not in storage, and the screens say they were removed', async () => {
    const me = await customer();
    const refunded = await deliveredOrder(me);
    const photos = await returnWithPhotos(me, refunded.id, 2);
    await giveAccount(me, refunded.id);
    await asAdmin(refunded.id, 'return-received', { condition: 'resellable' });
    await asAdmin(refunded.id, 'refund', { bankReference: 'UTR20261201001' });
    // Another delivered order with a photo uploaded for a return never asked for.
    const other = await deliveredOrder(me);
    await uploaded(me, other.id);
    // The admin looked at a photo: its resized copy is kept in storage too.
    expect((await viewPhoto(refunded.id, photos[0]!.id, admin)).statusCode).toBe(200);
    const stored = await storageKeysOf([refunded.id, other.id]);
    expect(stored).toHaveLength(3);
    const keys = [...stored.map((s) => s.key), renditionKey(photos[0]!.id, 320, 'webp')];
    expect(await kit.t.services.mediaService.storage.get(keys.at(-1)!)).not.toBeNull();
    expect((await adminView(refunded.id)).view.controls.refundAccount?.accountNumber).toBe(NUMBER);

    await erase(me);

    // The database: no account, sealed or plain, and no photo rows; the files go once the erasure committed.
    const row = await orderRow(refunded.id);
    expect(row).toMatchObject({ sealed: null, name: null, number: null, ifsc: null });
    expectNoDigitsOf(row.t);
    expect(row.t).not.toContain('Neha Kulkarni');
    expect(await photoCount(refunded.id)).toBe(0);
    expect(await photoCount(other.id)).toBe(0);
    await expectFilesGone(keys);

    // The admin's order page: no account and no photos, and why.
    const { body, view } = await adminView(refunded.id);
    expectNoDigitsOf(body);
    expect(view.controls.refundAccount).toBeNull();
    expect(view.order.refundAccount).toBeNull();
    expect(view.order.refundAccountRemoved).toBe(true);
    expect(view.order.returnPhotos).toEqual([]);
    expect(view.order.returnPhotosRemoved).toBe(true);
    expect(view.order.timeline.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'The bank account given for the refund was removed: the customer deleted their account.',
        'The 2 photos sent with the return were removed: the customer deleted their account.',
      ]),
    );
    expect((await viewPhoto(refunded.id, photos[0]!.id, admin)).statusCode).toBe(404);
    // The seller's orders list says so beside the return's reason.
    expect(await sellerView(refunded.orderNumber)).toMatchObject({ returnPhotos: [], returnPhotosRemoved: true });
    // The order without a return had nothing to say.
    expect((await adminView(other.id)).view.order).toMatchObject({ returnPhotosRemoved: false, refundAccountRemoved: false });

    const entry = await erasureEntry(me);
    expect(entry.after.erased).toMatchObject({ refundAccounts: 1, returnPhotos: 3 });
    expect(entry.after.kept.join(' ')).not.toMatch(/not yet refunded/);
  });

  it('keeps the account and the photos of a return not yet refunded, for that refund, and removes them when it is made', async () => {
    const me = await customer();
    const order = await deliveredOrder(me);
    const [photo] = await returnWithPhotos(me, order.id, 1);
    await giveAccount(me, order.id);

    await erase(me);

    // The shop still owes the refund: the admin reads where to transfer it, the seller and the admin see the photo.
    const row = await orderRow(order.id);
    expect(row.sealed).toMatch(/^v1:/);
    expectNoDigitsOf(row.t);
    const before = (await adminView(order.id)).view;
    expect(before.controls.refundAccount).toEqual({ holderName: 'Neha Kulkarni', accountNumber: NUMBER, ifsc: 'HDFC0001234' });
    expect(before.order).toMatchObject({ refundAccountRemoved: false, returnPhotosRemoved: false });
    expect(before.order.returnPhotos.map((p) => p.id)).toEqual([photo!.id]);
    expect(before.order.timeline.at(-1)?.message).toBe(
      'The customer deleted their account. The bank account given for the refund and the photo sent with the return are kept until the return is refunded, then removed.',
    );
    expect((await viewPhoto(order.id, photo!.id, seller.cookie)).statusCode).toBe(200);
    const entry = await erasureEntry(me);
    expect(entry.after.erased).toMatchObject({ refundAccounts: 0, returnPhotos: 0 });
    expect(entry.after.kept.join(' ')).toContain('1 return(s) not yet refunded');
    const [{ key }] = (await storageKeysOf([order.id])) as [{ id: string; key: string }];

    // The parcel comes back: still owed, still kept.
    await asAdmin(order.id, 'return-received', { condition: 'damaged' });
    expect((await orderRow(order.id)).sealed).toMatch(/^v1:/);

    // The admin records the transfer made to it: the account and the photo go in the same step.
    const refunded = await asAdmin(order.id, 'refund', { bankReference: 'UTR20261201002' });
    expectNoDigitsOf(refunded.body);
    expect((refunded.json().order as OrderDetail).refundAccountRemoved).toBe(true);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ sealed: null, name: null, number: null, ifsc: null });
    expectNoDigitsOf(after.t);
    expect(await photoCount(order.id)).toBe(0);
    await expectFilesGone([key]);
    const { body, view } = await adminView(order.id);
    expectNoDigitsOf(body);
    expect(view.order.status).toBe('refunded');
    expect(view.controls.refundAccount).toBeNull();
    expect(view.order).toMatchObject({ refundAccountRemoved: true, returnPhotos: [], returnPhotosRemoved: true });
    expect(view.order.timeline.slice(-2).map((e) => e.message)).toEqual([
      'The refund is made: the bank account given for it was removed, as the customer has deleted their account.',
      'The return is refunded: the photo sent with it was removed, as the customer has deleted their account.',
    ]);
    // The refund's e-mail has nobody to go to: none is written to the erased account's placeholder address.
    const placeholder = await rows<{ email: string }>(sql`select email from users where id = ${me.uid}`);
    expect(placeholder[0]!.email).toMatch(/\.invalid$/);
    expect(await rows(sql`select 1 from mail_messages where to_address = ${placeholder[0]!.email}`)).toEqual([]);
  });

  it('keeps the photos of a prepaid return until the seller refunds it, then removes them', async () => {
    const me = await customer();
    const order = await deliveredOrder(me, 'upi');
    const photos = await returnWithPhotos(me, order.id, 2);

    await erase(me);

    expect((await sellerView(order.orderNumber)).returnPhotos.map((p) => p.id)).toEqual(photos.map((p) => p.id));
    const keys = (await storageKeysOf([order.id])).map((s) => s.key);
    await asSeller(order.id, 'return-received', { condition: 'resellable' });
    await asSeller(order.id, 'refund');

    expect(await photoCount(order.id)).toBe(0);
    await expectFilesGone(keys);
    expect(await sellerView(order.orderNumber)).toMatchObject({ status: 'refunded', returnPhotos: [], returnPhotosRemoved: true });
    // An online payment never had a bank account to remove.
    expect((await adminView(order.id)).view.order).toMatchObject({ refundAccountRemoved: false, returnPhotosRemoved: true });
  });

  it('removes an account an admin records for an erased customer with the refund made to it', async () => {
    const me = await customer();
    const order = await deliveredOrder(me);
    await erase(me);
    // The person phones the shop about a faulty unit and gives an account for its refund.
    const recorded = await json(kit.t.app, 'PUT', `/api/admin/orders/${order.id}/refund-account`, ACCOUNT, admin);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await orderRow(order.id)).sealed).toMatch(/^v1:/);

    await asAdmin(order.id, 'refund-lines', {
      lines: [{ itemId: order.items[0]!.id, quantity: 1 }],
      reason: 'The screen flickers after a week',
      bankReference: 'UTR20261201003',
    });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ sealed: null, name: null, number: null, ifsc: null });
    expectNoDigitsOf(row.t);
    const { view } = await adminView(order.id);
    expect(view.order.refundAccountRemoved).toBe(true);
    expect(view.order.timeline.at(-1)?.message).toBe(
      'The refund is made: the bank account given for it was removed, as the customer has deleted their account.',
    );
  });

  it('erases a customer without returns or refund accounts as before', async () => {
    const me = await customer();
    await erase(me);
    const entry = await erasureEntry(me);
    expect(entry.after.erased).toMatchObject({ addresses: 1, refundAccounts: 0, returnPhotos: 0 });
    expect(entry.after.kept).toEqual([]);
  });
});
