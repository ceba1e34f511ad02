import {
  CourierRefusal,
  type BookedShipment,
  type CourierRate,
  type CreateShipmentRequest,
  type ShippingProvider,
  type TrackingEvent,
  type TrackingStatus,
  type WebhookReading,
} from '../provider';
import { timingSafeEqual } from 'node:crypto';

/**
 * The Shiprocket adapter (decision 78), after Shiprocket's external API (apiv2.shiprocket.in/v1/external):
 * `POST auth/login` (e-mail and password of an API user → a bearer token, valid 240 hours),
 * `GET courier/serviceability/` (couriers with rate and estimated days), `POST orders/create/adhoc`
 * (the order → its `shipment_id`), `POST courier/assign/awb` (the chosen courier → the AWB),
 * `POST courier/generate/label`, `POST courier/generate/pickup`, `GET courier/track/awb/{awb}` and
 * `POST orders/cancel/shipment/awbs`, and for a failed attempt `POST ndr/{awb}/action` (`action: re-attempt` with
 * `comments`, the corrected `address1` and `phone`). Its tracking webhook (decision 79) is the tracking payload
 * (`awb`, `current_status`, `current_timestamp`, `scans[]` with `date`, `activity`, `location`, `sr-status-label`)
 * posted with the token set in its panel in `x-api-key`. `fetch` is injected: tests answer with recorded JSON,
 * never the network.
 */
export interface ShiprocketOptions {
  email: string;
  password: string;
  /** The pickup address's nickname in the Shiprocket account ("Primary"). */
  pickupLocation: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** The token Shiprocket sends in `x-api-key` with its webhooks; without it every webhook is refused. */
  webhookToken?: string;
}

/** Shiprocket's tracking webhook, as its documentation shows it (the fields the shop reads). */
interface SrWebhook {
  awb?: string | number;
  current_status?: string;
  current_timestamp?: string;
  scans?: { date?: string; activity?: string; location?: string; 'sr-status-label'?: string }[];
}

const TOKEN_HOURS = 240;
/** Sign in again a day before the token ends. */
const TOKEN_MARGIN_HOURS = 24;

interface SrCourier {
  courier_company_id: number;
  courier_name: string;
  rate: number | string;
  estimated_delivery_days: number | string;
  charge_weight?: number | string;
  is_surface?: boolean;
}

const rupees = (paise: number) => Math.round(paise) / 100;
const cm = (mm: number) => Math.max(1, Math.ceil(mm / 10));
const kg = (grams: number) => Math.max(0.1, Math.round(grams / 10) / 100);
/** Shiprocket writes times in India's time, "2026-12-07 14:05:00". */
const indiaTime = (text: string) => new Date(`${text.trim().replace(' ', 'T')}+05:30`);
/** A webhook's times: "2026-12-07 14:05:00", or "07 12 2026 14:05:00" (its `current_timestamp`); null when neither. */
function webhookTime(text: string | undefined): Date | null {
  if (!text) return null;
  const dmy = /^(\d{2})[ -](\d{2})[ -](\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  const at = dmy ? new Date(`${dmy[3]}-${dmy[2]}-${dmy[1]}T${dmy[4]}+05:30`) : indiaTime(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

const STATUS_LABELS: Record<string, TrackingStatus> = {
  'AWB ASSIGNED': 'booked',
  'LABEL GENERATED': 'booked',
  'PICKUP SCHEDULED': 'pickup_scheduled',
  'PICKUP GENERATED': 'pickup_scheduled',
  'OUT FOR PICKUP': 'pickup_scheduled',
  'PICKED UP': 'picked_up',
  SHIPPED: 'in_transit',
  'IN TRANSIT': 'in_transit',
  'REACHED AT DESTINATION HUB': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'failed_attempt',
  'RTO INITIATED': 'rto_initiated',
  'RTO IN TRANSIT': 'rto_initiated',
  'RTO DELIVERED': 'rto_delivered',
  CANCELED: 'cancelled',
  CANCELLED: 'cancelled',
};

/** Shiprocket's status label as the shop's tracking status; an unknown label counts as in transit. */
export function trackingStatusOf(label: string): TrackingStatus {
  return STATUS_LABELS[label.trim().toUpperCase()] ?? 'in_transit';
}

/**
 * Reads Shiprocket's tracking webhook: refused unless `x-api-key` is the configured token (compared in constant
 * time); its scans and its current status, each once, only those whose label the shop knows (a "manifest
 * uploaded" scan does not say where the parcel is).
 */
export function readShiprocketWebhook(token: string | undefined, rawBody: Buffer, given: string | undefined): WebhookReading {
  if (!token || given === undefined) return { kind: 'unsigned' };
  const a = Buffer.from(token, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { kind: 'unsigned' };
  let body: SrWebhook;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as SrWebhook;
  } catch {
    return { kind: 'ignored' };
  }
  const awb = body.awb === undefined || body.awb === null ? '' : String(body.awb).trim();
  if (!awb) return { kind: 'ignored' };
  const events: TrackingEvent[] = [];
  const add = (label: string | undefined, at: Date | null, location: string | undefined, detail: string | undefined) => {
    const status = label ? STATUS_LABELS[label.trim().toUpperCase()] : undefined;
    if (!status || !at) return;
    if (events.some((e) => e.status === status && e.at.getTime() === at.getTime())) return;
    events.push({ status, at, location: location?.trim() || null, detail: (detail ?? label ?? '').trim() || status });
  };
  for (const scan of body.scans ?? []) add(scan['sr-status-label'], webhookTime(scan.date), scan.location, scan.activity);
  add(body.current_status, webhookTime(body.current_timestamp), undefined, body.current_status);
  return events.length === 0 ? { kind: 'ignored' } : { kind: 'push', push: { awb, events } };
}

export function createShiprocketProvider(options: ShiprocketOptions): ShippingProvider {
  const base = (options.baseUrl ?? 'https://apiv2.shiprocket.in/v1/external').replace(/\/$/, '');
  const http = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  let token: { value: string; until: number } | null = null;

  async function login(): Promise<string> {
    const res = await http(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: options.email, password: options.password }),
    });
    const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
    if (!res.ok || !body.token) throw new CourierRefusal('AUTH', `Shiprocket refused the sign-in: ${body.message ?? res.status}.`);
    token = { value: body.token, until: now().getTime() + (TOKEN_HOURS - TOKEN_MARGIN_HOURS) * 3600_000 };
    return body.token;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<T> {
    const bearer = token && token.until > now().getTime() ? token.value : await login();
    let res: Response;
    try {
      res = await http(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new CourierRefusal('UNREACHABLE', `Shiprocket did not answer: ${(error as Error).message}.`, true);
    }
    if (res.status === 401 && !retried) {
      token = null;
      return call(method, path, body, true);
    }
    const answer = (await res.json().catch(() => ({}))) as T & { message?: string; status_code?: number };
    if (res.status >= 500 || res.status === 429) throw new CourierRefusal('BUSY', `Shiprocket is busy (${res.status}).`, true);
    if (!res.ok) throw new CourierRefusal(String(res.status), answer.message ?? `Shiprocket answered ${res.status}.`);
    return answer;
  }

  return {
    name: 'shiprocket',

    async rates(query) {
      const params = new URLSearchParams({
        pickup_postcode: query.pickupPin,
        delivery_postcode: query.deliveryPin,
        weight: String(kg(query.parcel.weightGrams)),
        length: String(cm(query.parcel.lengthMm)),
        breadth: String(cm(query.parcel.widthMm)),
        height: String(cm(query.parcel.heightMm)),
        cod: query.codAmountPaise === null ? '0' : '1',
        declared_value: String(rupees(query.declaredValuePaise)),
      });
      const answer = await call<{ status?: number; message?: string; data?: { available_courier_companies?: SrCourier[] } }>(
        'GET',
        `/courier/serviceability/?${params.toString()}`,
      );
      const couriers = answer.data?.available_courier_companies ?? [];
      if (couriers.length === 0) {
        return {
          serviceable: false,
          rates: [],
          reason: answer.message ?? `No courier serves ${query.deliveryPin} from ${query.pickupPin}.`,
        };
      }
      const rates: CourierRate[] = couriers.map((c) => ({
        courierId: String(c.courier_company_id),
        courierName: c.courier_name,
        chargePaise: Math.round(Number(c.rate) * 100),
        promisedDays: Number(c.estimated_delivery_days) || 0,
        chargeableWeightGrams: Math.round(Number(c.charge_weight ?? kg(query.parcel.weightGrams)) * 1000),
        mode: c.is_surface ? 'surface' : 'air',
      }));
      rates.sort((a, b) => a.chargePaise - b.chargePaise || a.promisedDays - b.promisedDays);
      return { serviceable: true, rates, reason: null };
    },

    async createShipment(request: CreateShipmentRequest): Promise<BookedShipment> {
      const to = request.deliverTo;
      const created = await call<{ order_id?: number; shipment_id?: number; status_code?: number; message?: string }>(
        'POST',
        '/orders/create/adhoc',
        {
          order_id: request.reference,
          order_date: request.orderDate.toISOString().slice(0, 16).replace('T', ' '),
          pickup_location: options.pickupLocation,
          billing_customer_name: to.name,
          billing_last_name: '',
          billing_address: to.line1,
          billing_address_2: to.line2 ?? '',
          billing_city: to.city,
          billing_pincode: to.pinCode,
          billing_state: to.state,
          billing_country: 'India',
          billing_phone: to.phone.replace(/^\+91/, ''),
          shipping_is_billing: true,
          order_items: request.items.map((i) => ({
            name: i.name,
            sku: i.sku,
            units: i.quantity,
            selling_price: rupees(i.unitPricePaise),
            hsn: i.hsnCode,
          })),
          payment_method: request.codAmountPaise === null ? 'Prepaid' : 'COD',
          sub_total: rupees(request.codAmountPaise ?? request.declaredValuePaise),
          length: cm(request.parcel.lengthMm),
          breadth: cm(request.parcel.widthMm),
          height: cm(request.parcel.heightMm),
          weight: kg(request.parcel.weightGrams),
        },
      );
      if (!created.shipment_id) throw new CourierRefusal('ORDER_NOT_CREATED', created.message ?? 'Shiprocket did not create the order.');
      const assigned = await call<{
        awb_assign_status?: number;
        message?: string;
        response?: { data?: { awb_code?: string; courier_company_id?: number; courier_name?: string; awb_assign_error?: string } };
      }>('POST', '/courier/assign/awb', { shipment_id: created.shipment_id, courier_id: Number(request.courierId) });
      const data = assigned.response?.data;
      if (assigned.awb_assign_status !== 1 || !data?.awb_code) {
        throw new CourierRefusal('AWB_NOT_ASSIGNED', data?.awb_assign_error ?? assigned.message ?? 'Shiprocket did not assign an AWB.');
      }
      return {
        awb: data.awb_code,
        courierId: String(data.courier_company_id ?? request.courierId),
        courierName: data.courier_name ?? '',
        providerShipmentId: String(created.shipment_id),
        trackingUrl: `https://shiprocket.co/tracking/${data.awb_code}`,
      };
    },

    async cancelShipment(booked) {
      await call('POST', '/orders/cancel/shipment/awbs', { awbs: [booked.awb] });
    },

    async labelUrl(booked) {
      const answer = await call<{ label_created?: number; label_url?: string }>('POST', '/courier/generate/label', {
        shipment_id: [Number(booked.providerShipmentId)],
      });
      return answer.label_created === 1 && answer.label_url ? answer.label_url : null;
    },

    async requestPickup(request) {
      const answer = await call<{
        pickup_status?: number;
        response?: { pickup_scheduled_date?: string; pickup_token_number?: string; data?: string };
      }>('POST', '/courier/generate/pickup', { shipment_id: request.shipments.map((s) => Number(s.providerShipmentId)) });
      const scheduled = answer.response?.pickup_scheduled_date;
      if (answer.pickup_status !== 1 || !scheduled) {
        throw new CourierRefusal('PICKUP_NOT_SCHEDULED', answer.response?.data ?? 'Shiprocket did not schedule the pickup.');
      }
      return { pickupDate: scheduled.slice(0, 10), reference: answer.response?.pickup_token_number ?? null };
    },

    async track(awb) {
      const answer = await call<{
        tracking_data?: {
          track_status?: number;
          shipment_track_activities?: { date: string; activity: string; location?: string; 'sr-status-label'?: string }[] | null;
        };
      }>('GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
      const activities = answer.tracking_data?.shipment_track_activities ?? [];
      return activities
        .map((a): TrackingEvent => ({
          status: trackingStatusOf(a['sr-status-label'] ?? a.activity),
          at: indiaTime(a.date),
          location: a.location?.trim() || null,
          detail: a.activity,
        }))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    readWebhook: (rawBody, header) => readShiprocketWebhook(options.webhookToken, rawBody, header('x-api-key')),

    async reattempt(booked, request) {
      const body =
        request.kind === 'reattempt'
          ? { action: 're-attempt', comments: `Customer asks for delivery on ${request.on}` }
          : {
              action: 're-attempt',
              comments: 'Customer corrected the delivery details',
              ...(request.addressLine ? { address1: request.addressLine } : {}),
              ...(request.phone ? { phone: request.phone } : {}),
            };
      await call('POST', `/ndr/${encodeURIComponent(booked.awb)}/action`, body);
    },
  };
}
