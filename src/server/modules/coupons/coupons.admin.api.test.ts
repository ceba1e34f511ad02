import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '~/shared/schemas/audit';
import type { AdminCoupon, AdminCouponsResponse, CouponRedemptionsResponse, CouponSummary } from '~/shared/schemas/coupons';
import type { PlaceOrderResponse, QuoteResponse } from '~/shared/schemas/orders';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, setStock, customerWithAddress, place, placed } = kit;

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

const HOUR = 3_600_000;
const base = (code: string, extra: object = {}) => ({
  code,
  description: 'Test offer for the admin tests',
  kind: 'percent',
  value: 10,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  ...extra,
});
/** The rules of a coupon as PUT takes them (everything but the code). */
const rulesOf = (c: AdminCoupon) => ({
  description: c.description,
  kind: c.kind,
  value: c.value,
  minOrderPaise: c.minOrderPaise,
  maxDiscountPaise: c.maxDiscountPaise,
  startsAt: c.startsAt,
  expiresAt: c.expiresAt,
  usageLimit: c.usageLimit,
  perCustomerLimit: c.perCustomerLimit,
  category: c.category,
  vendorId: c.vendorId,
});

async function create(body: object): Promise<AdminCoupon> {
  const res = await json(kit.t.app, 'POST', '/api/admin/coupons', body, admin);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { coupon: AdminCoupon }).coupon;
}
async function auditOf(code: string) {
  const res = await json(kit.t.app, 'GET', `/api/admin/audit?entityType=coupon&entityId=${code}&pageSize=50`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AuditResponse).items.reverse();
}

interface Product {
  id: string;
  price_paise: number;
  vendor_id: string;
  category: string;
}
/** The cheapest product on sale of a category (of a vendor, or not of one), with 20 in stock. */
async function productOf(category: string, vendor?: { is?: string; not?: string }): Promise<Product> {
  const all = await rows<Product & Record<string, unknown>>(sql`
    select id, price_paise, vendor_id, category from products
     where status = 'active' and vendor_active and category = ${category} order by price_paise, id`);
  const product = all.find((p) => (!vendor?.is || p.vendor_id === vendor.is) && (!vendor?.not || p.vendor_id !== vendor.not));
  if (!product) throw new Error(`no ${category} product for the test`);
  await setStock(product.id, 20);
  return product;
}

async function quote(cookie: string, items: { productId: string; quantity: number }[], couponCode: string) {
  const res = await json(kit.t.app, 'POST', '/api/orders/quote', { items, couponCode }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteResponse;
}

describe('an admin manages coupons', () => {
  it('creates, edits, pauses, resumes and expires a coupon, each change audited with the values before and after', async () => {
    const created = await create(base('ADMIN-EDIT', { maxDiscountPaise: 2_000_00, usageLimit: 100, category: 'Laptop' }));
    expect(created).toMatchObject({
      code: 'ADMIN-EDIT',
      status: 'active',
      usedCount: 0,
      scope: 'Laptops only',
      maxDiscountPaise: 2_000_00,
    });

    const list = (await json(kit.t.app, 'GET', '/api/admin/coupons?q=admin-edit', undefined, admin)).json() as AdminCouponsResponse;
    expect(list.items.map((c) => c.code)).toEqual(['ADMIN-EDIT']);

    const edit = await json(
      kit.t.app,
      'PUT',
      '/api/admin/coupons/admin-edit',
      { ...rulesOf(created), value: 15, description: 'Fifteen percent off laptops' },
      admin,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().coupon).toMatchObject({ value: 15, description: 'Fifteen percent off laptops', code: 'ADMIN-EDIT' });

    const pause = await json(kit.t.app, 'POST', '/api/admin/coupons/ADMIN-EDIT/pause', undefined, admin);
    expect(pause.json().coupon.status).toBe('paused');
    expect((await json(kit.t.app, 'POST', '/api/admin/coupons/ADMIN-EDIT/pause', undefined, admin)).statusCode).toBe(409);
    const paused = (await json(kit.t.app, 'GET', '/api/admin/coupons?status=paused', undefined, admin)).json() as AdminCouponsResponse;
    expect(paused.items.map((c) => c.code)).toContain('ADMIN-EDIT');

    expect((await json(kit.t.app, 'POST', '/api/admin/coupons/ADMIN-EDIT/resume', undefined, admin)).json().coupon.status).toBe('active');
    const expire = await json(kit.t.app, 'POST', '/api/admin/coupons/ADMIN-EDIT/expire', undefined, admin);
    expect(expire.json().coupon.status).toBe('expired');
    const again = await json(kit.t.app, 'POST', '/api/admin/coupons/ADMIN-EDIT/resume', undefined, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/has expired/);

    const entries = await auditOf('ADMIN-EDIT');
    expect(entries.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.pause', 'coupon.resume', 'coupon.expire']);
    expect(entries.every((e) => e.actor.role === 'admin')).toBe(true);
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ code: 'ADMIN-EDIT', value: 10, category: 'Laptop' });
    expect(entries[1]!.before).toMatchObject({ value: 10 });
    expect(entries[1]!.after).toMatchObject({ value: 15, description: 'Fifteen percent off laptops' });
    expect(entries[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(entries[4]!.before).toMatchObject({ expiresAt: null });
    expect((entries[4]!.after as { expiresAt: string }).expiresAt).not.toBeNull();
  });

  it('ends a scheduled coupon before its start: it never runs, and its period does not end before it starts', async () => {
    const start = new Date(Date.now() + 24 * HOUR);
    expect(await create(base('NOT-YET', { startsAt: start.toISOString(), expiresAt: null }))).toMatchObject({ status: 'scheduled' });
    const ended = await json(kit.t.app, 'POST', '/api/admin/coupons/NOT-YET/expire', undefined, admin);
    expect(ended.statusCode, ended.body).toBe(200);
    const coupon = ended.json().coupon as { status: string; startsAt: string; expiresAt: string };
    expect(coupon.status).toBe('expired');
    expect(Date.parse(coupon.startsAt)).toBeLessThanOrEqual(Date.parse(coupon.expiresAt));
    expect(Date.parse(coupon.expiresAt)).toBeLessThan(start.getTime());
  });

  it('answers bad coupons with 400 and the field at fault, a taken code with 409, and writes nothing', async () => {
    const fieldsOf = async (body: object, method: 'POST' | 'PUT' = 'POST', url = '/api/admin/coupons') => {
      const res = await json(kit.t.app, method, url, body, admin);
      return { status: res.statusCode, fields: (res.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {} };
    };
    expect(await fieldsOf(base('BAD-PCT', { value: 95 }))).toEqual({
      status: 400,
      fields: { value: 'A percent coupon gives 1% to 90% off' },
    });
    expect(await fieldsOf(base('BAD-FLAT', { kind: 'flat', value: undefined }))).toEqual({
      status: 400,
      fields: { value: 'Enter the amount off, at least ₹1' },
    });
    const start = new Date(Date.now() + 10 * HOUR);
    expect(
      await fieldsOf(base('BAD-END', { startsAt: start.toISOString(), expiresAt: new Date(start.getTime() - HOUR).toISOString() })),
    ).toEqual({ status: 400, fields: { expiresAt: 'The end must be after the start' } });
    expect((await fieldsOf(base('BAD-VENDOR', { vendorId: 'no-such-seller' }))).fields).toEqual({
      vendorId: 'Choose a seller from the list',
    });
    expect((await fieldsOf(base('x'))).fields.code).toBe('Coupon codes are 3 to 30 letters, digits and dashes');
    expect((await fieldsOf(base('BAD CODE!'))).fields.code).toBe('Coupon codes are letters, digits and dashes only, like DIWALI-25');
    expect(await rows(sql`select code from coupons where code like 'BAD-%'`)).toEqual([]);

    await create(base('TAKEN'));
    const taken = await fieldsOf(base('taken', { kind: 'flat', value: 500_00 }));
    expect(taken).toEqual({ status: 409, fields: { code: 'There is a coupon TAKEN already. Choose another code.' } });
    const [kept] = await rows<{ kind: string }>(sql`select kind from coupons where code = 'TAKEN'`);
    expect(kept!.kind).toBe('percent');

    // An edit is held to the same rule: no end before the start.
    const backwards = {
      ...rulesOf(await create(base('EDIT-END'))),
      startsAt: start.toISOString(),
      expiresAt: new Date(start.getTime() - HOUR).toISOString(),
    };
    expect(await fieldsOf(backwards, 'PUT', '/api/admin/coupons/EDIT-END')).toEqual({
      status: 400,
      fields: { expiresAt: 'The end must be after the start' },
    });
    const [unchanged] = await rows<{ expires_at: Date | null }>(sql`select expires_at from coupons where code = 'EDIT-END'`);
    expect(unchanged!.expires_at).toBeNull();
  });

  it('keeps the total limit at or above the uses counted, and a used coupon keeps its kind', async () => {
    const coupon = await create(base('USEDTWICE', { kind: 'flat', value: 300_00, usageLimit: 5 }));
    const laptop = await productOf('Laptop');
    for (const name of ['Meera Iyer', 'Kunal Shah']) {
      const buyer = await customerWithAddress(kit.PUNE, name);
      await placed(buyer.cookie, {
        items: [{ productId: laptop.id, quantity: 1 }],
        addressId: buyer.addressId,
        delivery: 'standard',
        paymentMethod: 'cod',
        couponCode: 'USEDTWICE',
      });
    }
    const low = await json(kit.t.app, 'PUT', '/api/admin/coupons/USEDTWICE', { ...rulesOf(coupon), usageLimit: 1 }, admin);
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields).toEqual({ usageLimit: 'Coupon USEDTWICE has been used 2 times: the total limit cannot be lower' });
    const kind = await json(kit.t.app, 'PUT', '/api/admin/coupons/USEDTWICE', { ...rulesOf(coupon), kind: 'percent', value: 10 }, admin);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields.kind).toMatch(/stays a flat coupon/);
    // The count of uses is not the admin's to set.
    expect((await json(kit.t.app, 'PUT', '/api/admin/coupons/USEDTWICE', { ...rulesOf(coupon), usedCount: 0 }, admin)).statusCode).toBe(
      400,
    );

    const ok = await json(kit.t.app, 'PUT', '/api/admin/coupons/USEDTWICE', { ...rulesOf(coupon), usageLimit: 2, value: 400_00 }, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().coupon).toMatchObject({ usageLimit: 2, usedCount: 2, value: 400_00, status: 'used_up' });
    // The orders already placed keep the discount they were given.
    const discounts = await rows<{ discount_paise: number }>(sql`select discount_paise from orders where coupon_code = 'USEDTWICE'`);
    expect(discounts.map((d) => d.discount_paise)).toEqual([300_00, 300_00]);
  });

  it('lists who redeemed a coupon, newest first, with the order, the customer and the discount, a page at a time', async () => {
    await create(base('REDEEMED', { kind: 'flat', value: 250_00 }));
    const laptop = await productOf('Laptop');
    const numbers: string[] = [];
    for (const name of ['Anil Kapoor', 'Bina Rao', 'Chetan Naik']) {
      const buyer = await customerWithAddress(kit.PUNE, name);
      const { order } = await placed(buyer.cookie, {
        items: [{ productId: laptop.id, quantity: 1 }],
        addressId: buyer.addressId,
        delivery: 'standard',
        paymentMethod: 'cod',
        couponCode: 'REDEEMED',
      });
      numbers.push(order.orderNumber);
    }
    const page1 = (
      await json(kit.t.app, 'GET', '/api/admin/coupons/REDEEMED/redemptions?pageSize=2', undefined, admin)
    ).json() as CouponRedemptionsResponse;
    expect(page1.total).toBe(3);
    expect(page1.items.map((r) => [r.orderNumber, r.customerName, r.discountPaise])).toEqual([
      [numbers[2], 'Chetan Naik', 250_00],
      [numbers[1], 'Bina Rao', 250_00],
    ]);
    expect(page1.items[0]!.customerEmail).toMatch(/@example\.in$/);
    expect(page1.items[0]!.orderStatus).toBe('placed');
    const page2 = (
      await json(kit.t.app, 'GET', '/api/admin/coupons/REDEEMED/redemptions?pageSize=2&page=2', undefined, admin)
    ).json() as CouponRedemptionsResponse;
    expect(page2.items.map((r) => r.customerName)).toEqual(['Anil Kapoor']);
    expect((await json(kit.t.app, 'GET', '/api/admin/coupons/NOSUCH/redemptions', undefined, admin)).statusCode).toBe(404);
  });
});

describe('checkout follows what the admin set', () => {
  it('refuses a paused or expired coupon with words for the customer', async () => {
    await create(base('PAUSEME', { kind: 'flat', value: 100_00 }));
    await create(base('ENDME', { kind: 'flat', value: 100_00 }));
    const laptop = await productOf('Laptop');
    const items = [{ productId: laptop.id, quantity: 1 }];
    const { cookie, addressId } = await customerWithAddress();
    expect((await quote(cookie, items, 'PAUSEME')).coupon).toMatchObject({ code: 'PAUSEME', discountPaise: 100_00 });

    await json(kit.t.app, 'POST', '/api/admin/coupons/PAUSEME/pause', undefined, admin);
    await json(kit.t.app, 'POST', '/api/admin/coupons/ENDME/expire', undefined, admin);
    const pausedQuote = await quote(cookie, items, 'pauseme');
    expect(pausedQuote.coupon).toBeNull();
    expect(pausedQuote.couponError).toBe('Coupon PAUSEME is paused at the moment. Try another offer.');
    expect((await quote(cookie, items, 'ENDME')).couponError).toMatch(/^Coupon ENDME expired on \d{1,2} \w{3} \d{4}\.$/);

    for (const code of ['PAUSEME', 'ENDME']) {
      const res = await place(cookie, { items, addressId, delivery: 'standard', paymentMethod: 'upi', couponCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.couponCode).toMatch(code === 'PAUSEME' ? /is paused/ : /expired on/);
    }
    const offers = (await json(kit.t.app, 'GET', '/api/coupons')).json() as { items: CouponSummary[] };
    expect(offers.items.map((o) => o.code)).not.toContain('PAUSEME');

    await json(kit.t.app, 'POST', '/api/admin/coupons/PAUSEME/resume', undefined, admin);
    expect((await quote(cookie, items, 'PAUSEME')).couponError).toBeNull();
  });

  it('a category coupon discounts only the monitors of a mixed cart, to the paisa, and counts only them for its minimum', async () => {
    const monitor = await productOf('Monitor');
    const laptop = await productOf('Laptop');
    const monitorsWorth = 2 * monitor.price_paise;
    await create(base('MONITORS12', { value: 12, minOrderPaise: monitorsWorth, category: 'Monitor', description: '12% off monitors' }));
    const { cookie, addressId } = await customerWithAddress();
    const items = [
      { productId: laptop.id, quantity: 1 },
      { productId: monitor.id, quantity: 2 },
    ];
    const q = await quote(cookie, items, 'MONITORS12');
    const expected = Math.floor((monitorsWorth * 12) / 100);
    expect(q.couponError).toBeNull();
    expect(q.coupon).toMatchObject({ code: 'MONITORS12', discountPaise: expected });
    expect(q.totals.subtotalPaise).toBe(laptop.price_paise + monitorsWorth);
    expect(q.totals.discountPaise).toBe(expected);
    const byId = new Map(q.lines.map((l) => [l.productId, l]));
    expect(byId.get(laptop.id)!.discountPaise).toBe(0);
    expect(byId.get(monitor.id)!.discountPaise).toBe(expected);

    // The laptop does not count toward the minimum: one monitor is not enough.
    const small = await quote(cookie, [items[0]!, { productId: monitor.id, quantity: 1 }], 'MONITORS12');
    expect(small.couponError).toBe(
      `Coupon MONITORS12 needs monitors worth at least ₹${(monitorsWorth / 100).toLocaleString('en-IN')} in your cart`,
    );
    // A cart with no monitor is told so.
    const none = await quote(cookie, [items[0]!], 'MONITORS12');
    expect(none.coupon).toBeNull();
    expect(none.couponError).toBe('Coupon MONITORS12 applies only to monitors, and your cart has none');

    const { order } = (await placed(cookie, {
      items,
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
      couponCode: 'MONITORS12',
    })) as PlaceOrderResponse;
    expect(order.totals.discountPaise).toBe(expected);
    const lines = await rows<{ product_id: string; discount_paise: number }>(
      sql`select product_id, discount_paise from order_items where order_id = ${order.id}`,
    );
    expect(new Map(lines.map((l) => [l.product_id, l.discount_paise]))).toEqual(
      new Map([
        [laptop.id, 0],
        [monitor.id, expected],
      ]),
    );
  });

  it('a seller coupon shares its flat discount over that seller’s lines only, in proportion, to the paisa', async () => {
    const first = await productOf('Laptop');
    const second = await productOf('Monitor', { is: first.vendor_id });
    const other = await productOf('Desktop', { not: first.vendor_id });
    const [seller] = await rows<{ business_name: string }>(sql`select business_name from seller_directory where id = ${first.vendor_id}`);
    const coupon = await create(base('SELLER777', { kind: 'flat', value: 777_77, vendorId: first.vendor_id }));
    expect(coupon.scope).toBe(`Products sold by ${seller!.business_name} only`);
    const offers = (await json(kit.t.app, 'GET', '/api/coupons')).json() as { items: CouponSummary[] };
    expect(offers.items.find((o) => o.code === 'SELLER777')!.scope).toBe(`Products sold by ${seller!.business_name} only`);

    const { cookie } = await customerWithAddress();
    const q = await quote(
      cookie,
      [
        { productId: first.id, quantity: 1 },
        { productId: other.id, quantity: 1 },
        { productId: second.id, quantity: 1 },
      ],
      'SELLER777',
    );
    const inScope = first.price_paise + second.price_paise;
    const firstShare = Math.floor((777_77 * first.price_paise) / inScope);
    const byId = new Map(q.lines.map((l) => [l.productId, l.discountPaise]));
    expect(q.totals.discountPaise).toBe(777_77);
    expect(byId.get(other.id)).toBe(0);
    expect(byId.get(first.id)).toBe(firstShare);
    expect(byId.get(second.id)).toBe(777_77 - firstShare);
    expect((await quote(cookie, [{ productId: other.id, quantity: 1 }], 'SELLER777')).couponError).toBe(
      `Coupon SELLER777 applies only to products sold by ${seller!.business_name}, and your cart has none`,
    );
  });
});

describe('who may call the coupon admin routes', () => {
  it('answers 401 to a visitor and 403 to a customer and a vendor, on every route', async () => {
    await create(base('GUARDED'));
    const customer = (await signUpCustomer(kit.t)).cookie;
    const vendor = (await signUpVendor(kit.t)).cookie;
    const body = base('SNEAKY');
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/coupons/vendors'],
      ['POST', '/api/admin/coupons', body],
      ['GET', '/api/admin/coupons/GUARDED'],
      ['PUT', '/api/admin/coupons/GUARDED', { ...body, code: undefined }],
      ['POST', '/api/admin/coupons/GUARDED/pause'],
      ['POST', '/api/admin/coupons/GUARDED/resume'],
      ['POST', '/api/admin/coupons/GUARDED/expire'],
      ['GET', '/api/admin/coupons/GUARDED/redemptions'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await json(kit.t.app, method as 'GET', url, payload)).statusCode, `${method} ${url} as a visitor`).toBe(401);
      expect((await json(kit.t.app, method as 'GET', url, payload, customer)).statusCode, `${method} ${url} as a customer`).toBe(403);
      expect((await json(kit.t.app, method as 'GET', url, payload, vendor)).statusCode, `${method} ${url} as a vendor`).toBe(403);
    }
    const [guarded] = await rows<{ active: boolean; expires_at: Date | null }>(
      sql`select active, expires_at from coupons where code = 'GUARDED'`,
    );
    expect(guarded).toEqual({ active: true, expires_at: null });
    expect(await rows(sql`select code from coupons where code = 'SNEAKY'`)).toEqual([]);
  });
});
