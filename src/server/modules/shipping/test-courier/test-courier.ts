import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  CourierRefusal,
  TRACKING_STATUSES,
  type BookedShipment,
  type ReattemptRequest,
  type ShippingProvider,
  type TrackingStatus,
  type WebhookReading,
} from '../provider';
import { TEST_COURIERS, testCourierRates, unservedBecause } from './test-courier-rules';

/**
 * The built-in test courier (decision 78), like the test payment gateway and the test IRP: it answers as an
 * aggregator would, deterministically (rules in `test-courier-rules.ts`), and keeps nothing. An AWB is its
 * courier's prefix and ten digits of the SHA-256 of the shop's shipment reference, so the same booking gets
 * the same AWB in any process. A pickup asked for a Sunday comes on Monday.
 *
 * Test levers: `failNextBookings(n)` answers the next n bookings as a busy aggregator does (retryable).
 * Tracking (decision 79): `push(awb, status)` posts a signed tracking webhook to the shop (HMAC-SHA256 of the
 * exact body with the webhook secret, hex, in `x-test-courier-signature`), as each of the levers of its
 * tracking page does (pick up, in transit, out for delivery, deliver, fail an attempt, start RTO, RTO delivered);
 * `signed(event)` gives the body and signature without sending them (the API tests post them themselves).
 * The customers' answers to failed attempts (`reattempt`) are kept in the process: `reattemptsOf(awb)`.
 */
export interface TestCourier {
  provider: ShippingProvider;
  failNextBookings(count: number): void;
  /** The body and signature of a tracking webhook for the AWB. */
  signed(event: TestCourierEvent): { body: string; signature: string };
  /** Posts a signed tracking webhook to the shop; the shop's answer's HTTP status. */
  push(awb: string, status: TrackingStatus, options?: Partial<Omit<TestCourierEvent, 'awb' | 'status'>>): Promise<number>;
  /** What the shop told the courier about the AWB's failed attempts, oldest first. */
  reattemptsOf(awb: string): ReattemptRequest[];
  /** The AWB's tracking page. */
  trackingUrl(awb: string): string;
}

export interface TestCourierOptions {
  webhookSecret: string;
  /** The shop's public address: the tracking page's links and where its webhooks go. */
  publicUrl: string;
  /** How a webhook is sent (tests may hand it to the app directly); by default `fetch` to the shop. */
  send?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
}

/** A test courier tracking webhook's body. */
export interface TestCourierEvent {
  eventId: string;
  awb: string;
  status: TrackingStatus;
  /** ISO time of the event. */
  at: string;
  location: string | null;
  detail: string;
}

export const TEST_COURIER_SIGNATURE_HEADER = 'x-test-courier-signature';
/** The shop's route for the test courier's tracking webhooks. */
export const TEST_COURIER_WEBHOOK_PATH = '/api/courier-tracking/test-courier';
export const testCourierTrackingUrl = (publicUrl: string, awb: string) =>
  `${publicUrl.replace(/\/$/, '')}/test-courier/track/${encodeURIComponent(awb)}`;

/** The test courier's levers: each a tracking status, with the place and the words its webhook carries. */
export const TEST_COURIER_LEVERS = {
  'pick-up': { status: 'picked_up', label: 'Pick up', location: "Seller's pickup point", detail: 'Picked up from the seller' },
  'in-transit': { status: 'in_transit', label: 'In transit', location: 'Sorting hub', detail: 'In transit to the destination hub' },
  'out-for-delivery': {
    status: 'out_for_delivery',
    label: 'Out for delivery',
    location: 'Delivery centre',
    detail: 'Out for delivery with the delivery executive',
  },
  deliver: { status: 'delivered', label: 'Deliver', location: 'Delivery centre', detail: 'Delivered to the customer' },
  'fail-attempt': {
    status: 'failed_attempt',
    label: 'Fail an attempt',
    location: 'Delivery centre',
    detail: 'Delivery attempted: customer not reachable',
  },
  'start-rto': { status: 'rto_initiated', label: 'Start RTO', location: 'Delivery centre', detail: 'Return to origin started' },
  'rto-delivered': { status: 'rto_delivered', label: 'RTO delivered', location: "Seller's address", detail: 'Returned to the seller' },
} as const satisfies Record<string, { status: TrackingStatus; label: string; location: string; detail: string }>;
export type TestCourierLever = keyof typeof TEST_COURIER_LEVERS;

const eventSchema = z.object({
  eventId: z.string().min(1).max(100),
  awb: z.string().min(1).max(40),
  status: z.enum(TRACKING_STATUSES),
  at: z.iso.datetime({ offset: true }),
  location: z.string().max(200).nullable(),
  detail: z.string().max(500),
});

const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison; a different length (or no signature) is simply false. */
function sameSignature(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function digitsOf(text: string, count: number): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return BigInt(`0x${hex.slice(0, 16)}`)
    .toString()
    .padStart(count, '0')
    .slice(-count);
}

/** The day after `day` (YYYY-MM-DD) when `day` is a Sunday; `day` otherwise. */
function workingDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function createTestCourier(options: TestCourierOptions): TestCourier {
  const { webhookSecret, publicUrl } = options;
  const send =
    options.send ??
    (async (url: string, body: string, headers: Record<string, string>) =>
      (await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })).status);
  const reattempts = new Map<string, ReattemptRequest[]>();
  let failing = 0;

  function signed(event: TestCourierEvent) {
    const body = JSON.stringify(event);
    return { body, signature: hmacHex(webhookSecret, body) };
  }

  const provider: ShippingProvider = {
    name: 'test-courier',

    rates: async (query) => testCourierRates(query),

    async createShipment(request): Promise<BookedShipment> {
      if (failing > 0) {
        failing -= 1;
        throw new CourierRefusal('BUSY', 'The test courier is busy: try again in a minute.', true);
      }
      const courier = TEST_COURIERS.find((c) => c.id === request.courierId);
      if (!courier) throw new CourierRefusal('UNKNOWN_COURIER', `The test courier has no courier ${request.courierId}.`);
      const quote = testCourierRates({
        pickupPin: request.pickup.pinCode,
        deliveryPin: request.deliverTo.pinCode,
        parcel: request.parcel,
        codAmountPaise: request.codAmountPaise,
        declaredValuePaise: request.declaredValuePaise,
      });
      if (!quote.rates.some((r) => r.courierId === courier.id)) {
        throw new CourierRefusal(
          'NOT_SERVICEABLE',
          unservedBecause(request.deliverTo.pinCode) ?? quote.reason ?? `${courier.name} does not take this parcel.`,
        );
      }
      const awb = `${courier.prefix}${digitsOf(request.reference, 10)}`;
      return {
        awb,
        courierId: courier.id,
        courierName: courier.name,
        providerShipmentId: `tcs_${digitsOf(`shipment:${request.reference}`, 9)}`,
        trackingUrl: testCourierTrackingUrl(publicUrl, awb),
      };
    },

    cancelShipment: async () => undefined,

    // The shop draws the label itself; the test courier has no label of its own.
    labelUrl: async () => null,

    async requestPickup(request) {
      if (request.shipments.length === 0) throw new CourierRefusal('NOTHING_TO_PICK_UP', 'There is no shipment to pick up.');
      const pickupDate = workingDay(request.on);
      return { pickupDate, reference: `PU${digitsOf(`${request.pickupPin}:${pickupDate}`, 8)}` };
    },

    // The test courier keeps no history: its events come to the shop by the signed webhooks.
    track: async () => [],

    readWebhook(rawBody, header): WebhookReading {
      if (!sameSignature(hmacHex(webhookSecret, rawBody), header(TEST_COURIER_SIGNATURE_HEADER))) return { kind: 'unsigned' };
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { kind: 'ignored' };
      }
      const event = eventSchema.safeParse(json);
      if (!event.success) return { kind: 'ignored' };
      const { awb, status, at, location, detail } = event.data;
      return { kind: 'push', push: { awb, events: [{ status, at: new Date(at), location, detail }] } };
    },

    async reattempt(booked, request) {
      reattempts.set(booked.awb, [...(reattempts.get(booked.awb) ?? []), request]);
    },
  };
  return {
    provider,
    failNextBookings(count) {
      failing = count;
    },
    signed,
    async push(awb, status, more = {}) {
      const lever = Object.values(TEST_COURIER_LEVERS).find((l) => l.status === status);
      const { body, signature } = signed({
        eventId: more.eventId ?? randomUUID(),
        awb,
        status,
        at: more.at ?? new Date().toISOString(),
        location: more.location === undefined ? (lever?.location ?? null) : more.location,
        detail: more.detail ?? lever?.detail ?? status,
      });
      return send(`${publicUrl.replace(/\/$/, '')}${TEST_COURIER_WEBHOOK_PATH}`, body, {
        'content-type': 'application/json',
        [TEST_COURIER_SIGNATURE_HEADER]: signature,
        'user-agent': 'Sahyadri-Test-Courier-Webhooks/1.0',
      });
    },
    reattemptsOf: (awb) => [...(reattempts.get(awb) ?? [])],
    trackingUrl: (awb) => testCourierTrackingUrl(publicUrl, awb),
  };
}
