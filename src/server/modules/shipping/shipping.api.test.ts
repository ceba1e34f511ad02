import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourierQuote, CourierShipment } from '~/shared/schemas/shipping';
import type { VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { useOrdersTestApp } from '../../test/orders-kit';
import { pdfText } from '../../test/pdf-text';
import { cookieFrom, json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE, BENGALURU } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

const used = new Set<string>();
/**
 * An order of one product of the approved seller (Pune, 411004) priced in the range, to `address`, paid by UPI or cash
 * on delivery; `light`: one every test courier takes (Test Air Express up to 10 kg, dead or volumetric).
 */
async function orderOf(address: object, range: { min: number; max: number }, paymentMethod: 'upi' | 'cod' = 'upi', light = false) {
  const vendor = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
  const candidates = await rows<{ id: string; price_paise: number }>(sql`
    select id, price_paise from products where status = 'active' and vendor_active and vendor_id = ${vendor.vendorId}
      and (not ${light} or (coalesce(weight_grams, 3000) <= 9000 and coalesce(length_mm::bigint * width_mm * height_mm, 18900000) <= 45000000))
      and price_paise > ${range.min} and price_paise < ${range.max} order by id`);
  const product = candidates.find((p) => !used.has(p.id));
  if (!product) throw new Error('the demo catalogue has too few products of this seller in the range');
  used.add(product.id);
  await kit.setStock(product.id, 20);
  const { cookie, addressId } = await customerWithAddress(address);
  const { order } = await placed(cookie, {
    items: [{ productId: product.id, quantity: 1 }],
    addressId,
    delivery: 'standard',
    paymentMethod,
  });
  if (paymentMethod === 'upi') await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
  return { orderId: order.id, orderNumber: order.orderNumber, product, vendor };
}
// Cash on delivery is taken up to ₹50,000 (the shop's default limit).
const laptopOrder = (address: object, paymentMethod: 'upi' | 'cod' = 'upi', light = false) =>
  orderOf(address, { min: 30_000_00, max: paymentMethod === 'cod' ? 50_000_00 : 1_00_000_00 }, paymentMethod, light);

const rates = (cookie: string, orderId: string) => json(kit.t.app, 'GET', `/api/vendor/orders/${orderId}/courier-rates`, undefined, cookie);
const buy = (cookie: string, orderId: string, courierId: string) =>
  json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/courier-shipment`, { courierId }, cookie);
const getPdf = (cookie: string, url: string) => kit.t.app.inject({ method: 'GET', url, headers: { cookie } });

async function quoted(cookie: string, orderId: string): Promise<CourierQuote> {
  const res = await rates(cookie, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quote as CourierQuote;
}
async function bought(cookie: string, orderId: string, courierId?: string): Promise<CourierShipment> {
  const quote = await quoted(cookie, orderId);
  const res = await buy(cookie, orderId, courierId ?? quote.rates[0]!.courierId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipment as CourierShipment;
}

describe('a seller ships with the test courier in one step', () => {
  it('offers the couriers for the parcel as packed, cheapest first, and buys the cheapest: AWB, charge, order shipped', async () => {
    const { orderId, orderNumber, product, vendor } = await laptopOrder(PUNE, 'upi', true);
    const [given] = await rows<{ weight_grams: number | null; length_mm: number | null }>(
      sql`select weight_grams, length_mm from products where id = ${product.id}`,
    );
    const quote = await quoted(vendor.cookie, orderId);
    expect(quote).toMatchObject({ orderNumber, provider: 'test-courier', pickupPin: '411004', deliveryPin: '411045', serviceable: true });
    expect(quote.codAmountPaise).toBeNull();
    if (given!.weight_grams !== null) expect(quote.parcel.weightGrams).toBe(given!.weight_grams);
    expect(quote.rates.map((r) => r.courierName)).toEqual(['Test Economy Surface', 'Test Standard', 'Test Air Express']);
    const prices = quote.rates.map((r) => r.chargePaise);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    // Pune to Pune: one sorting district, the local zone.
    expect(quote.rates.find((r) => r.courierId === 'tc-air')!.promisedDays).toBe(1);

    const res = await buy(vendor.cookie, orderId, quote.rates[0]!.courierId);
    expect(res.statusCode, res.body).toBe(200);
    const { order, shipment } = res.json() as {
      order: { status: string; shipment: { carrier: string; trackingNumber: string } };
      shipment: CourierShipment;
    };
    expect(order.status).toBe('shipped');
    expect(shipment).toMatchObject({ orderId, orderNumber, courierName: 'Test Economy Surface', chargePaise: prices[0], pickupDate: null });
    expect(shipment.awb).toMatch(/^TE\d{10}$/);
    expect(order.shipment).toMatchObject({ carrier: 'Test Economy Surface', trackingNumber: shipment.awb });

    // The charge is recorded with the shipment; the purchase is in the audit log.
    const [row] = await rows<{ charge_paise: number; provider: string }>(
      sql`select charge_paise, provider from courier_shipments where order_id = ${orderId}`,
    );
    expect(row).toEqual({ charge_paise: prices[0], provider: 'test-courier' });
    const [audited] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'order.courier_booked' and entity_id = ${orderId}`,
    );
    expect(audited!.n).toBe(1);

    // The customer's order page has the courier and the AWB at once.
    const detail = await json(kit.t.app, 'GET', `/api/vendor/orders/${orderId}`, undefined, vendor.cookie);
    expect((detail.json().order as VendorOrderDetail).shipment).toMatchObject({
      trackingNumber: shipment.awb,
      trackingUrl: shipment.trackingUrl,
    });

    const again = await buy(vendor.cookie, orderId, quote.rates[0]!.courierId);
    expect(again.statusCode).toBe(409);
  });

  it('takes longer and collects cash on delivery only with the couriers whose limit allows it', async () => {
    const { orderId, vendor } = await laptopOrder(PUNE, 'cod');
    const quote = await quoted(vendor.cookie, orderId);
    expect(quote.codAmountPaise).toBeGreaterThan(25_000_00);
    // Test Air Express collects up to ₹25,000.
    expect(quote.rates.map((r) => r.courierId)).not.toContain('tc-air');
    const shipment = await bought(vendor.cookie, orderId, 'tc-standard');
    expect(shipment.codAmountPaise).toBe(quote.codAmountPaise);
  });

  it('refuses a courier the parcel is not offered, with the field named', async () => {
    const { orderId, vendor } = await laptopOrder(PUNE, 'cod');
    const res = await buy(vendor.cookie, orderId, 'tc-air');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ courierId: expect.any(String) });
    const empty = await json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/courier-shipment`, {}, vendor.cookie);
    expect(empty.statusCode).toBe(400);
  });

  it('still needs the e-way bill above its threshold: no courier is bought without one', async () => {
    const { orderId, vendor } = await orderOf(BENGALURU, { min: 50_000_00, max: 1_00_000_00 });
    const quote = await quoted(vendor.cookie, orderId);
    expect(quote.needsEwayBill).toBe(true);
    const res = await buy(vendor.cookie, orderId, quote.rates[0]!.courierId);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/needs an e-way bill/);
    const booked = await rows(sql`select 1 from courier_shipments where order_id = ${orderId}`);
    expect(booked).toHaveLength(0);
  });

  it('answers 503 when the courier is busy, and ships nothing', async () => {
    const { orderId, vendor } = await laptopOrder(PUNE);
    kit.t.services.testCourier!.failNextBookings(1);
    const res = await buy(vendor.cookie, orderId, 'tc-standard');
    expect(res.statusCode).toBe(503);
    const detail = await json(kit.t.app, 'GET', `/api/vendor/orders/${orderId}`, undefined, vendor.cookie);
    expect(detail.json().order.shipment).toBeNull();
  });
});

describe('labels, the manifest and the pickup', () => {
  it('prints several orders’ labels in one PDF (4×6 and A4), their manifest, and asks for one pickup today', async () => {
    const orders = [await laptopOrder(PUNE), await laptopOrder(PUNE), await laptopOrder(PUNE, 'cod')];
    const { cookie } = orders[0]!.vendor;
    const shipments = [];
    for (const o of orders) shipments.push(await bought(cookie, o.orderId));
    const ids = orders.map((o) => o.orderId).join(',');

    const thermal = await getPdf(cookie, `/api/vendor/shipping/labels?orderIds=${ids}&size=4x6`);
    expect(thermal.statusCode, thermal.body).toBe(200);
    expect(thermal.headers['content-type']).toBe('application/pdf');
    const text = pdfText(thermal.rawPayload);
    for (const s of shipments) expect(text).toContain(`AWB ${s.awb}`);
    expect(text).toContain('PIN 411045');
    expect(text).toContain('PREPAID');
    expect(text).toMatch(/COD ₹/);
    expect(thermal.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(thermal.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 288 432]');

    const a4 = await getPdf(cookie, `/api/vendor/shipping/labels?orderIds=${orders[0]!.orderId}&size=a4`);
    expect(a4.statusCode).toBe(200);
    expect(a4.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdfText(a4.rawPayload)).toContain('Cut along the dashed line');

    const manifest = await getPdf(cookie, `/api/vendor/shipping/manifest?orderIds=${ids}`);
    expect(manifest.statusCode).toBe(200);
    const listed = pdfText(manifest.rawPayload);
    expect(listed).toContain('Pickup manifest');
    for (const s of shipments) expect(listed).toContain(s.awb);
    expect(listed).toContain('3 parcels handed over');

    const pickup = await json(kit.t.app, 'POST', '/api/vendor/shipping/pickups', { orderIds: orders.map((o) => o.orderId) }, cookie);
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json().pickup).toMatchObject({ count: 3, awbs: shipments.map((s) => s.awb) });
    expect(pickup.json().pickup.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const listedShipments = await json(kit.t.app, 'GET', `/api/vendor/shipping/shipments?orderIds=${ids}`, undefined, cookie);
    expect((listedShipments.json().items as CourierShipment[]).every((s) => s.pickupDate === pickup.json().pickup.pickupDate)).toBe(true);

    const twice = await json(kit.t.app, 'POST', '/api/vendor/shipping/pickups', { orderIds: orders.map((o) => o.orderId) }, cookie);
    expect(twice.statusCode).toBe(409);
  });

  it('refuses labels without orders, and for an order without a courier shipment', async () => {
    const { orderId, vendor } = await laptopOrder(PUNE);
    expect((await getPdf(vendor.cookie, '/api/vendor/shipping/labels')).statusCode).toBe(400);
    expect((await getPdf(vendor.cookie, `/api/vendor/shipping/labels?orderIds=${orderId}&size=a5`)).statusCode).toBe(400);
    expect((await getPdf(vendor.cookie, `/api/vendor/shipping/labels?orderIds=${orderId}`)).statusCode).toBe(404);
  });
});

describe("another seller's order is a 404 on every courier route", () => {
  it('rates, buy, shipments, labels, manifest and pickup', async () => {
    const { orderId, vendor } = await laptopOrder(PUNE);
    await bought(vendor.cookie, orderId);
    const other = await signInVendor(DEMO_ACCOUNTS.shopVendor);
    expect((await rates(other.cookie, orderId)).statusCode).toBe(404);
    const fresh = await laptopOrder(PUNE);
    expect((await buy(other.cookie, fresh.orderId, 'tc-standard')).statusCode).toBe(404);
    expect((await json(kit.t.app, 'GET', `/api/vendor/shipping/shipments?orderIds=${orderId}`, undefined, other.cookie)).statusCode).toBe(
      404,
    );
    expect((await getPdf(other.cookie, `/api/vendor/shipping/labels?orderIds=${orderId}`)).statusCode).toBe(404);
    expect((await getPdf(other.cookie, `/api/vendor/shipping/manifest?orderIds=${orderId}`)).statusCode).toBe(404);
    expect((await json(kit.t.app, 'POST', '/api/vendor/shipping/pickups', { orderIds: [orderId] }, other.cookie)).statusCode).toBe(404);
    // The other seller's own list does not show the parcel either.
    const mine = await json(kit.t.app, 'GET', '/api/vendor/shipping/shipments', undefined, other.cookie);
    expect((mine.json().items as CourierShipment[]).some((s) => s.orderId === orderId)).toBe(false);
  });

  it('asks a customer to sign in as a seller', async () => {
    const { orderId } = await laptopOrder(PUNE);
    const { cookie } = await customerWithAddress(PUNE);
    expect([401, 403]).toContain((await rates(cookie, orderId)).statusCode);
  });
});
