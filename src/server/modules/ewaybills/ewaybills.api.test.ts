import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatPaise } from '~/shared/money';
import { groupedEwbNo, type EwayBillState } from '~/shared/schemas/eway-bills';
import type { VendorOrder, VendorOrdersResponse } from '~/shared/schemas/vendor-orders';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { newGstin, signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { pdfText } from '../../test/pdf-text';
import { cookieFrom, json } from '../../test/test-app';
import { createTestEwayBillService } from './test-eway-bill-service';
import type { GenerateEwayBillRequest } from './provider';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE, BENGALURU } = kit;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

const used = new Set<string>();
/**
 * A paid order of one laptop priced between ₹50,000 and ₹1,00,000 from a seller in Maharashtra with a
 * GSTIN, to `address`; each test gets its own product.
 */
async function laptopOrder(address: object, buyer?: { business: object }) {
  const vendor = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
  const candidates = await rows<{ id: string; price_paise: number }>(sql`
    select id, price_paise from products where status = 'active' and vendor_active and vendor_id = ${vendor.vendorId}
      and price_paise > 5000000 and price_paise < 10000000 order by id`);
  const product = candidates.find((p) => !used.has(p.id));
  if (!product) throw new Error('the demo catalogue has too few laptops of this seller between ₹50,000 and ₹1,00,000');
  used.add(product.id);
  await kit.setStock(product.id, 20);
  const { cookie, addressId } = await customerWithAddress(address);
  let businessId: string | undefined;
  if (buyer) {
    const made = await json(kit.t.app, 'POST', '/api/businesses', buyer.business, cookie);
    expect(made.statusCode, made.body).toBe(201);
    businessId = made.json().business.id as string;
  }
  const { order } = await placed(cookie, {
    items: [{ productId: product.id, quantity: 1 }],
    addressId,
    ...(businessId ? { businessId } : {}),
    delivery: 'standard',
    paymentMethod: 'upi',
  });
  await kit.t.app.inject({ method: 'GET', url: await kit.payOnGateway(cookie, order.id, kit.UPI_OK) });
  return { orderId: order.id, orderNumber: order.orderNumber, product, vendor, customer: cookie };
}

const get = (cookie: string, orderId: string) => json(kit.t.app, 'GET', `/api/vendor/orders/${orderId}/eway-bill`, undefined, cookie);
const post = (cookie: string, orderId: string, step: string, body: object) =>
  json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/eway-bill${step}`, body, cookie);
const GENERATE = { distanceKm: 850, transMode: '1', transporterId: '27AABCP1234C1Z0' };
const SHIP = { carrier: 'Blue Dart', trackingNumber: 'BD7788990' };
const ship = (cookie: string, orderId: string) => json(kit.t.app, 'POST', `/api/vendor/orders/${orderId}/ship`, SHIP, cookie);

async function generated(cookie: string, orderId: string, body: object = GENERATE): Promise<EwayBillState> {
  const res = await post(cookie, orderId, '', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ewayBill as EwayBillState;
}

/** Moves an e-way bill's clock back: when it was generated, and when its validity ends (the shop's and the test service's records). */
async function age(ewbNo: string, values: { generatedHoursAgo?: number; validForHours?: number }) {
  const db = kit.db();
  if (values.generatedHoursAgo !== undefined) {
    const at = new Date(Date.now() - values.generatedHoursAgo * 3600_000);
    await db.execute(sql`update eway_bills set generated_at = ${at} where ewb_no = ${ewbNo}`);
    await db.execute(sql`update eway_portal_bills set generated_at = ${at} where ewb_no = ${ewbNo}`);
  }
  if (values.validForHours !== undefined) {
    const until = new Date(Date.now() + values.validForHours * 3600_000);
    await db.execute(sql`update eway_bills set valid_until = ${until} where ewb_no = ${ewbNo}`);
    await db.execute(sql`update eway_portal_bills set valid_until = ${until} where ewb_no = ${ewbNo}`);
  }
}

describe('a parcel above its states’ limit needs an e-way bill before it ships', () => {
  it('refuses to ship a laptop to another state without one, and ships it with one whose number prints on the packing slip', async () => {
    const { orderId, product, vendor } = await laptopOrder(BENGALURU);
    const state = (await get(vendor.cookie, orderId)).json().ewayBill as EwayBillState;
    expect(state).toMatchObject({
      required: true,
      valuePaise: product.price_paise,
      thresholdPaise: 50_000_00,
      fromState: 'Maharashtra',
      toState: 'Karnataka',
      interState: true,
      bill: null,
      problem: null,
    });
    expect(state.partA).toMatchObject({ fromGstin: '27AABCP1234C1Z0', toGstin: 'URP', toPinCode: '560001' });

    const refused = await ship(vendor.cookie, orderId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      `This shipment of ${formatPaise(product.price_paise)} to Karnataka needs an e-way bill before it ships.`,
    );

    // The seller's list says which parcels still need one.
    const needed = await json(kit.t.app, 'GET', '/api/vendor/orders?ewayBill=needed&pageSize=100', undefined, vendor.cookie);
    expect(needed.statusCode, needed.body).toBe(200);
    const listed = (needed.json() as VendorOrdersResponse).items.find((o) => o.id === orderId);
    expect(listed?.needsEwayBill).toBe(true);

    const made = await generated(vendor.cookie, orderId);
    expect(made.bill!.ewbNo).toMatch(/^[1-9][0-9]{11}$/);
    // 850 km: five days, to midnight in India of the fifth day after today.
    const ist = new Date(Date.now() + 5.5 * 3600_000);
    const end = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + 6) - 5.5 * 3600_000 - 1000);
    expect(made.bill!.validUntil).toBe(end.toISOString());
    expect(made.bill).toMatchObject({ status: 'active', canCancel: true, toGstin: 'URP', distanceKm: 850 });

    const after = await json(kit.t.app, 'GET', '/api/vendor/orders?ewayBill=needed&pageSize=100', undefined, vendor.cookie);
    expect((after.json() as VendorOrdersResponse).items.some((o) => o.id === orderId)).toBe(false);

    const slip = await kit.t.app.inject({
      method: 'GET',
      url: `/api/vendor/orders/${orderId}/packing-slip`,
      headers: { cookie: vendor.cookie },
    });
    expect(slip.statusCode).toBe(200);
    expect(pdfText(slip.rawPayload)).toContain(`E-way bill ${groupedEwbNo(made.bill!.ewbNo)}`);

    const shipped = await ship(vendor.cookie, orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((shipped.json().order as VendorOrder).status).toBe('shipped');

    // Once the parcel has left, the bill can no longer be cancelled; the back office sees it on the order.
    const cancel = await post(vendor.cookie, orderId, '/cancel', { reasonCode: '3', remarks: 'Wrong distance' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toMatch(/shipped/);
    const { cookie: admin } = await signInAdmin(kit.t);
    const seen = await json(kit.t.app, 'GET', `/api/admin/orders/${orderId}/eway-bills`, undefined, admin);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().items).toMatchObject([{ ewbNo: made.bill!.ewbNo, vendorId: vendor.vendorId, status: 'active' }]);
  });

  it('names a business buyer by its GSTIN in Part A, instead of URP', async () => {
    const gstin = newGstin('29');
    const office = { line1: '4th Floor, Prestige Tech Park', city: 'Bengaluru', state: 'Karnataka', pinCode: '560103' };
    const { orderId, vendor } = await laptopOrder(BENGALURU, { business: { gstin, legalName: 'Nimbus Analytics Pvt Ltd', ...office } });
    const state = (await get(vendor.cookie, orderId)).json().ewayBill as EwayBillState;
    expect(state.required).toBe(true);
    expect(state.partA).toMatchObject({ toGstin: gstin, toPinCode: '560001' });
    const bill = await generated(vendor.cookie, orderId);
    expect(bill.bill?.ewbNo).toMatch(/^\d{12}$/);
  });

  it('ships the same laptop within Maharashtra without one: the state’s own limit is ₹1,00,000', async () => {
    const { orderId, vendor } = await laptopOrder(PUNE);
    const state = (await get(vendor.cookie, orderId)).json().ewayBill as EwayBillState;
    expect(state).toMatchObject({ required: false, thresholdPaise: 1_00_000_00, interState: false });
    const shipped = await ship(vendor.cookie, orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
  });

  it('refuses to ship with an e-way bill whose validity has ended, until it is extended', async () => {
    const { orderId, vendor } = await laptopOrder(BENGALURU);
    const made = await generated(vendor.cookie, orderId);
    const ewbNo = made.bill!.ewbNo;
    // Extension is refused days before the end.
    const early = await post(vendor.cookie, orderId, '/extend', {
      remainingDistanceKm: 300,
      fromPinCode: '411001',
      reasonCode: '4',
      remarks: 'Transshipment at Pune hub',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/within 8 hours before or after/);

    await age(ewbNo, { validForHours: -2 });
    const refused = await ship(vendor.cookie, orderId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(new RegExp(`E-way bill ${ewbNo} is no longer valid`));

    const extended = await post(vendor.cookie, orderId, '/extend', {
      remainingDistanceKm: 300,
      fromPinCode: '411001',
      reasonCode: '4',
      remarks: 'Transshipment at Pune hub',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const bill = (extended.json().ewayBill as EwayBillState).bill!;
    // 300 km from now: two days, to midnight in India.
    const ist = new Date(Date.now() + 5.5 * 3600_000);
    const end = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + 3) - 5.5 * 3600_000 - 1000);
    expect(bill.validUntil).toBe(end.toISOString());
    expect(bill.extensions).toHaveLength(1);
    expect(bill.extensions[0]!.reason).toBe('Transshipment: Transshipment at Pune hub');
    expect((await ship(vendor.cookie, orderId)).statusCode).toBe(200);
  });
});

describe('cancelling an e-way bill', () => {
  it('cancels within 24 hours, after which another may be generated; not after 24 hours', async () => {
    const { orderId, vendor } = await laptopOrder(BENGALURU);
    const first = (await generated(vendor.cookie, orderId)).bill!;
    const again = await post(vendor.cookie, orderId, '', GENERATE);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(new RegExp(`has e-way bill ${first.ewbNo} already`));

    const cancelled = await post(vendor.cookie, orderId, '/cancel', { reasonCode: '3', remarks: 'Wrong vehicle' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const state = cancelled.json().ewayBill as EwayBillState;
    expect(state.bill).toBeNull();
    expect(state.cancelled).toMatchObject([{ ewbNo: first.ewbNo, status: 'cancelled', cancelReason: 'Data entry mistake: Wrong vehicle' }]);
    // Cancelled, the parcel needs one again before it ships.
    expect((await ship(vendor.cookie, orderId)).statusCode).toBe(422);

    const second = (await generated(vendor.cookie, orderId, { distanceKm: 840, vehicleNo: 'mh 12 ab 1234' })).bill!;
    expect(second.ewbNo).not.toBe(first.ewbNo);
    expect(second.vehicleNo).toBe('MH12AB1234');
    await age(second.ewbNo, { generatedHoursAgo: 25 });
    const late = await post(vendor.cookie, orderId, '/cancel', { reasonCode: '4', remarks: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('An e-way bill can be cancelled only within 24 hours of its generation.');
  });
});

describe('generating an e-way bill', () => {
  it('makes one e-way bill when two requests come at once', async () => {
    const { orderId, vendor } = await laptopOrder(BENGALURU);
    const answers = await Promise.all([post(vendor.cookie, orderId, '', GENERATE), post(vendor.cookie, orderId, '', GENERATE)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const bills = await rows<{ n: number }>(sql`select count(*)::int as n from eway_bills where order_id = ${orderId}`);
    expect(bills[0]!.n).toBe(1);
  });

  it('refuses a distance the portal does not take and a Part B without vehicle or transporter, with field errors', async () => {
    const { orderId, vendor } = await laptopOrder(BENGALURU);
    const far = await post(vendor.cookie, orderId, '', { ...GENERATE, distanceKm: 4001 });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.distanceKm).toMatch(/at most 4,000 km/);
    const none = await post(vendor.cookie, orderId, '', { distanceKm: 800 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.vehicleNo).toMatch(/vehicle number or the transporter id/);
  });

  it('answers 404 on every e-way bill route for another seller’s order', async () => {
    const { orderId } = await laptopOrder(BENGALURU);
    const other = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    expect((await get(other.cookie, orderId)).statusCode).toBe(404);
    expect((await post(other.cookie, orderId, '', GENERATE)).statusCode).toBe(404);
    const extend = { remainingDistanceKm: 100, fromPinCode: '411001', reasonCode: '99', remarks: 'Traffic' };
    expect((await post(other.cookie, orderId, '/extend', extend)).statusCode).toBe(404);
    expect((await post(other.cookie, orderId, '/cancel', { reasonCode: '4', remarks: 'Not mine' })).statusCode).toBe(404);
    const bills = await rows<{ n: number }>(sql`select count(*)::int as n from eway_bills where order_id = ${orderId}`);
    expect(bills[0]!.n).toBe(0);
  });
});

describe('the built-in test e-way bill service', () => {
  const request = (docNo: string): GenerateEwayBillRequest => ({
    supplyType: 'O',
    subSupplyType: '1',
    docType: 'INV',
    docNo,
    docDate: '01/12/2026',
    fromGstin: '27AABCP1234C1Z0',
    fromTrdName: 'Pune Tech Hub',
    fromPlace: 'Pune',
    fromPincode: 411001,
    fromStateCode: 27,
    actFromStateCode: 27,
    toGstin: 'URP',
    toTrdName: 'Aditi Joshi',
    toPlace: 'Bengaluru',
    toPincode: 560001,
    toStateCode: 29,
    actToStateCode: 29,
    transactionType: 1,
    totalValue: 66_101.69,
    cgstValue: 0,
    sgstValue: 0,
    igstValue: 11_898.31,
    cessValue: 0,
    totInvValue: 78_000,
    transMode: '1',
    transDistance: 850,
    transporterId: '27AABCP1234C1Z0',
    itemList: [
      {
        productName: 'Laptop',
        productDesc: 'Laptop',
        hsnCode: 84713010,
        quantity: 1,
        qtyUnit: 'NOS',
        taxableAmount: 66_101.69,
        cgstRate: 0,
        sgstRate: 0,
        igstRate: 18,
        cessRate: 0,
      },
    ],
  });

  it('refuses a second e-way bill for a document that has a live one, as the portal does', async () => {
    const service = createTestEwayBillService();
    const db = kit.db();
    const now = new Date();
    const made = await service.generate(request('INV-TEST-1'), now, db);
    expect(made.ewayBillNo).toMatch(/^[1-9][0-9]{11}$/);
    await expect(service.generate(request('INV-TEST-1'), now, db)).rejects.toMatchObject({ code: 'DUPLICATE_DOCUMENT' });
    await service.cancel({ ewbNo: made.ewayBillNo, cancelRsnCode: '1', cancelRmrk: 'Duplicate' }, now, db);
    await expect(service.generate(request('INV-TEST-1'), now, db)).resolves.toMatchObject({ ewayBillNo: expect.any(String) });
  });

  it('checks the request like the portal: GSTIN, PIN codes, HSN, values adding up, tax type', async () => {
    const service = createTestEwayBillService();
    const db = kit.db();
    const now = new Date();
    const wrong = async (change: Partial<GenerateEwayBillRequest>) =>
      service.generate({ ...request(`INV-BAD-${Math.random().toString(36).slice(2, 8)}`), ...change }, now, db).then(
        () => null,
        (e: { code: string }) => e.code,
      );
    expect(await wrong({ fromGstin: '27AABCP1234C1Z1' })).toBe('INVALID_GSTIN');
    expect(await wrong({ fromStateCode: 29 })).toBe('STATE_CODE_MISMATCH');
    expect(await wrong({ toPincode: 56001 })).toBe('INVALID_PINCODE');
    expect(await wrong({ itemList: [{ ...request('x').itemList[0]!, hsnCode: 847 }] })).toBe('INVALID_HSN');
    expect(await wrong({ totInvValue: 80_000 })).toBe('VALUES_DO_NOT_ADD_UP');
    expect(await wrong({ cgstValue: 5949.15, sgstValue: 5949.16, igstValue: 0 })).toBe('TAX_TYPE');
    expect(await wrong({ transDistance: 0 })).toBe('INVALID_DISTANCE');
    expect(await wrong({ transporterId: undefined })).toBe('NO_PART_B');
  });
});
