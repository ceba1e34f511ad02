import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '~/shared/money';
import type { CartOffer, CartOffersResponse } from '~/shared/schemas/coupons';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, setStock, customerWithAddress, placed } = kit;

const HOUR = 3_600_000;
let admin: string;
let laptop: { id: string; price_paise: number };
let items: { productId: string; quantity: number }[];

async function create(code: string, extra: object) {
  const body = {
    code,
    description: `Offer ${code} for the checkout tests`,
    kind: 'flat',
    value: 100_00,
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    ...extra,
  };
  const res = await json(kit.t.app, 'POST', '/api/admin/coupons', body, admin);
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
  // The cheapest laptop on sale: well under the ₹1,00,000 minimum below.
  const [cheapest] = await rows<{ id: string; price_paise: number }>(sql`
    select id, price_paise from products
     where status = 'active' and vendor_active and category = 'Laptop' order by price_paise, id limit 1`);
  laptop = cheapest!;
  expect(laptop.price_paise).toBeLessThan(1_00_000_00);
  await setStock(laptop.id, 20);
  items = [{ productId: laptop.id, quantity: 1 }];

  await create('OFFER-MONITORS', { category: 'Monitor' });
  await create('OFFER-BIG', { minOrderPaise: 1_00_000_00 });
  await create('OFFER-ONCE', { perCustomerLimit: 1 });
  await create('OFFER-ANY', { perCustomerLimit: 5 });
});

async function offersFor(cookie: string, cart = items): Promise<CartOffer[]> {
  const res = await json(kit.t.app, 'POST', '/api/coupons/for-cart', { items: cart }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CartOffersResponse).items;
}
const byCode = (offers: CartOffer[]) => new Map(offers.map((o) => [o.code, o]));

async function quote(cookie: string, couponCode: string) {
  const res = await json(kit.t.app, 'POST', '/api/orders/quote', { items, couponCode }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteResponse;
}

describe("the checkout's offers for a laptop cart", () => {
  it('marks each offer usable or not, with the reason in words, usable ones first', async () => {
    const { cookie } = await customerWithAddress();
    const offers = await offersFor(cookie);
    const found = byCode(offers);

    expect(found.get('OFFER-MONITORS')).toMatchObject({ applicable: false, reason: 'For monitors only', scope: 'Monitors only' });
    expect(found.get('OFFER-BIG')).toMatchObject({
      applicable: false,
      reason: `On orders of ₹1,00,000.00 or more: add ${formatPaise(1_00_000_00 - laptop.price_paise)} more`,
    });
    expect(found.get('OFFER-ONCE')).toMatchObject({ applicable: true, reason: null });
    expect(found.get('OFFER-ANY')).toMatchObject({ applicable: true, reason: null });

    const firstOther = offers.findIndex((o) => !o.applicable);
    expect(firstOther).toBeGreaterThan(0);
    expect(offers.slice(firstOther).every((o) => !o.applicable)).toBe(true);
  });

  it('the minimum counts the quantity: two laptops may reach what one does not', async () => {
    const { cookie } = await customerWithAddress();
    const many = Math.ceil(1_00_000_00 / laptop.price_paise);
    const offer = byCode(await offersFor(cookie, [{ productId: laptop.id, quantity: many }])).get('OFFER-BIG');
    expect(offer).toMatchObject({ applicable: true, reason: null });
  });

  it('says a once-per-customer offer was used, to the customer who used it only', async () => {
    const { cookie, addressId } = await customerWithAddress();
    await placed(cookie, { items, addressId, delivery: 'standard', paymentMethod: 'upi', couponCode: 'OFFER-ONCE' });

    const mine = byCode(await offersFor(cookie));
    expect(mine.get('OFFER-ONCE')).toMatchObject({ applicable: false, reason: 'You have used this offer already' });
    // An offer that allows more uses stays usable.
    expect(mine.get('OFFER-ANY')).toMatchObject({ applicable: true, reason: null });
    // The same rule as applying the code.
    expect((await quote(cookie, 'OFFER-ONCE')).couponError).toBe('You have already used coupon OFFER-ONCE.');

    const someoneElse = await customerWithAddress(undefined, 'Rahul Deshmukh');
    expect(byCode(await offersFor(someoneElse.cookie)).get('OFFER-ONCE')).toMatchObject({ applicable: true, reason: null });
  });

  it('every offer listed as usable applies, and an order placed with one gets its discount', async () => {
    const { cookie, addressId } = await customerWithAddress();
    const usable = (await offersFor(cookie)).filter((o) => o.applicable);
    expect(usable.map((o) => o.code)).toEqual(expect.arrayContaining(['OFFER-ANY', 'OFFER-ONCE']));
    for (const offer of usable) {
      const q = await quote(cookie, offer.code);
      expect(q.couponError, offer.code).toBeNull();
      expect(q.coupon?.code, offer.code).toBe(offer.code);
    }
    const { order } = await placed(cookie, { items, addressId, delivery: 'standard', paymentMethod: 'upi', couponCode: 'OFFER-ANY' });
    expect(order.totals.discountPaise).toBe(100_00);

    // Offers listed as not usable are refused when applied, as listed.
    expect((await quote(cookie, 'OFFER-MONITORS')).couponError).toBe(
      'Coupon OFFER-MONITORS applies only to monitors, and your cart has none',
    );
    expect((await quote(cookie, 'OFFER-BIG')).coupon).toBeNull();
  });

  it('refuses a malformed cart with the fields at fault, and a caller who is not signed in', async () => {
    const { cookie } = await customerWithAddress();
    const fieldsOf = async (body: unknown) => {
      const res = await json(kit.t.app, 'POST', '/api/coupons/for-cart', body, cookie);
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json() as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('VALIDATION');
      return error.fields;
    };
    expect(await fieldsOf({})).toHaveProperty('items');
    expect(await fieldsOf({ items: [] })).toEqual({ items: 'Your cart is empty' });
    expect(await fieldsOf({ items: [{ productId: laptop.id, quantity: 0 }] })).toEqual({
      'items.0.quantity': 'Quantity must be at least 1',
    });
    expect(await fieldsOf({ items, couponCode: 'OFFER-ANY' })).toHaveProperty(['couponCode']);

    const anonymous = await json(kit.t.app, 'POST', '/api/coupons/for-cart', { items });
    expect(anonymous.statusCode).toBe(401);
  });
});
