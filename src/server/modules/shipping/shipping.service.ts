import type {
  CourierQuote,
  CourierShipment,
  ParcelTracking,
  PickupAnswerView,
  ReattemptInput,
  TrackingStatusValue,
} from '~/shared/schemas/shipping';
import type { VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { indiaDay } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/audit.service';
import { renderManifestPdf, renderShippingLabelsPdf, type LabelSize, type ShippingLabel } from '../documents/shipping-label-pdf';
import { parcelOf } from './parcel';
import {
  CourierRefusal,
  type BookedShipment,
  type CourierRate,
  type CreateShipmentRequest,
  type ShippingProvider,
  type TrackingPush,
  type TrackingStatus,
} from './provider';
import * as repo from './shipping.repo';

export interface ShippingServiceDeps {
  db: Database;
  provider: ShippingProvider;
  audit: AuditService;
  /** The seller's view of one of its orders (the orders' read), NOT_FOUND for another seller's. */
  vendorOrder: (vendorId: string, orderId: string) => Promise<VendorOrderDetail>;
  /** The parcel's live e-way bill (the e-way bills' read), printed on its label. */
  ewayBillOf: (vendorId: string, orderId: string) => Promise<{ ewbNo: string } | null>;
}

/** A booking ready to send: what the provider is asked, and the quoted rate the shop records. */
export interface PreparedBooking {
  vendorId: string;
  orderId: string;
  request: CreateShipmentRequest;
  rate: CourierRate;
}

/** The provider's refusal in the shop's terms: a busy or unreachable provider is a 503, any other refusal a 422. */
export function courierError(error: unknown): never {
  if (error instanceof CourierRefusal) {
    if (error.retryable) throw new AppError('UNAVAILABLE', 'The courier service did not answer: try again in a minute.', { cause: error });
    throw new AppError('UNPROCESSABLE', error.message, { cause: error });
  }
  throw error;
}

const toView = (row: repo.CourierShipmentRow, orderNumber: string): CourierShipment => ({
  orderId: row.orderId,
  orderNumber,
  courierName: row.courierName,
  awb: row.awb,
  trackingUrl: row.trackingUrl,
  chargePaise: row.chargePaise,
  promisedDays: row.promisedDays,
  codAmountPaise: row.codAmountPaise,
  chargeableWeightGrams: row.chargeableWeightGrams,
  bookedAt: row.bookedAt.toISOString(),
  pickupDate: row.pickupDate,
});

/** A parcel's statuses that no later event changes. */
const FINAL_STATUSES: ReadonlySet<string> = new Set<TrackingStatus>(['delivered', 'rto_delivered', 'cancelled']);

/** What a tracking push did to its parcel: the events stored now, and the status it moved to (null when it did not move). */
export interface TrackingReceipt {
  shipment: repo.CourierShipmentRow;
  stored: number;
  moved: { status: TrackingStatus; at: Date; location: string | null; detail: string } | null;
}

/** The next three days in India after `now`'s: the days a customer may ask a failed delivery to be tried again. */
export function reattemptDaysFrom(now: Date): string[] {
  const today = new Date(`${indiaDay(now)}T12:00:00Z`);
  return [1, 2, 3].map((n) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10));
}

/** The latest attempt failed and the customer has not answered since. */
const waitsForAnswer = (row: repo.CourierShipmentRow, answers: repo.ReattemptRow[]) =>
  row.trackingStatus === 'failed_attempt' &&
  !answers.some((a) => a.shipmentId === row.id && row.trackingStatusAt !== null && a.createdAt >= row.trackingStatusAt);

const trackingView = (
  row: repo.CourierShipmentRow,
  events: repo.TrackingEventRow[],
  answers: repo.ReattemptRow[],
  now: Date,
): ParcelTracking => ({
  awb: row.awb,
  courierName: row.courierName,
  trackingUrl: row.trackingUrl,
  status: row.trackingStatus as TrackingStatusValue,
  events: events
    .filter((e) => e.shipmentId === row.id)
    .map((e) => ({ status: e.status as TrackingStatusValue, at: e.occurredAt.toISOString(), location: e.location, detail: e.detail })),
  answers: answers
    .filter((a) => a.shipmentId === row.id)
    .map((a) => ({
      kind: a.kind as 'reattempt' | 'correct',
      on: a.reattemptOn,
      addressLine: a.addressLine,
      phone: a.phone,
      at: a.createdAt.toISOString(),
    })),
  reattemptDays: waitsForAnswer(row, answers) ? reattemptDaysFrom(now) : null,
});

/**
 * Couriers for sellers' parcels (decision 78): the rates for a parcel as packed, the booking the flow
 * `ship-by-courier` records, the labels and the manifest as PDFs, and the day's pickup. Every read and write
 * is the session's seller's: another seller's order is NOT_FOUND.
 */
export function createShippingService(deps: ShippingServiceDeps) {
  const { db, provider, audit } = deps;

  async function context(vendorId: string, orderId: string) {
    const order = await deps.vendorOrder(vendorId, orderId);
    const [lines, seller] = await Promise.all([repo.parcelLinesOf(db, orderId, vendorId), repo.sellerAddressOf(db, vendorId)]);
    if (lines.length === 0) throw new AppError('CONFLICT', 'All your items of this order were cancelled: there is nothing to ship.');
    if (!seller) throw new AppError('NOT_FOUND', 'We could not find your pickup address.');
    const parcel = parcelOf(lines);
    const codAmountPaise = order.payment.method === 'cod' ? order.amountPaise : null;
    return { order, lines, seller, parcel, codAmountPaise, declaredValuePaise: order.amountPaise };
  }

  async function quoteOf(ctx: Awaited<ReturnType<typeof context>>): Promise<CourierQuote> {
    const { estimatedFor, ...parcel } = ctx.parcel;
    const answer = await provider
      .rates({
        pickupPin: ctx.seller.pinCode,
        deliveryPin: ctx.order.deliverTo.pinCode,
        parcel,
        codAmountPaise: ctx.codAmountPaise,
        declaredValuePaise: ctx.declaredValuePaise,
      })
      .catch(courierError);
    return {
      orderId: ctx.order.id,
      orderNumber: ctx.order.orderNumber,
      provider: provider.name,
      pickupPin: ctx.seller.pinCode,
      deliveryPin: ctx.order.deliverTo.pinCode,
      parcel: { ...parcel, estimatedFor },
      codAmountPaise: ctx.codAmountPaise,
      declaredValuePaise: ctx.declaredValuePaise,
      serviceable: answer.serviceable,
      reason: answer.reason,
      rates: answer.rates,
      needsEwayBill: ctx.order.needsEwayBill,
    };
  }

  /** The seller's parcels of these orders with their order numbers; NOT_FOUND when any order has no booked parcel of the seller. */
  async function bookedOf(vendorId: string, orderIds: readonly string[]) {
    const rows = await repo.shipmentsOfOrders(db, vendorId, orderIds);
    const byOrder = new Map(rows.map((r) => [r.orderId, r]));
    const missing = orderIds.filter((id) => !byOrder.has(id));
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', 'Some of these orders have no courier shipment of yours: buy a courier for them first.', {
        fields: { orderIds: `No courier shipment for ${missing.length === 1 ? 'one order' : `${missing.length} orders`}` },
      });
    }
    const orders = await Promise.all(orderIds.map((id) => deps.vendorOrder(vendorId, id)));
    return orderIds.map((id, i) => ({ row: byOrder.get(id)!, order: orders[i]! }));
  }

  return {
    /** The couriers that take the seller's parcel of an order, cheapest first, for the parcel's weight and box. */
    async quote(vendorId: string, orderId: string): Promise<CourierQuote> {
      return quoteOf(await context(vendorId, orderId));
    },

    /**
     * A fresh quote and the request for the chosen courier: CONFLICT once the parcel has shipped, a field
     * error when the courier does not take it (any more), UNPROCESSABLE when no courier does.
     */
    async prepare(vendorId: string, orderId: string, courierId: string): Promise<PreparedBooking> {
      const ctx = await context(vendorId, orderId);
      if (ctx.order.shipment) throw new AppError('CONFLICT', 'Your items of this order have been shipped already.');
      const quote = await quoteOf(ctx);
      if (!quote.serviceable) throw new AppError('UNPROCESSABLE', quote.reason ?? 'No courier takes this parcel.');
      const rate = quote.rates.find((r) => r.courierId === courierId);
      if (!rate) {
        throw new AppError('VALIDATION', 'That courier does not take this parcel: choose another.', {
          fields: { courierId: 'Choose one of the couriers offered' },
        });
      }
      const { order, seller } = ctx;
      const to = order.deliverTo;
      return {
        vendorId,
        orderId,
        rate,
        request: {
          reference: newId('csh'),
          orderNumber: order.orderNumber,
          orderDate: new Date(order.orderDate),
          courierId,
          pickup: { ...seller, line1: seller.line1 ?? '', sellerName: seller.name },
          deliverTo: {
            name: to.fullName,
            phone: to.mobile,
            line1: to.line1,
            line2: to.line2,
            city: to.city,
            state: to.state,
            pinCode: to.pinCode,
          },
          parcel: {
            weightGrams: ctx.parcel.weightGrams,
            lengthMm: ctx.parcel.lengthMm,
            widthMm: ctx.parcel.widthMm,
            heightMm: ctx.parcel.heightMm,
          },
          codAmountPaise: ctx.codAmountPaise,
          declaredValuePaise: ctx.declaredValuePaise,
          items: order.lines
            .filter((l) => l.quantity > l.cancelledQuantity)
            .map((l) => {
              const line = ctx.lines.find((p) => p.itemId === l.itemId);
              return {
                name: l.name,
                sku: line?.sku ?? l.itemId,
                quantity: l.quantity - l.cancelledQuantity,
                unitPricePaise: l.unitPricePaise,
                hsnCode: l.hsnCode,
              };
            }),
        },
      };
    },

    /** Books the prepared parcel with the provider: the AWB. */
    book: (prepared: PreparedBooking): Promise<BookedShipment> => provider.createShipment(prepared.request).catch(courierError),

    /** Cancels a booking the shop could not record (best effort: a failure is left to the courier's own expiry of unused AWBs). */
    async release(booked: BookedShipment): Promise<void> {
      await provider.cancelShipment(booked).catch(() => undefined);
    },

    /** Records the booked parcel with its charge, in the flow `ship-by-courier`'s transaction, audited. */
    async record(tx: Executor, prepared: PreparedBooking, booked: BookedShipment, userId: string): Promise<void> {
      const { request, rate } = prepared;
      await repo.insertShipment(tx, {
        id: request.reference,
        orderId: prepared.orderId,
        vendorId: prepared.vendorId,
        provider: provider.name,
        courierId: booked.courierId,
        courierName: booked.courierName || rate.courierName,
        awb: booked.awb,
        providerShipmentId: booked.providerShipmentId,
        trackingUrl: booked.trackingUrl,
        chargePaise: rate.chargePaise,
        promisedDays: rate.promisedDays,
        codAmountPaise: request.codAmountPaise,
        declaredValuePaise: request.declaredValuePaise,
        weightGrams: request.parcel.weightGrams,
        lengthMm: request.parcel.lengthMm,
        widthMm: request.parcel.widthMm,
        heightMm: request.parcel.heightMm,
        chargeableWeightGrams: rate.chargeableWeightGrams,
        bookedBy: userId,
      });
      await audit.record(tx, {
        action: 'order.courier_booked',
        entityType: 'order',
        entityId: prepared.orderId,
        vendorId: prepared.vendorId,
        summary: `${booked.courierName || rate.courierName} booked for order ${request.orderNumber}: AWB ${booked.awb}, charge ${rate.chargePaise} paise`,
        after: { courier: booked.courierName || rate.courierName, awb: booked.awb, chargePaise: rate.chargePaise },
      });
    },

    /**
     * Checks a tracking webhook of the provider named in its route (decision 79): NOT_FOUND for a provider the
     * shop does not use, UNAUTHENTICATED for a missing or wrong signature or token; the push, or null when it
     * carries nothing to track.
     */
    readWebhook(providerName: string, rawBody: Buffer, header: (name: string) => string | undefined): TrackingPush | null {
      if (providerName !== provider.name) throw new AppError('NOT_FOUND', 'This shop does not take tracking from that courier service.');
      const reading = provider.readWebhook(rawBody, header);
      if (reading.kind === 'unsigned') throw new AppError('UNAUTHENTICATED', 'The webhook signature is missing or wrong.');
      return reading.kind === 'push' ? reading.push : null;
    },

    /**
     * Stores a push's events for its parcel (the flow `track-parcel`'s transaction), each once, and moves the
     * parcel to its latest event by the courier's time unless it reached a final status (delivered, RTO
     * delivered, cancelled). Null for an AWB the shop did not book with this provider.
     */
    async receiveEvents(tx: Executor, push: TrackingPush): Promise<TrackingReceipt | null> {
      const shipment = await repo.shipmentByAwb(tx, provider.name, push.awb);
      if (!shipment) return null;
      const stored = await repo.insertEvents(
        tx,
        push.events.map((e) => ({
          id: newId('cte'),
          shipmentId: shipment.id,
          status: e.status,
          occurredAt: e.at,
          location: e.location?.slice(0, 200) ?? null,
          detail: e.detail.slice(0, 500),
        })),
      );
      if (stored.length === 0 || FINAL_STATUSES.has(shipment.trackingStatus)) return { shipment, stored: stored.length, moved: null };
      const latest = await repo.latestEvent(tx, shipment.id);
      if (!latest || (latest.status === shipment.trackingStatus && latest.occurredAt.getTime() === shipment.trackingStatusAt?.getTime())) {
        return { shipment, stored: stored.length, moved: null };
      }
      // Only an event stored now can move the parcel: an older one arriving late is kept in the timeline only.
      if (!stored.some((e) => e.id === latest.id)) return { shipment, stored: stored.length, moved: null };
      await repo.setTrackingStatus(tx, shipment.id, latest.status, latest.occurredAt);
      const status = latest.status as TrackingStatus;
      return {
        shipment: { ...shipment, trackingStatus: status, trackingStatusAt: latest.occurredAt },
        stored: stored.length,
        moved:
          status === shipment.trackingStatus ? null : { status, at: latest.occurredAt, location: latest.location, detail: latest.detail },
      };
    },

    /** Every booked parcel of an order with its tracking timeline (the customer's order page, after its own check). */
    async trackingOfOrder(orderId: string, now = new Date()): Promise<ParcelTracking[]> {
      const rows = await repo.shipmentsOfOrder(db, orderId);
      const ids = rows.map((r) => r.id);
      const [events, answers] = await Promise.all([repo.eventsOf(db, ids), repo.reattemptsOf(db, ids)]);
      return rows.map((r) => trackingView(r, events, answers, now));
    },

    /** The parcel of this AWB booked with the provider, with its timeline (the test courier's tracking page); null when none. */
    async trackingOfAwb(awb: string, now = new Date()): Promise<ParcelTracking | null> {
      const row = await repo.findByAwb(db, provider.name, awb);
      if (!row) return null;
      return trackingView(row, await repo.eventsOf(db, [row.id]), await repo.reattemptsOf(db, [row.id]), now);
    },

    /**
     * The customer's answer to the parcel's failed delivery attempt (the order is theirs: the caller checked),
     * sent to the courier (an NDR action) and kept: NOT_FOUND for an AWB not of the order, CONFLICT unless the
     * latest attempt failed and is not answered yet, a field error for a day outside the next three.
     */
    async answerFailedAttempt(
      orderId: string,
      awb: string,
      userId: string,
      input: ReattemptInput,
      now = new Date(),
    ): Promise<ParcelTracking> {
      await db.transaction(async (tx) => {
        const row = await repo.shipmentByAwb(tx, provider.name, awb);
        if (!row || row.orderId !== orderId) throw new AppError('NOT_FOUND', 'This order has no parcel with that tracking number.');
        const answers = await repo.reattemptsOf(tx, [row.id]);
        if (!waitsForAnswer(row, answers)) {
          throw new AppError('CONFLICT', 'This parcel has no failed delivery attempt waiting for your answer.');
        }
        if (input.kind === 'reattempt' && !reattemptDaysFrom(now).includes(input.on)) {
          throw new AppError('VALIDATION', 'Choose one of the next three days.', { fields: { on: 'Choose one of the next three days' } });
        }
        const request =
          input.kind === 'reattempt'
            ? { kind: 'reattempt' as const, on: input.on }
            : { kind: 'correct' as const, addressLine: input.addressLine ?? null, phone: input.phone ?? null };
        await provider.reattempt(row, request).catch(courierError);
        await repo.insertReattempt(tx, {
          id: newId('crt'),
          shipmentId: row.id,
          kind: request.kind,
          reattemptOn: request.kind === 'reattempt' ? request.on : null,
          addressLine: request.kind === 'correct' ? request.addressLine : null,
          phone: request.kind === 'correct' ? request.phone : null,
          answeredBy: userId,
          createdAt: now,
        });
      });
      const row = (await repo.findByAwb(db, provider.name, awb))!;
      return trackingView(row, await repo.eventsOf(db, [row.id]), await repo.reattemptsOf(db, [row.id]), now);
    },

    /** The seller's booked parcels of these orders (NOT_FOUND for any without one), or its latest 100. */
    async shipments(vendorId: string, orderIds?: readonly string[]): Promise<CourierShipment[]> {
      if (orderIds) return (await bookedOf(vendorId, orderIds)).map(({ row, order }) => toView(row, order.orderNumber));
      const rows = await repo.latestShipments(db, vendorId);
      const numbers = new Map<string, string>();
      for (const r of rows) numbers.set(r.orderId, (await deps.vendorOrder(vendorId, r.orderId)).orderNumber);
      return rows.map((r) => toView(r, numbers.get(r.orderId)!));
    },

    /** The labels of the seller's parcels of these orders, one PDF (4 × 6 inch pages, or A4). */
    async labels(vendorId: string, orderIds: readonly string[], size: LabelSize): Promise<Buffer> {
      const booked = await bookedOf(vendorId, orderIds);
      const seller = await repo.sellerAddressOf(db, vendorId);
      if (!seller) throw new AppError('NOT_FOUND', 'We could not find your pickup address.');
      const labels: ShippingLabel[] = await Promise.all(
        booked.map(async ({ row, order }) => {
          const to = order.deliverTo;
          return {
            awb: row.awb,
            courierName: row.courierName,
            orderNumber: order.orderNumber,
            bookedAt: row.bookedAt,
            from: seller,
            to: {
              name: to.fullName,
              phone: to.mobile,
              line1: to.line1,
              line2: to.line2,
              city: to.city,
              state: to.state,
              pinCode: to.pinCode,
            },
            weightGrams: row.weightGrams,
            chargeableWeightGrams: row.chargeableWeightGrams,
            box: { lengthMm: row.lengthMm, widthMm: row.widthMm, heightMm: row.heightMm },
            codAmountPaise: row.codAmountPaise,
            declaredValuePaise: row.declaredValuePaise,
            items: order.lines
              .filter((l) => l.quantity > l.cancelledQuantity)
              .map((l) => ({ name: l.name, quantity: l.quantity - l.cancelledQuantity })),
            ewbNo: (await deps.ewayBillOf(vendorId, row.orderId))?.ewbNo ?? null,
          };
        }),
      );
      return renderShippingLabelsPdf(labels, size);
    },

    /** The manifest of the seller's parcels of these orders, for the courier's pickup executive to sign. */
    async manifest(vendorId: string, orderIds: readonly string[], now = new Date()): Promise<Buffer> {
      const booked = await bookedOf(vendorId, orderIds);
      const seller = await repo.sellerAddressOf(db, vendorId);
      if (!seller) throw new AppError('NOT_FOUND', 'We could not find your pickup address.');
      return renderManifestPdf({
        sellerName: seller.name,
        pickupAddress: [seller.line1, seller.line2, seller.city, `${seller.state} ${seller.pinCode}`].filter(Boolean).join(', '),
        day: indiaDay(now),
        lines: booked.map(({ row, order }) => ({
          awb: row.awb,
          courierName: row.courierName,
          orderNumber: order.orderNumber,
          consignee: order.deliverTo.fullName,
          city: order.deliverTo.city,
          pinCode: order.deliverTo.pinCode,
          weightGrams: row.weightGrams,
          codAmountPaise: row.codAmountPaise,
        })),
      });
    },

    /**
     * Asks the courier to collect today the seller's booked parcels of these orders (without them: every
     * booked parcel still waiting for a pickup). CONFLICT when none waits; audited.
     */
    async requestPickup(vendorId: string, orderIds: readonly string[] | undefined, now = new Date()): Promise<PickupAnswerView> {
      if (orderIds) await bookedOf(vendorId, orderIds);
      const seller = await repo.sellerAddressOf(db, vendorId);
      if (!seller) throw new AppError('NOT_FOUND', 'We could not find your pickup address.');
      return db.transaction(async (tx) => {
        const waiting = await repo.awaitingPickup(tx, vendorId, orderIds);
        if (waiting.length === 0) throw new AppError('CONFLICT', 'Every parcel you booked already has a pickup: nothing waits for one.');
        const answer = await provider
          .requestPickup({ shipments: waiting, pickupPin: seller.pinCode, on: indiaDay(now) })
          .catch(courierError);
        await repo.setPickup(
          tx,
          waiting.map((w) => w.id),
          answer.pickupDate,
          answer.reference,
        );
        const awbs = waiting.map((w) => w.awb);
        await audit.record(tx, {
          action: 'order.pickup_requested',
          entityType: 'vendor',
          entityId: vendorId,
          vendorId,
          summary: `Pickup on ${answer.pickupDate} for ${awbs.length} parcel${awbs.length === 1 ? '' : 's'}: ${awbs.join(', ')}`,
          after: { pickupDate: answer.pickupDate, reference: answer.reference, awbs },
        });
        return { pickupDate: answer.pickupDate, reference: answer.reference, count: awbs.length, awbs };
      });
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
