import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourierShipment, OrderTrackingResponse, TrackingStatusValue } from '~/shared/schemas/shipping';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';
import { TEST_COURIER_SIGNATURE_HEADER } from './test-courier/test-courier';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

const used = new Set<string>();
/** A cash-on-delivery order of one product of the approved seller (Pune), shipped with the cheapest test courier. */
async function shippedOrder() {
  const vendor = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
  const candidates = await rows<{ id: string }>(sql`
    select id from products where status = 'active' and vendor_active and vendor_id = ${vendor.vendorId}
      and price_paise > 1000000 and price_paise < 4000000 order by id`);
  const product = candidates.find((p) => !used.has(p.id));
  if (!product) throw new Error('the demo catalogue has too few products of this seller in the range');
  used.add(product.id);
  await kit.setStock(product.id, 20);
  const customer = await customerWithAddress(PUNE);
  const { order } = await placed(customer.cookie, {
    items: [{ productId: product.id, quantity: 1 }],
    addressId: customer.addressId,
    delivery: 'standard',
    paymentMethod: 'cod',
  });
  const quote = await json(kit.t.app, 'GET', `/api/vendor/orders/${order.id}/courier-rates`, undefined, vendor.cookie);
  expect(quote.statusCode, quote.body).toBe(200);
  const res = await json(
    kit.t.app,
    'POST',
    `/api/vendor/orders/${order.id}/courier-shipment`,
    { courierId: quote.json().quote.rates[0].courierId },
    vendor.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { order, vendor, customer, shipment: res.json().shipment as CourierShipment };
}

const courier = () => kit.t.services.testCourier!;
let eventNumber = 0;
/** The test courier's webhook for the AWB, signed as it signs them (or with the signature given). */
function webhook(awb: string, status: TrackingStatusValue, at: string, signature?: string) {
  const signed = courier().signed({ eventId: `evt_${++eventNumber}`, awb, status, at, location: 'Pune hub', detail: `Scan: ${status}` });
  return kit.t.app.inject({
    method: 'POST',
    url: '/api/courier-tracking/test-courier',
    headers: { 'content-type': 'application/json', [TEST_COURIER_SIGNATURE_HEADER]: signature ?? signed.signature },
    payload: signed.body,
  });
}
const statusOf = async (awb: string) =>
  (await rows<{ tracking_status: string }>(sql`select tracking_status from courier_shipments where awb = ${awb}`))[0]!.tracking_status;
const eventCount = async (awb: string) =>
  (
    await rows<{ n: number }>(sql`select count(*)::int as n from courier_tracking_events e
      join courier_shipments s on s.id = e.shipment_id where s.awb = ${awb}`)
  )[0]!.n;
const orderStatus = async (orderId: string) =>
  (await rows<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]!.status;

describe("the couriers' tracking webhooks", () => {
  it('refuses a webhook without the signature, with a wrong one, or with a body changed after signing', async () => {
    const { shipment } = await shippedOrder();
    const unsigned = await kit.t.app.inject({
      method: 'POST',
      url: '/api/courier-tracking/test-courier',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        eventId: 'x',
        awb: shipment.awb,
        status: 'delivered',
        at: new Date().toISOString(),
        location: null,
        detail: '',
      }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await webhook(shipment.awb, 'delivered', new Date().toISOString(), 'f'.repeat(64))).statusCode).toBe(401);
    const signed = courier().signed({
      eventId: 'y',
      awb: shipment.awb,
      status: 'delivered',
      at: new Date().toISOString(),
      location: null,
      detail: '',
    });
    const tampered = await kit.t.app.inject({
      method: 'POST',
      url: '/api/courier-tracking/test-courier',
      headers: { 'content-type': 'application/json', [TEST_COURIER_SIGNATURE_HEADER]: signed.signature },
      payload: signed.body.replace('"delivered"', '"cancelled"'),
    });
    expect(tampered.statusCode).toBe(401);
    // Shiprocket's route, while the shop ships with the test courier.
    const other = await kit.t.app.inject({
      method: 'POST',
      url: '/api/courier-tracking/rocket',
      headers: { 'content-type': 'application/json', 'x-api-key': 'anything-at-all-here' },
      payload: JSON.stringify({ awb: shipment.awb, current_status: 'DELIVERED' }),
    });
    expect(other.statusCode).toBe(404);
    expect(await eventCount(shipment.awb)).toBe(0);
    expect(await statusOf(shipment.awb)).toBe('booked');
  });

  it('moves the parcel step by step; delivered delivers the order and collects the cash; e-mails at out for delivery and delivered', async () => {
    const { order, shipment, customer } = await shippedOrder();
    const day = '2026-12-08T';
    for (const [status, at] of [
      ['picked_up', `${day}04:00:00.000Z`],
      ['in_transit', `${day}06:00:00.000Z`],
      ['out_for_delivery', `${day}09:00:00.000Z`],
    ] as const) {
      const res = await webhook(shipment.awb, status, at);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'processed' });
      expect(await statusOf(shipment.awb)).toBe(status);
    }
    expect(await kit.mails('parcel_out_for_delivery', order.orderNumber)).toBe(1);
    expect(await orderStatus(order.id)).toBe('shipped');

    expect((await webhook(shipment.awb, 'delivered', `${day}11:30:00.000Z`)).json()).toEqual({ status: 'processed' });
    expect(await statusOf(shipment.awb)).toBe('delivered');
    expect(await orderStatus(order.id)).toBe('delivered');
    const [payment] = await rows<{ status: string }>(sql`select status from payments where order_id = ${order.id}`);
    expect(payment!.status).toBe('captured');
    expect(await kit.mails('order_delivered', order.orderNumber)).toBe(1);

    // The customer's order page: each step with its place and time, oldest first, and the courier's own page.
    const tracking = await json(kit.t.app, 'GET', `/api/orders/${order.id}/tracking`, undefined, customer.cookie);
    expect(tracking.statusCode, tracking.body).toBe(200);
    const [parcel] = (tracking.json() as OrderTrackingResponse).parcels;
    expect(parcel).toMatchObject({
      awb: shipment.awb,
      status: 'delivered',
      trackingUrl: expect.stringContaining(`/test-courier/track/${shipment.awb}`),
    });
    expect(parcel!.events.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(parcel!.events[3]).toMatchObject({ location: 'Pune hub', at: `${day}11:30:00.000Z` });
    const stranger = await customerWithAddress(PUNE);
    expect((await json(kit.t.app, 'GET', `/api/orders/${order.id}/tracking`, undefined, stranger.cookie)).statusCode).toBe(404);
  });

  it('acknowledges a replay and changes nothing: no second event, delivery or e-mail', async () => {
    const { order, shipment } = await shippedOrder();
    const signed = courier().signed({
      eventId: 'evt_replayed',
      awb: shipment.awb,
      status: 'delivered',
      at: '2026-12-08T12:00:00.000Z',
      location: 'Pune hub',
      detail: 'Delivered',
    });
    const send = () =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/courier-tracking/test-courier',
        headers: { 'content-type': 'application/json', [TEST_COURIER_SIGNATURE_HEADER]: signed.signature },
        payload: signed.body,
      });
    expect((await send()).json()).toEqual({ status: 'processed' });
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate' });
    expect(await eventCount(shipment.awb)).toBe(1);
    expect(await kit.mails('order_delivered', order.orderNumber)).toBe(1);
    const [ledger] = await rows<{ n: number }>(sql`select count(*)::int as n from vendor_ledger_entries where order_id = ${order.id}`);
    const third = await send();
    expect(third.json()).toEqual({ status: 'duplicate' });
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from vendor_ledger_entries where order_id = ${order.id}`);
    expect(after!.n).toBe(ledger!.n);
  });

  it('takes events in any order: an older one arriving after a newer one is kept but does not move the parcel back', async () => {
    const { order, shipment, customer } = await shippedOrder();
    expect((await webhook(shipment.awb, 'in_transit', '2026-12-08T06:00:00.000Z')).json()).toEqual({ status: 'processed' });
    expect((await webhook(shipment.awb, 'picked_up', '2026-12-08T04:00:00.000Z')).json()).toEqual({ status: 'processed' });
    expect(await statusOf(shipment.awb)).toBe('in_transit');
    // Delivered before out for delivery arrives: the order is delivered, and stays so.
    await webhook(shipment.awb, 'delivered', '2026-12-08T11:00:00.000Z');
    await webhook(shipment.awb, 'out_for_delivery', '2026-12-08T09:00:00.000Z');
    expect(await statusOf(shipment.awb)).toBe('delivered');
    expect(await orderStatus(order.id)).toBe('delivered');
    // The late out-for-delivery does not e-mail the customer after the parcel was delivered.
    expect(await kit.mails('parcel_out_for_delivery', order.orderNumber)).toBe(0);
    // Even a later scan after delivery does not move a delivered parcel.
    await webhook(shipment.awb, 'in_transit', '2026-12-08T13:00:00.000Z');
    expect(await statusOf(shipment.awb)).toBe('delivered');
    const tracking = (
      await json(kit.t.app, 'GET', `/api/orders/${order.id}/tracking`, undefined, customer.cookie)
    ).json() as OrderTrackingResponse;
    expect(tracking.parcels[0]!.events.map((e) => e.status)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'in_transit',
    ]);
  });

  it('records a failed attempt on the order and e-mails the customer', async () => {
    const { order, shipment } = await shippedOrder();
    await webhook(shipment.awb, 'out_for_delivery', '2026-12-08T09:00:00.000Z');
    expect((await webhook(shipment.awb, 'failed_attempt', '2026-12-08T13:00:00.000Z')).json()).toEqual({ status: 'processed' });
    expect(await statusOf(shipment.awb)).toBe('failed_attempt');
    expect(await orderStatus(order.id)).toBe('shipped');
    expect(await kit.mails('parcel_delivery_failed', order.orderNumber)).toBe(1);
    const [entry] = await rows<{ message: string }>(
      sql`select message from order_events where order_id = ${order.id} and kind = 'delivery_failed'`,
    );
    expect(entry!.message).toContain(shipment.awb);
  });

  it('asks the customer after a failed attempt: a new day in the next three, sent to the courier, shown on the timeline', async () => {
    const { order, shipment, customer } = await shippedOrder();
    const answer = (body: object, cookie = customer.cookie) =>
      json(kit.t.app, 'POST', `/api/orders/${order.id}/parcels/${shipment.awb}/reattempt`, body, cookie);
    // Nothing to answer before an attempt failed.
    expect((await answer({ kind: 'reattempt', on: '2026-12-09' })).statusCode).toBe(409);
    await webhook(shipment.awb, 'failed_attempt', new Date(Date.now() - 60_000).toISOString());
    const read = async () =>
      ((await json(kit.t.app, 'GET', `/api/orders/${order.id}/tracking`, undefined, customer.cookie)).json() as OrderTrackingResponse)
        .parcels[0]!;
    const days = (await read()).reattemptDays!;
    expect(days).toHaveLength(3);

    const outside = await answer({ kind: 'reattempt', on: '2020-01-01' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toHaveProperty('on');
    const badPhone = await answer({ kind: 'correct', phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields).toHaveProperty('phone');
    expect((await answer({ kind: 'correct' })).statusCode).toBe(400);
    const stranger = await customerWithAddress(PUNE);
    expect((await answer({ kind: 'reattempt', on: days[1] }, stranger.cookie)).statusCode).toBe(404);
    const notOfOrder = await json(
      kit.t.app,
      'POST',
      `/api/orders/${order.id}/parcels/TE0000000000/reattempt`,
      { kind: 'reattempt', on: days[1] },
      customer.cookie,
    );
    expect(notOfOrder.statusCode).toBe(404);

    const ok = await answer({ kind: 'reattempt', on: days[1] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().parcel).toMatchObject({ reattemptDays: null, answers: [{ kind: 'reattempt', on: days[1] }] });
    expect(courier().reattemptsOf(shipment.awb)).toEqual([{ kind: 'reattempt', on: days[1] }]);
    expect((await answer({ kind: 'reattempt', on: days[2] })).statusCode).toBe(409);

    // A second failed attempt asks again; this time the customer corrects the phone and the address line.
    await webhook(shipment.awb, 'failed_attempt', new Date(Date.now() + 1_000).toISOString());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const corrected = await answer({ kind: 'correct', addressLine: 'Flat 14, Sai Residency, near Baner gaon', phone: '98220 45678' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(courier().reattemptsOf(shipment.awb)[1]).toEqual({
      kind: 'correct',
      addressLine: 'Flat 14, Sai Residency, near Baner gaon',
      phone: '+919822045678',
    });
  });

  it('ignores a signed webhook for an AWB the shop did not book', async () => {
    const res = await webhook('TE9999999999', 'delivered', '2026-12-08T11:00:00.000Z');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ignored' });
  });
});

describe("the test courier's tracking page", () => {
  it('shows the parcel and its scans, has no levers outside development, and says when there is no such parcel', async () => {
    const { shipment } = await shippedOrder();
    await webhook(shipment.awb, 'picked_up', '2026-12-08T04:00:00.000Z');
    const page = await kit.t.app.inject({ method: 'GET', url: `/test-courier/track/${shipment.awb}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(shipment.awb);
    expect(page.body).toContain('Picked up');
    expect(page.body).not.toContain('Test levers');
    expect((await kit.t.app.inject({ method: 'POST', url: `/test-courier/track/${shipment.awb}/deliver` })).statusCode).toBe(404);
    expect((await kit.t.app.inject({ method: 'GET', url: '/test-courier/track/TE0000000000' })).statusCode).toBe(404);
  });
});
