import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShiprocketProvider, readShiprocketWebhook, trackingStatusOf } from './shiprocket';

const recorded = (name: string): unknown => JSON.parse(readFileSync(path.join(import.meta.dirname, 'recorded', `${name}.json`), 'utf8'));

interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that answers each path with a recorded JSON answer and keeps the calls: no network. */
function recordedFetch(answers: Record<string, { name: string; status?: number } | { name: string; status?: number }[]>) {
  const calls: Call[] = [];
  const queues = new Map(Object.entries(answers).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/v1/external', '')}`;
    calls.push({
      method: init?.method ?? 'GET',
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const queue = queues.get(key);
    const answer = queue && (queue.length > 1 ? queue.shift()! : queue[0]!);
    if (!answer) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(recorded(answer.name)), { status: answer.status ?? 200 });
  }) as typeof fetch;
  return { fake, calls };
}

const OPTIONS = { email: 'api@seller.example', password: 'secret-password', pickupLocation: 'Primary' };
const PARCEL = { weightGrams: 2_400, lengthMm: 450, widthMm: 320, heightMm: 90 };
const party = { name: 'Asha Patil', phone: '+919876543210', line1: '12 MG Road', city: 'Pune', state: 'Maharashtra', pinCode: '411001' };

describe('the Shiprocket adapter', () => {
  it('signs in once and sends the bearer token with the serviceability question in kg, cm and rupees', async () => {
    const { fake, calls } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'GET /courier/serviceability/': { name: 'serviceability' },
    });
    const provider = createShiprocketProvider({ ...OPTIONS, fetch: fake });
    const query = { pickupPin: '400703', deliveryPin: '411001', parcel: PARCEL, codAmountPaise: 60_000_00, declaredValuePaise: 60_000_00 };
    const answer = await provider.rates(query);
    await provider.rates(query);
    expect(calls.filter((c) => c.url.pathname.endsWith('/auth/login'))).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ email: OPTIONS.email, password: OPTIONS.password });
    const ask = calls[1]!;
    expect(ask.headers.authorization).toBe('Bearer eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.recorded-token');
    expect(Object.fromEntries(ask.url.searchParams)).toEqual({
      pickup_postcode: '400703',
      delivery_postcode: '411001',
      weight: '2.4',
      length: '45',
      breadth: '32',
      height: '9',
      cod: '1',
      declared_value: '60000',
    });
    expect(answer.serviceable).toBe(true);
    expect(answer.rates.map((r) => [r.courierId, r.courierName, r.chargePaise, r.promisedDays, r.mode])).toEqual([
      ['24', 'Xpressbees Surface', 16_225, 6, 'surface'],
      ['10', 'Delhivery Surface', 18_750, 5, 'surface'],
      ['54', 'Blue Dart Air', 41_200, 2, 'air'],
    ]);
    expect(answer.rates[0]!.chargeableWeightGrams).toBe(3_000);
  });

  it('says a PIN is not serviceable in Shiprocket’s words', async () => {
    const { fake } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'GET /courier/serviceability/': { name: 'serviceability-none' },
    });
    const answer = await createShiprocketProvider({ ...OPTIONS, fetch: fake }).rates({
      pickupPin: '400703',
      deliveryPin: '744101',
      parcel: PARCEL,
      codAmountPaise: null,
      declaredValuePaise: 1_00_00,
    });
    expect(answer).toEqual({ serviceable: false, rates: [], reason: 'Delivery postcode not serviceable' });
  });

  const request = {
    reference: 'shp_abc',
    orderNumber: 'SC-2026-000123',
    orderDate: new Date('2026-12-07T09:30:00Z'),
    courierId: '24',
    pickup: { ...party, sellerName: 'Seller', pinCode: '400703' },
    deliverTo: party,
    parcel: PARCEL,
    codAmountPaise: null,
    declaredValuePaise: 61_499_50,
    items: [{ name: 'Laptop', sku: 'LAP-1', quantity: 1, unitPricePaise: 61_499_50, hsnCode: '8471' }],
  };

  it('creates the ad hoc order, then assigns the AWB of the chosen courier', async () => {
    const { fake, calls } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'POST /orders/create/adhoc': { name: 'create-adhoc' },
      'POST /courier/assign/awb': { name: 'assign-awb' },
    });
    const booked = await createShiprocketProvider({ ...OPTIONS, fetch: fake }).createShipment(request);
    expect(booked).toEqual({
      awb: '14326210012345',
      courierId: '24',
      courierName: 'Xpressbees Surface',
      providerShipmentId: '558877665',
      trackingUrl: 'https://shiprocket.co/tracking/14326210012345',
    });
    expect(calls[1]!.body).toMatchObject({
      order_id: 'shp_abc',
      pickup_location: 'Primary',
      billing_pincode: '411001',
      billing_phone: '9876543210',
      payment_method: 'Prepaid',
      sub_total: 61499.5,
      order_items: [{ name: 'Laptop', sku: 'LAP-1', units: 1, selling_price: 61499.5, hsn: '8471' }],
      weight: 2.4,
      length: 45,
    });
    expect(calls[2]!.body).toEqual({ shipment_id: 558877665, courier_id: 24 });
  });

  it('refuses with Shiprocket’s reason when no AWB is assigned', async () => {
    const { fake } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'POST /orders/create/adhoc': { name: 'create-adhoc' },
      'POST /courier/assign/awb': { name: 'assign-awb-refused' },
    });
    await expect(createShiprocketProvider({ ...OPTIONS, fetch: fake }).createShipment(request)).rejects.toMatchObject({
      code: 'AWB_NOT_ASSIGNED',
      message: 'Courier not serviceable for the selected pincode.',
    });
  });

  it('signs in again when the token is refused, and answers busy on a 5xx', async () => {
    const { fake, calls } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'POST /courier/generate/label': [{ name: 'login', status: 401 }, { name: 'generate-label' }],
    });
    const provider = createShiprocketProvider({ ...OPTIONS, fetch: fake });
    expect(await provider.labelUrl({ awb: '1', providerShipmentId: '558877665' })).toContain('recorded-label.pdf');
    expect(calls.filter((c) => c.url.pathname.endsWith('/auth/login'))).toHaveLength(2);
    expect(calls.at(-1)!.body).toEqual({ shipment_id: [558877665] });
    const busy = recordedFetch({ 'POST /auth/login': { name: 'login' }, 'POST /courier/generate/label': { name: 'login', status: 503 } });
    await expect(
      createShiprocketProvider({ ...OPTIONS, fetch: busy.fake }).labelUrl({ awb: '1', providerShipmentId: '1' }),
    ).rejects.toMatchObject({ code: 'BUSY', retryable: true });
  });

  it('asks for a pickup of the shipments and reads the day it is scheduled', async () => {
    const { fake, calls } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'POST /courier/generate/pickup': { name: 'generate-pickup' },
    });
    const answer = await createShiprocketProvider({ ...OPTIONS, fetch: fake }).requestPickup({
      shipments: [
        { awb: 'a', providerShipmentId: '558877665' },
        { awb: 'b', providerShipmentId: '558877666' },
      ],
      pickupPin: '400703',
      on: '2026-12-07',
    });
    expect(answer).toEqual({ pickupDate: '2026-12-08', reference: 'Reference No: 194524156' });
    expect(calls[1]!.body).toEqual({ shipment_id: [558877665, 558877666] });
  });

  it('reads the tracking activities as the shop’s steps, oldest first, in India’s time', async () => {
    const { fake } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'GET /courier/track/awb/14326210012345': { name: 'track-awb' },
    });
    const events = await createShiprocketProvider({ ...OPTIONS, fetch: fake }).track('14326210012345');
    expect(events.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'failed_attempt', 'out_for_delivery', 'delivered']);
    expect(events[0]!.at.toISOString()).toBe('2026-12-08T06:12:00.000Z');
    expect(events[2]).toMatchObject({ detail: 'Consignee not available', location: 'Pune_Kothrud_DC (Maharashtra)' });
    expect(trackingStatusOf('RTO Delivered')).toBe('rto_delivered');
  });

  it('refuses a sign-in Shiprocket refuses', async () => {
    const { fake } = recordedFetch({ 'POST /auth/login': { name: 'serviceability-none', status: 403 } });
    await expect(createShiprocketProvider({ ...OPTIONS, fetch: fake }).track('1')).rejects.toMatchObject({ code: 'AUTH' });
  });

  it('reads its tracking webhook only with the x-api-key token set in its panel, and only the scans that say where the parcel is', () => {
    const raw = readFileSync(path.join(import.meta.dirname, 'recorded', 'webhook-tracking.json'));
    const token = 'shiprocket-webhook-token-for-tests';
    const provider = createShiprocketProvider({ ...OPTIONS, webhookToken: token });
    const header = (value: string | undefined) => (name: string) => (name === 'x-api-key' ? value : undefined);
    expect(provider.readWebhook(raw, header(undefined)).kind).toBe('unsigned');
    expect(provider.readWebhook(raw, header('another-token-of-same-size-xxxxxx')).kind).toBe('unsigned');
    expect(createShiprocketProvider(OPTIONS).readWebhook(raw, header(token)).kind).toBe('unsigned');
    const reading = provider.readWebhook(raw, header(token));
    expect(reading.kind).toBe('push');
    if (reading.kind !== 'push') return;
    expect(reading.push.awb).toBe('19041424751540');
    // The manifest scan says nothing of where the parcel is; the current status is the last scan's, kept once.
    expect(reading.push.events.map((e) => e.status)).toEqual(['picked_up', 'out_for_delivery']);
    expect(reading.push.events[1]).toMatchObject({ location: 'Pune_Baner_DC (Maharashtra)', detail: 'Dispatched - Out for delivery' });
    expect(reading.push.events[1]!.at.toISOString()).toBe('2026-12-08T03:42:40.000Z');
    expect(readShiprocketWebhook(token, Buffer.from('{"awb":"1","current_status":"MANIFEST GENERATED"}'), token).kind).toBe('ignored');
  });

  it('tells Shiprocket what the customer answered to a failed attempt through its NDR action', async () => {
    const { fake, calls } = recordedFetch({
      'POST /auth/login': { name: 'login' },
      'POST /ndr/19041424751540/action': { name: 'ndr-action' },
    });
    const provider = createShiprocketProvider({ ...OPTIONS, fetch: fake });
    const booked = { awb: '19041424751540', providerShipmentId: '558877665' };
    await provider.reattempt(booked, { kind: 'reattempt', on: '2026-12-09' });
    await provider.reattempt(booked, { kind: 'correct', addressLine: 'Flat 14, Sai Residency', phone: '9822012345' });
    expect(calls[1]!.body).toEqual({ action: 're-attempt', comments: 'Customer asks for delivery on 2026-12-09' });
    expect(calls[2]!.body).toEqual({
      action: 're-attempt',
      comments: 'Customer corrected the delivery details',
      address1: 'Flat 14, Sai Residency',
      phone: '9822012345',
    });
  });
});
