import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { VendorOrder, VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { pdfText } from '../../test/pdf-text';
import { freshSerial } from '../../test/serials-kit';
import { cookieFrom, json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

let product: { id: string; vendor_id: string } | undefined;
/** An order paid by UPI of `quantity` units of one product of a demo seller, and that seller signed in. */
async function paidOrder(quantity: number) {
  if (!product) {
    const vendors = await Promise.all([DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor].map(signInVendor));
    const candidates = await rows<{ id: string; vendor_id: string }>(sql`
      select id, vendor_id from products where status = 'active' and vendor_active and price_paise <= 2000000 order by price_paise, id`);
    product = candidates.find((p) => vendors.some((v) => v.vendorId === p.vendor_id))!;
  }
  await kit.setStock(product.id, 50);
  const [seller] = (await Promise.all([DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor].map(signInVendor))).filter(
    (v) => v.vendorId === product!.vendor_id,
  );
  const { cookie, addressId } = await customerWithAddress(PUNE);
  const { order } = await placed(cookie, {
    items: [{ productId: product.id, quantity }],
    addressId,
    delivery: 'standard',
    paymentMethod: 'upi',
  });
  await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
  const detail = await kit.getOrder(cookie, order.id);
  return { order: detail, customer: cookie, seller: seller!, line: detail.items[0]! };
}

const act = (cookie: string, orderId: string, action: string, body?: object) =>
  json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/${action}`, body, cookie);
const ok = async (cookie: string, orderId: string, action: string, body?: object): Promise<VendorOrder> => {
  const res = await act(cookie, orderId, action, body);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json().order as VendorOrder;
};
const vendorPage = async (cookie: string, orderId: string) =>
  (await json(kit.t.app, 'GET', `/api/vendor/orders/${orderId}`, undefined, cookie)).json().order as VendorOrderDetail;
const SHIP = { carrier: 'Blue Dart', trackingNumber: 'BD7654321' };

/** Packed with these serials, shipped, delivered, and the customer asked to return it. */
async function deliveredAndReturning(serials: string[]) {
  const o = await paidOrder(serials.length);
  await ok(o.seller.cookie, o.order.id, 'pack', { lines: [{ itemId: o.line.id, serials }] });
  await ok(o.seller.cookie, o.order.id, 'ship', SHIP);
  await ok(o.seller.cookie, o.order.id, 'deliver');
  const asked = await json(kit.t.app, 'POST', `/api/orders/${o.order.id}/return`, { reason: 'Wrong item delivered' }, o.customer);
  expect(asked.statusCode, asked.body).toBe(200);
  return o;
}

describe('a seller packs each unit with its serial number', () => {
  it('refuses packing without a serial for each unit, and shows the serials and warranty once packed and delivered', async () => {
    const { order, customer, seller, line } = await paidOrder(2);
    const bare = await act(seller.cookie, order.id, 'pack', { lines: [] });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.lines).toMatch(/serial number of each unit/);
    const one = await act(seller.cookie, order.id, 'pack', { lines: [{ itemId: line.id, serials: ['5CD1234XYZ'] }] });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.fields['lines.0.serials.1']).toMatch(/^Unit 2 of .*: enter its serial number/);
    const badFormat = await act(seller.cookie, order.id, 'pack', { lines: [{ itemId: line.id, serials: ['5CD1234XYZ', 'AB#1'] }] });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error.fields['lines.0.serials.1']).toMatch(/4 to 40 letters, digits/);
    // Nothing was written: the order is still to pack.
    expect((await vendorPage(seller.cookie, order.id)).packedAt).toBeNull();

    // Typed in small letters with spaces around, kept in capitals.
    const first = freshSerial();
    const second = freshSerial();
    await ok(seller.cookie, order.id, 'pack', { lines: [{ itemId: line.id, serials: [` ${first.toLowerCase()} `, second] }] });
    const page = await vendorPage(seller.cookie, order.id);
    expect(page.lines[0]!.units?.map((u) => u.serial)).toEqual([first, second]);
    const before = await kit.getOrder(customer, order.id);
    expect(before.items[0]!.units).toEqual([
      { unit: 1, serial: first, returnedSerial: null, warrantyStart: null, warrantyEnd: null },
      { unit: 2, serial: second, returnedSerial: null, warrantyStart: null, warrantyEnd: null },
    ]);
    expect(before.items[0]!.warrantyMonths).toBeGreaterThan(0);

    const slip = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/orders/${order.id}/packing-slip`,
      headers: { cookie: seller.cookie },
    });
    expect(pdfText(slip.rawPayload)).toContain(`Serial no. ${first}, ${second}`);

    await ok(seller.cookie, order.id, 'ship', SHIP);
    await ok(seller.cookie, order.id, 'deliver');
    const after = await kit.getOrder(customer, order.id);
    const unit = after.items[0]!.units![0]!;
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(unit.warrantyStart).toBe(today);
    const end = new Date(`${today}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + after.items[0]!.warrantyMonths!);
    end.setUTCDate(end.getUTCDate() - 1);
    expect(unit.warrantyEnd).toBe(end.toISOString().slice(0, 10));
    const invoice = await kit.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: { cookie: customer } });
    expect(invoice.statusCode).toBe(200);
    // The invoice's narrow column wraps the serials onto lines of their own.
    expect(pdfText(invoice.rawPayload).replace(/\s+/g, ' ')).toContain(`Serial no. ${first}, ${second}`);
  });

  it('refuses a serial repeated within the shipment or already on a unit of another order, naming the unit', async () => {
    const taken = freshSerial();
    const shipped = await paidOrder(1);
    await ok(shipped.seller.cookie, shipped.order.id, 'pack', { lines: [{ itemId: shipped.line.id, serials: [taken] }] });

    const { order, seller, line } = await paidOrder(2);
    const twice = freshSerial();
    const repeated = await act(seller.cookie, order.id, 'pack', { lines: [{ itemId: line.id, serials: [twice, twice] }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.fields['lines.0.serials.1']).toBe(
      `Unit 2 of ${line.name}: ${twice} is already entered for Unit 1 of ${line.name}`,
    );
    const again = await act(seller.cookie, order.id, 'pack', { lines: [{ itemId: line.id, serials: [freshSerial(), taken] }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields['lines.0.serials.1']).toBe(
      `Unit 2 of ${line.name}: serial ${taken} is already recorded on a unit shipped on another order`,
    );
    expect((await vendorPage(seller.cookie, order.id)).packedAt).toBeNull();
  });

  it('lets exactly one of two orders packed at the same moment with the same serial have it', async () => {
    const [x, y] = [await paidOrder(1), await paidOrder(1)];
    const serial = freshSerial();
    const answers = await Promise.all(
      [x, y].map((o) => act(o.seller.cookie, o.order.id, 'pack', { lines: [{ itemId: o.line.id, serials: [serial] }] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(Object.values(refused.json().error.fields as Record<string, string>)[0]).toMatch(
      new RegExp(`serial ${serial} is already recorded on a unit shipped on another order`),
    );
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from packed_units where serial = ${serial}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });
});

describe('a returned unit is checked by its serial', () => {
  it('goes through as before when the serials match, and the serial may be sold again once back in stock', async () => {
    const serial = freshSerial();
    const { order, seller, line } = await deliveredAndReturning([serial]);
    const unsaid = await act(seller.cookie, order.id, 'return-received', { condition: 'resellable' });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().error.fields.units).toMatch(/each returned unit/);
    await ok(seller.cookie, order.id, 'return-received', {
      condition: 'resellable',
      units: [{ itemId: line.id, serials: [serial.toLowerCase()] }],
    });
    const page = await vendorPage(seller.cookie, order.id);
    expect(page.serialHold).toBeNull();
    expect(page.lines[0]!.units![0]).toMatchObject({ serial, returnedSerial: serial });
    expect((await ok(seller.cookie, order.id, 'refund')).status).toBe('refunded');
    // Back in stock, the unit is packed for another customer with its serial.
    const next = await paidOrder(1);
    await ok(next.seller.cookie, next.order.id, 'pack', { lines: [{ itemId: next.line.id, serials: [serial] }] });
  });

  it('is received but flagged for the admin when a serial differs, and the refund waits until an admin releases it', async () => {
    const shipped = freshSerial();
    const { order, customer, seller, line } = await deliveredAndReturning([shipped]);
    const other = freshSerial();
    const received = await ok(seller.cookie, order.id, 'return-received', {
      condition: 'resellable',
      units: [{ itemId: line.id, serials: [other] }],
    });
    expect(received.status).toBe('returned');
    const page = await vendorPage(seller.cookie, order.id);
    expect(page.serialHold).toMatchObject({
      releasedAt: null,
      units: [{ itemId: line.id, unit: 1, expected: shipped, received: other }],
    });
    const refused = await act(seller.cookie, order.id, 'refund');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/do not match the units you shipped/);
    // The serial shipped did not come back: it stays taken.
    const next = await paidOrder(1);
    const reuse = await act(next.seller.cookie, next.order.id, 'pack', { lines: [{ itemId: next.line.id, serials: [shipped] }] });
    expect(reuse.statusCode).toBe(400);

    const admin = (await signInAdmin(kit.t)).cookie;
    const seen = (await json(kit.t.app, 'GET', `/api/admin/orders/${order.id}`, undefined, admin)).json() as AdminOrderResponse;
    expect(seen.order.serialHolds).toMatchObject([{ vendorId: seller.vendorId, units: [{ expected: shipped, received: other }] }]);
    const audit = await json(kit.t.app, 'GET', `/api/admin/audit?entityId=${order.id}&pageSize=100`, undefined, admin);
    expect(audit.json().items.map((e: { action: string }) => e.action)).toContain('order.serial_mismatch');
    const customerTimeline = (await kit.getOrder(customer, order.id)).timeline.map((e) => e.message);
    expect(customerTimeline).toContainEqual(expect.stringMatching(/serial numbers of the returned items are being checked/));

    // Without a reason, no release; a seller cannot release it.
    const noNote = await json(kit.t.app, 'POST', `/api/admin/orders/${order.id}/serial-hold/release`, { vendorId: seller.vendorId }, admin);
    expect(noNote.statusCode).toBe(400);
    const bySeller = await json(
      kit.t.app,
      'POST',
      `/api/admin/orders/${order.id}/serial-hold/release`,
      { vendorId: seller.vendorId, note: 'Checked' },
      seller.cookie,
    );
    expect(bySeller.statusCode).toBe(403);
    const released = await json(
      kit.t.app,
      'POST',
      `/api/admin/orders/${order.id}/serial-hold/release`,
      { vendorId: seller.vendorId, note: 'The manufacturer replaced the unit under warranty: its new serial is on their letter' },
      admin,
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().order.serialHolds[0].releasedAt).not.toBeNull();
    const twice = await json(
      kit.t.app,
      'POST',
      `/api/admin/orders/${order.id}/serial-hold/release`,
      { vendorId: seller.vendorId, note: 'Again' },
      admin,
    );
    expect(twice.statusCode).toBe(409);
    expect((await ok(seller.cookie, order.id, 'refund')).status).toBe('refunded');
  });
});
