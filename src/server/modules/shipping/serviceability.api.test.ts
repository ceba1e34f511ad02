import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addWorkingDays } from '~/shared/delivery';
import type { DeliveryEstimate } from '~/shared/schemas/catalogue';
import type { OrderDetail, QuoteResponse } from '~/shared/schemas/orders';
import { createMemoryStore } from '../../lib/kv-store';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import type { RateQuery, ShippingProvider } from './provider';
import { createServiceability } from './serviceability';
import { createTestCourier } from './test-courier/test-courier';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, place, placed, PUNE, PORT_BLAIR } = kit;

/** The demo's approved seller ships from Pune (411004): a laptop of its own, under the shop's COD limit. */
async function punesLaptop() {
  const [product] = await rows<{ id: string; price_paise: number; name: string }>(sql`
    select p.id, p.price_paise, p.name from products p join vendors v on v.id = p.vendor_id
     where p.status = 'active' and p.vendor_active and p.category = 'Laptop' and v.business_name = 'Pune Tech Hub'
       and p.price_paise < ${48_000_00} order by p.id limit 1`);
  await kit.setStock(product!.id, 20);
  return product!;
}

async function quote(cookie: string, body: object): Promise<QuoteResponse> {
  const res = await json(kit.t.app, 'POST', '/api/orders/quote', body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteResponse;
}

const parcel = { weightGrams: 2_000, lengthMm: 450, widthMm: 300, heightMm: 80 };
const query = (deliveryPin: string, over: Partial<RateQuery> = {}): RateQuery => ({
  pickupPin: '411004',
  deliveryPin,
  parcel,
  codAmountPaise: null,
  declaredValuePaise: 40_000_00,
  ...over,
});

/** The test courier's own options; its webhooks are not used here. */
const COURIER_OPTIONS = { webhookSecret: 'serviceability-tests', publicUrl: 'http://localhost' };

/** The test courier, counting the questions it is asked. */
function countingCourier() {
  const courier = createTestCourier(COURIER_OPTIONS).provider;
  const asked: RateQuery[] = [];
  const provider: ShippingProvider = { ...courier, rates: (q) => (asked.push(q), courier.rates(q)) };
  return { provider, asked };
}

describe('checkout asks the courier', () => {
  it('gives a served PIN the courier’s days (standard the cheapest courier, express the fastest) and keeps them on the order', async () => {
    const laptop = await punesLaptop();
    const { cookie, addressId } = await customerWithAddress(PUNE);
    const body = { items: [{ productId: laptop.id, quantity: 1 }], addressId, delivery: 'standard' };
    const now = new Date();
    const q = await quote(cookie, body);
    // Pune to Pune is the test courier's local zone: Economy Surface (cheapest) 3 days, Air Express (fastest) 1 day,
    // each after one working day to hand the parcel over.
    expect(q.delivery).toMatchObject({ pinCode: '411045', serviceable: true, estimate: false, message: null });
    expect(q.delivery!.parcels).toEqual([
      expect.objectContaining({
        sellerName: 'Pune Tech Hub',
        fromCity: 'Pune',
        serviceable: true,
        standard: { expectedFrom: addWorkingDays(now, 4), expectedBy: addWorkingDays(now, 5) },
        express: { expectedFrom: addWorkingDays(now, 2), expectedBy: addWorkingDays(now, 3) },
      }),
    ]);
    expect(q.deliveryChoices.find((c) => c.option === 'standard')).toMatchObject(q.delivery!.parcels[0]!.standard!);
    expect(q.cod).toEqual({ allowed: true, reason: null });

    const { order } = await placed(cookie, { ...body, delivery: 'express', paymentMethod: 'cod' });
    const detail = (await json(kit.t.app, 'GET', `/api/orders/${order.id}`, undefined, cookie)).json().order as OrderDetail;
    expect({ from: detail.expectedFrom, by: detail.expectedBy }).toEqual({ from: addWorkingDays(now, 2), by: addWorkingDays(now, 3) });
  });

  it('says plainly that an unserved PIN is not delivered to, naming the seller’s items, and refuses the order', async () => {
    const laptop = await punesLaptop();
    const { cookie, addressId } = await customerWithAddress({ ...PUNE, pinCode: '411999' });
    const body = { items: [{ productId: laptop.id, quantity: 1 }], addressId, delivery: 'standard' };
    const q = await quote(cookie, body);
    expect(q.delivery).toMatchObject({ serviceable: false, estimate: false });
    expect(q.delivery!.message).toMatch(/^We can't deliver to 411999 yet: no courier serves it from Pune \(.+, sold by Pune Tech Hub\)/);
    expect(q.delivery!.parcels[0]).toMatchObject({ serviceable: false, standard: null, reason: 'No courier serves PIN 411999.' });
    expect(q.cod.allowed).toBe(false);

    const refused = await place(cookie, { ...body, paymentMethod: 'upi' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(q.delivery!.message);
    expect(refused.json().error.fields.addressId).toBe(q.delivery!.message);
  });

  it('offers cash on delivery only where a courier collects it: the islands are served prepaid', async () => {
    const laptop = await punesLaptop();
    const { cookie, addressId } = await customerWithAddress(PORT_BLAIR);
    const body = { items: [{ productId: laptop.id, quantity: 1 }], addressId, delivery: 'standard' };
    const q = await quote(cookie, body);
    expect(q.delivery).toMatchObject({ serviceable: true, estimate: false });
    expect(q.cod).toEqual({ allowed: false, reason: 'Couriers do not collect cash at PIN code 744101; please pay online.' });
    const cod = await place(cookie, { ...body, paymentMethod: 'cod' });
    expect(cod.statusCode).toBe(400);
    expect(cod.json().error.fields.paymentMethod).toMatch(/do not collect cash at PIN code 744101/);
    expect((await place(cookie, { ...body, paymentMethod: 'upi' })).statusCode).toBe(201);
  });

  it('falls back to the shop’s table, said to be an estimate, when the courier fails, and still takes the order', async () => {
    const laptop = await punesLaptop();
    // A PIN no other test of this file asks, so no answer of the courier is cached for it.
    const { cookie, addressId } = await customerWithAddress({ ...PUNE, pinCode: '411057' });
    const body = { items: [{ productId: laptop.id, quantity: 1 }], addressId, delivery: 'standard' };
    const provider = kit.t.services.testCourier!.provider;
    const rates = provider.rates;
    provider.rates = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const now = new Date();
      const q = await quote(cookie, body);
      expect(q.delivery).toMatchObject({ serviceable: true, estimate: true });
      // The table's Pune: 1–2 working days.
      expect(q.deliveryChoices[0]).toMatchObject({ expectedFrom: addWorkingDays(now, 1), expectedBy: addWorkingDays(now, 2) });
      expect(q.cod.allowed).toBe(true);
      expect((await place(cookie, { ...body, paymentMethod: 'cod' })).statusCode).toBe(201);
    } finally {
      provider.rates = rates;
    }
    // The courier is back: its answer, not the table's (the fallback was not cached).
    expect((await quote(cookie, body)).delivery).toMatchObject({ estimate: false });
  });

  it('answers the product page’s PIN check from the same courier', async () => {
    const laptop = await punesLaptop();
    const estimate = async (pin: string) => {
      const res = await json(kit.t.app, 'GET', `/api/catalogue/delivery-estimate?pin=${pin}&productId=${laptop.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DeliveryEstimate;
    };
    expect(await estimate('411038')).toMatchObject({
      region: 'Pune',
      serviceable: true,
      estimate: false,
      minDays: 4,
      maxDays: 5,
      codAvailable: true,
    });
    expect(await estimate('411999')).toMatchObject({
      serviceable: false,
      codAvailable: false,
      message: "We can't deliver to 411999 yet: no courier serves it from Pune.",
    });
    expect(await estimate('744101')).toMatchObject({ serviceable: true, codAvailable: false });
  });
});

describe('the serviceability service', () => {
  const db = () => kit.t.services.database.db;

  it('asks the provider once per (pickup PIN, delivery PIN, weight slab, COD band), also when asked at once', async () => {
    const { provider, asked } = countingCourier();
    const service = createServiceability({ db: db(), provider, store: createMemoryStore() });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => service.check(query('560001'))));
    expect(asked).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ source: 'courier', serviceable: true, codAllowed: false });
    // The same slab (a few grams more) is the same question; another slab, another PIN or another COD band is a new one.
    await service.check(query('560001', { parcel: { ...parcel, weightGrams: 2_050 } }));
    expect(asked).toHaveLength(1);
    await service.check(query('560001', { parcel: { ...parcel, weightGrams: 6_000 } }));
    await service.check(query('560002'));
    expect(asked).toHaveLength(3);
    const cod = await service.check(query('560001', { codAmountPaise: 41_000_00 }));
    expect(cod.codAllowed).toBe(true);
    // COD is asked in its ₹5,000 band, rounded up: ₹41,000 and ₹44,000 are one question of ₹45,000.
    await service.check(query('560001', { codAmountPaise: 44_000_00 }));
    expect(asked.filter((q) => q.codAmountPaise !== null).map((q) => q.codAmountPaise)).toEqual([45_000_00]);
  });

  it('keeps the courier’s COD limit: above every courier’s limit the parcel still goes, prepaid', async () => {
    const service = createServiceability({ db: db(), provider: createTestCourier(COURIER_OPTIONS).provider, store: createMemoryStore() });
    expect(await service.check(query('110001', { codAmountPaise: 1_20_000_00 }))).toMatchObject({
      source: 'courier',
      serviceable: true,
      codAllowed: false,
    });
  });

  it('answers from the table when the provider throws or does not answer in time, and does not keep that answer', async () => {
    const store = createMemoryStore();
    const failing: ShippingProvider = {
      ...createTestCourier(COURIER_OPTIONS).provider,
      rates: async () => {
        throw new Error('503 Service Unavailable');
      },
    };
    const thrown = await createServiceability({ db: db(), provider: failing, store }).check(query('781001', { codAmountPaise: 30_000_00 }));
    // The table's North-East: 6–9 days, prepaid only.
    expect(thrown).toEqual({
      source: 'table',
      serviceable: true,
      reason: null,
      standard: { minDays: 6, maxDays: 9 },
      express: { minDays: 5, maxDays: 7 },
      codAllowed: false,
    });

    let calls = 0;
    const silent: ShippingProvider = {
      ...createTestCourier(COURIER_OPTIONS).provider,
      rates: () => {
        calls += 1;
        return new Promise(() => undefined);
      },
    };
    const slow = createServiceability({ db: db(), provider: silent, store, timeoutMs: 50 });
    const started = Date.now();
    expect(await slow.check(query('411038'))).toMatchObject({ source: 'table', serviceable: true, standard: { minDays: 1, maxDays: 2 } });
    expect(Date.now() - started).toBeLessThan(1_000);
    await slow.check(query('411038'));
    expect(calls).toBe(2);
  });
});
