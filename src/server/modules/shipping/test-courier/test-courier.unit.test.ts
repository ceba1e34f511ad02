import { describe, expect, it } from 'vitest';
import type { RateQuery } from '../provider';
import { createHmac } from 'node:crypto';
import { createTestCourier, TEST_COURIER_SIGNATURE_HEADER } from './test-courier';
import { chargeableWeightGrams, testCourierRates, zoneOf } from './test-courier-rules';

const OPTIONS = { webhookSecret: 'test-courier-secret-for-unit-tests', publicUrl: 'https://shop.example.in' };
const LAPTOP = { weightGrams: 2_400, lengthMm: 450, widthMm: 320, heightMm: 90 };
const NAVI_MUMBAI = '400703';
const query = (deliveryPin: string, extra: Partial<RateQuery> = {}): RateQuery => ({
  pickupPin: NAVI_MUMBAI,
  deliveryPin,
  parcel: LAPTOP,
  codAmountPaise: null,
  declaredValuePaise: 60_000_00,
  ...extra,
});

const party = (pinCode: string) => ({ name: 'A', phone: '+919876543210', line1: 'x', city: 'c', state: 's', pinCode });
const booking = (reference: string, courierId: string, pin = '411001') => ({
  reference,
  orderNumber: 'SC-1',
  orderDate: new Date('2026-12-07T10:00:00Z'),
  courierId,
  pickup: { ...party(NAVI_MUMBAI), sellerName: 'Seller' },
  deliverTo: party(pin),
  parcel: LAPTOP,
  codAmountPaise: null,
  declaredValuePaise: 60_000_00,
  items: [],
});

describe('the test courier', () => {
  it('charges the volumetric weight of a bulky box, in 500 g slabs', () => {
    // 45 × 32 × 9 cm ÷ 5000 = 2.592 kg, more than the 2.4 kg it weighs: 3 kg.
    expect(chargeableWeightGrams(LAPTOP)).toBe(3_000);
    expect(chargeableWeightGrams({ weightGrams: 200, lengthMm: 100, widthMm: 100, heightMm: 100 })).toBe(500);
  });

  it('knows its zones: local, regional, national and the slow zone', () => {
    expect(zoneOf(NAVI_MUMBAI, '400001')).toBe('local');
    expect(zoneOf(NAVI_MUMBAI, '411001')).toBe('regional');
    expect(zoneOf(NAVI_MUMBAI, '110001')).toBe('national');
    for (const pin of ['781001', '795001', '190001', '194101', '744101', '682555']) expect(zoneOf(NAVI_MUMBAI, pin)).toBe('special');
  });

  it('offers three couriers, cheapest first, with the same answer every time', () => {
    const first = testCourierRates(query('110001'));
    expect(first).toEqual(testCourierRates(query('110001')));
    expect(first.serviceable).toBe(true);
    expect(first.rates.map((r) => r.courierId)).toEqual(['tc-economy', 'tc-standard', 'tc-air']);
    // Economy, national: ₹50 + 5 × ₹18 = ₹140, with GST ₹165.20.
    expect(first.rates[0]).toMatchObject({ chargePaise: 16_520, promisedDays: 6, chargeableWeightGrams: 3_000, mode: 'surface' });
    expect(first.rates[2]).toMatchObject({ courierName: 'Test Air Express', promisedDays: 2 });
  });

  it('takes longer and charges more into the north-east and the islands', () => {
    const mumbai = testCourierRates(query('110001')).rates.find((r) => r.courierId === 'tc-standard')!;
    const guwahati = testCourierRates(query('781001')).rates.find((r) => r.courierId === 'tc-standard')!;
    expect(guwahati.promisedDays).toBeGreaterThan(mumbai.promisedDays);
    expect(guwahati.chargePaise).toBeGreaterThan(mumbai.chargePaise);
  });

  it('does not serve Army Postal Service PINs or PINs ending in 999, and says why', () => {
    expect(testCourierRates(query('901234'))).toMatchObject({ serviceable: false, rates: [] });
    const none = testCourierRates(query('411999'));
    expect(none.serviceable).toBe(false);
    expect(none.reason).toContain('411999');
  });

  it('adds a COD fee and leaves out couriers whose COD limit the amount passes', () => {
    const prepaid = testCourierRates(query('411001')).rates;
    const cod = testCourierRates(query('411001', { codAmountPaise: 40_000_00 })).rates;
    // Test Air Express collects up to ₹25,000.
    expect(cod.map((r) => r.courierId)).toEqual(['tc-economy', 'tc-standard']);
    // 2% of ₹40,000 = ₹800, with GST ₹944.
    expect(cod[0]!.chargePaise - prepaid[0]!.chargePaise).toBe(94_400);
    expect(testCourierRates(query('781001', { codAmountPaise: 10_000_00 })).rates.map((r) => r.courierId)).not.toContain('tc-air');
    expect(testCourierRates(query('411001', { codAmountPaise: 2_00_000_00 }))).toMatchObject({ serviceable: false });
  });

  it('leaves out couriers a heavy parcel is over the limit of', () => {
    const desktop = { weightGrams: 12_000, lengthMm: 520, widthMm: 280, heightMm: 480 };
    expect(testCourierRates(query('411001', { parcel: desktop })).rates.map((r) => r.courierId)).toEqual(['tc-economy', 'tc-standard']);
  });

  it('issues the same AWB for the same booking and different ones for others', async () => {
    const { provider } = createTestCourier(OPTIONS);
    const a = await provider.createShipment(booking('shp_1', 'tc-standard'));
    expect(a.awb).toMatch(/^TS\d{10}$/);
    expect((await provider.createShipment(booking('shp_1', 'tc-standard'))).awb).toBe(a.awb);
    expect((await provider.createShipment(booking('shp_2', 'tc-standard'))).awb).not.toBe(a.awb);
    expect(a.trackingUrl).toContain(a.awb);
    await expect(provider.createShipment(booking('shp_3', 'tc-air', '411999'))).rejects.toMatchObject({ code: 'NOT_SERVICEABLE' });
  });

  it('answers busy when a test asks it to, then books again', async () => {
    const courier = createTestCourier(OPTIONS);
    courier.failNextBookings(1);
    await expect(courier.provider.createShipment(booking('shp_4', 'tc-economy'))).rejects.toMatchObject({ code: 'BUSY', retryable: true });
    await expect(courier.provider.createShipment(booking('shp_4', 'tc-economy'))).resolves.toMatchObject({ courierId: 'tc-economy' });
  });

  it('comes for a pickup asked on a Sunday on the Monday', async () => {
    const { provider } = createTestCourier(OPTIONS);
    const shipments = [{ awb: 'TS1', providerShipmentId: 'x' }];
    expect((await provider.requestPickup({ shipments, pickupPin: NAVI_MUMBAI, on: '2026-12-07' })).pickupDate).toBe('2026-12-07');
    expect((await provider.requestPickup({ shipments, pickupPin: NAVI_MUMBAI, on: '2026-12-13' })).pickupDate).toBe('2026-12-14');
  });

  it('signs its tracking webhooks with HMAC-SHA256 of the exact body, and reads only those signed with its secret', async () => {
    const sent: { url: string; body: string; headers: Record<string, string> }[] = [];
    const courier = createTestCourier({
      ...OPTIONS,
      send: async (url, body, headers) => {
        sent.push({ url, body, headers });
        return 200;
      },
    });
    expect(await courier.push('TE0000000001', 'out_for_delivery', { at: '2026-12-07T09:30:00.000Z' })).toBe(200);
    const [webhook] = sent;
    expect(webhook!.url).toBe('https://shop.example.in/api/courier-tracking/test-courier');
    const expected = createHmac('sha256', OPTIONS.webhookSecret).update(webhook!.body).digest('hex');
    expect(webhook!.headers[TEST_COURIER_SIGNATURE_HEADER]).toBe(expected);
    const header = (value: string | undefined) => (name: string) => (name === TEST_COURIER_SIGNATURE_HEADER ? value : undefined);
    expect(courier.provider.readWebhook(Buffer.from(webhook!.body), header(expected))).toEqual({
      kind: 'push',
      push: {
        awb: 'TE0000000001',
        events: [
          {
            status: 'out_for_delivery',
            at: new Date('2026-12-07T09:30:00.000Z'),
            location: 'Delivery centre',
            detail: 'Out for delivery with the delivery executive',
          },
        ],
      },
    });
    expect(courier.provider.readWebhook(Buffer.from(webhook!.body), header(undefined)).kind).toBe('unsigned');
    const wrong = `${expected.slice(0, -1)}${expected.endsWith('0') ? '1' : '0'}`;
    expect(courier.provider.readWebhook(Buffer.from(webhook!.body), header(wrong)).kind).toBe('unsigned');
    expect(courier.provider.readWebhook(Buffer.from(`${webhook!.body} `), header(expected)).kind).toBe('unsigned');
    expect(courier.trackingUrl('TE0000000001')).toBe('https://shop.example.in/test-courier/track/TE0000000001');
  });

  it('records what the shop tells it about a failed attempt', async () => {
    const courier = createTestCourier(OPTIONS);
    await courier.provider.reattempt({ awb: 'TE1', providerShipmentId: 'x' }, { kind: 'reattempt', on: '2026-12-09' });
    expect(courier.reattemptsOf('TE1')).toEqual([{ kind: 'reattempt', on: '2026-12-09' }]);
  });
});
