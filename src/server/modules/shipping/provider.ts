/**
 * The one shipping provider interface the shop uses (decision 78), shaped like a courier aggregator's API
 * (Shiprocket, Delhivery, iThink Logistics, NimbusPost): serviceability and rates for a parcel between two
 * PIN codes, booking a shipment with a chosen courier (the AWB), the courier's own label, a pickup request
 * and the tracking events of an AWB. Two kinds of implementation: the built-in test courier (the default)
 * and the Shiprocket adapter, chosen by SHIPPING_PROVIDER; each keeps its own authentication behind these calls.
 *
 * Tracking (decision 79): `readWebhook` verifies a provider's tracking push (the test courier's HMAC, Shiprocket's
 * `x-api-key` token) and reads its events; `reattempt` answers a failed delivery attempt (an NDR action).
 * What comes later hangs on the same interface: `reversePickup` (returns) and COD remittances (`remittances`).
 */

/** A packed parcel: its dead weight and its box, as the products' packed weight and box size give them. */
export interface Parcel {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

export interface RateQuery {
  pickupPin: string;
  deliveryPin: string;
  parcel: Parcel;
  /** Cash on delivery: the amount the courier collects, or null when prepaid. */
  codAmountPaise: number | null;
  /** What the goods are worth (the invoice value), for the courier's liability and its COD limit. */
  declaredValuePaise: number;
}

/** One courier's offer for the parcel. */
export interface CourierRate {
  /** The provider's id of the courier (Shiprocket's `courier_company_id`), as a string. */
  courierId: string;
  courierName: string;
  /** What the seller pays for the parcel, GST included, COD fee included when COD. */
  chargePaise: number;
  /** Days from pickup to delivery the courier promises. */
  promisedDays: number;
  /** The weight it charges for: the dead weight or the volumetric one, rounded up to its slab. */
  chargeableWeightGrams: number;
  /** Air or surface. */
  mode: 'air' | 'surface';
}

export interface Serviceability {
  /** Whether any courier takes the parcel between these PINs (with COD when asked). */
  serviceable: boolean;
  /** Couriers that take it, cheapest first. */
  rates: CourierRate[];
  /** Why none does, in words a seller understands; null when serviceable. */
  reason: string | null;
}

export interface ShipmentParty {
  name: string;
  phone: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  pinCode: string;
}

export interface CreateShipmentRequest {
  /** The shop's own id of the shipment (unique): the provider's order reference. */
  reference: string;
  orderNumber: string;
  orderDate: Date;
  courierId: string;
  pickup: ShipmentParty & { sellerName: string };
  deliverTo: ShipmentParty;
  parcel: Parcel;
  codAmountPaise: number | null;
  declaredValuePaise: number;
  items: { name: string; sku: string; quantity: number; unitPricePaise: number; hsnCode: string }[];
}

/**
 * A booked shipment: the AWB the courier issued. What it costs is the rate quoted just before booking
 * (the shop re-quotes when the seller buys, and records that quote with the shipment).
 */
export interface BookedShipment {
  awb: string;
  courierId: string;
  courierName: string;
  /** The provider's own id of the shipment (Shiprocket's `shipment_id`), for its label, pickup and tracking calls. */
  providerShipmentId: string;
  /** The courier's public tracking page of the AWB. */
  trackingUrl: string;
}

export interface PickupAnswer {
  /** The day the courier comes, YYYY-MM-DD in India. */
  pickupDate: string;
  /** The courier's reference of the pickup, when it gives one. */
  reference: string | null;
}

/** Where a parcel is: the steps a tracking webhook or a tracking call reports. */
export const TRACKING_STATUSES = [
  'booked',
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'rto_initiated',
  'rto_delivered',
  'cancelled',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export interface TrackingEvent {
  status: TrackingStatus;
  at: Date;
  location: string | null;
  /** The courier's own words. */
  detail: string;
}

/** A verified tracking push: the AWB and its events (a push may carry several, in any order). */
export interface TrackingPush {
  awb: string;
  events: TrackingEvent[];
}

/**
 * What a tracking webhook's check found: `unsigned`, the signature or token is missing or wrong (refused);
 * `ignored`, signed but carrying nothing to track (a test ping, a status the shop does not follow).
 */
export type WebhookReading = { kind: 'push'; push: TrackingPush } | { kind: 'unsigned' } | { kind: 'ignored' };

/** The customer's answer to a failed delivery attempt (an NDR action): try again on a day, or with a corrected address or phone. */
export type ReattemptRequest = { kind: 'reattempt'; on: string } | { kind: 'correct'; addressLine: string | null; phone: string | null };

/**
 * A refusal of the provider: an unserviceable PIN, a parcel over a courier's limits, a COD above its limit,
 * bad credentials. `retryable` refusals (the provider busy or unreachable) are worth trying again later.
 */
export class CourierRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'CourierRefusal';
  }
}

export interface ShippingProvider {
  readonly name: string;
  /** Couriers that take the parcel between the PINs, with their charge and promised days, cheapest first. */
  rates(query: RateQuery): Promise<Serviceability>;
  /** Books the parcel with the chosen courier: the AWB (Shiprocket: create the order, then assign the AWB). */
  createShipment(request: CreateShipmentRequest): Promise<BookedShipment>;
  /** Cancels a booked AWB (a booking the shop could not record, or a seller's change of mind before pickup). */
  cancelShipment(booked: { awb: string; providerShipmentId: string }): Promise<void>;
  /** The courier's own label PDF's address, where the provider makes one; the shop draws its own label beside it. */
  labelUrl(booked: { awb: string; providerShipmentId: string }): Promise<string | null>;
  /** Asks the courier to collect these shipments from the seller today (or on the next working day). */
  requestPickup(request: {
    shipments: { awb: string; providerShipmentId: string }[];
    pickupPin: string;
    on: string;
  }): Promise<PickupAnswer>;
  /** The AWB's tracking events so far, oldest first. */
  track(awb: string): Promise<TrackingEvent[]>;
  /**
   * Checks a tracking webhook as the provider signs it (the exact raw body, its headers, compared in constant
   * time) and reads its events.
   */
  readWebhook(rawBody: Buffer, header: (name: string) => string | undefined): WebhookReading;
  /** Tells the courier what the customer answered to a failed attempt (Shiprocket: its NDR action). */
  reattempt(booked: { awb: string; providerShipmentId: string }, request: ReattemptRequest): Promise<void>;
}
