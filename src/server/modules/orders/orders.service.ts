import { createHash } from 'node:crypto';
import { deliveryWindow, deliveryZone } from '~/shared/delivery';
import { EMI_MIN_AMOUNT_PAISE, emiPlans } from '~/shared/emi';
import { formatPaise } from '~/shared/money';
import {
  CUSTOMER_CANCELLABLE,
  invoiceNumberOf,
  PAYMENT_METHOD_LABELS,
  returnDeadline,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatusName,
} from '~/shared/orders';
import { codAllowed, orderTotalsOf, PRICING, PricingError, priceOrder, type CouponRule, type DeliveryOption, type PricedOrder } from '~/shared/pricing';
import type { Category } from '~/shared/constants';
import type {
  CouponSummary,
  OrderDetail,
  OrderLineInput,
  OrdersResponse,
  PlaceOrderInput,
  PlaceOrderResponse,
  QuoteResponse,
  ReturnRequest,
} from '~/shared/schemas/orders';
import type { Database } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema/orders';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { findAddress } from '../addresses/addresses.repo';
import type { MailService } from '../mail/mail.service';
import type { MailTemplate } from '~/shared/schemas/mail';
import type { MailTemplateData, OrderMailData } from '../mail/templates';
import { WEBHOOK_EVENT_TYPES, type CheckoutOptions, type PaymentProvider, type ProviderPayment } from '../payments/provider';
import * as repo from './orders.repo';

export const ORDER_NOT_FOUND = 'We could not find this order in your account.';
/** Unpaid orders hold stock; one customer may hold at most this many at a time. */
export const MAX_AWAITING_PAYMENT = 5;

type Actor = { role: 'customer' | 'admin' | 'system' | 'vendor'; userId: string | null };

interface LineProblem {
  productId: string;
  name: string | null;
  message: string;
  available: number;
}

interface PricedCart {
  products: Map<string, repo.ProductForOrder>;
  lines: { product: repo.ProductForOrder; quantity: number }[];
  problems: LineProblem[];
}

/** Same product twice in a request counts once, with the quantities added. */
function mergeLines(items: OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

function problemOf(productId: string, product: repo.ProductForOrder | undefined, quantity: number): LineProblem | null {
  if (!product || !product.on_sale) {
    return { productId, name: product?.name ?? null, message: 'This product is no longer for sale.', available: 0 };
  }
  if (product.stock <= 0) return { productId, name: product.name, message: `${product.name} is out of stock.`, available: 0 };
  if (product.stock < quantity) {
    return { productId, name: product.name, message: `Only ${product.stock} of ${product.name} left in stock.`, available: product.stock };
  }
  return null;
}

function snapshotOf(address: {
  fullName: string;
  mobile: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
}): AddressSnapshot {
  const { fullName, mobile, line1, line2, city, state, pinCode } = address;
  return { fullName, mobile, line1, line2, city, state, pinCode };
}

function requestHash(input: PlaceOrderInput): string {
  const canonical = {
    items: mergeLines(input.items).sort((a, b) => a.productId.localeCompare(b.productId)),
    addressId: input.addressId,
    delivery: input.delivery,
    paymentMethod: input.paymentMethod,
    emiTenureMonths: input.emiTenureMonths ?? null,
    couponCode: input.couponCode ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The `event` field of a webhook body, or undefined when the body is not such JSON. */
function eventNameOf(rawBody: Buffer): string | undefined {
  try {
    const event = (JSON.parse(rawBody.toString('utf8')) as { event?: unknown }).event;
    return typeof event === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

/** Turns a provider failure (network, 5xx) into a clear 503; the provider's own refusals pass through. */
async function viaProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'UNAVAILABLE',
      `The payment provider could not be reached to ${what}. Nothing was changed; please try again in a minute.`,
      {
        cause: error,
      },
    );
  }
}

export interface OrdersServiceDeps {
  db: Database;
  provider: PaymentProvider;
  mailService: MailService;
  publicUrl: string;
  paymentTimeoutMinutes: number;
}

/**
 * Orders from checkout to delivery: pricing from the database, placing an order in one
 * transaction (stock taken with conditional updates, coupon limits under a row lock, an
 * idempotency key per customer), payments through the provider interface, cancellations with
 * refunds, returns, shipments, and expiring unpaid orders.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, provider, mailService, publicUrl } = deps;
  const orderUrl = (orderId: string) => new URL(`/order-details/${encodeURIComponent(orderId)}`, publicUrl).toString();

  // ---------- coupons ----------

  async function couponRule(
    tx: repo.Executor,
    rawCode: string,
    userId: string,
    now: Date,
    forUpdate: boolean,
  ): Promise<{ rule: CouponRule; description: string } | { error: string; code: 'VALIDATION' | 'CONFLICT' }> {
    const code = rawCode.trim().toUpperCase();
    const coupon = await repo.findCoupon(tx, code, forUpdate);
    if (!coupon || !coupon.active) return { error: `There is no coupon ${code}. Check the code and try again.`, code: 'VALIDATION' };
    if (coupon.startsAt > now) return { error: `Coupon ${code} starts on ${dayOf(coupon.startsAt)}.`, code: 'VALIDATION' };
    if (coupon.expiresAt && coupon.expiresAt <= now)
      return { error: `Coupon ${code} expired on ${dayOf(coupon.expiresAt)}.`, code: 'VALIDATION' };
    if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
      return { error: `Coupon ${code} has been fully used. Try another offer.`, code: 'CONFLICT' };
    }
    const used = await repo.customerRedemptions(tx, code, userId);
    if (used >= coupon.perCustomerLimit) {
      return {
        error:
          coupon.perCustomerLimit === 1
            ? `You have already used coupon ${code}.`
            : `You have already used coupon ${code} ${coupon.perCustomerLimit} times, the most allowed.`,
        code: 'CONFLICT',
      };
    }
    return {
      rule: {
        code,
        kind: coupon.kind as CouponRule['kind'],
        value: coupon.value,
        minOrderPaise: coupon.minOrderPaise,
        maxDiscountPaise: coupon.maxDiscountPaise,
      },
      description: coupon.description,
    };
  }

  // ---------- pricing ----------

  async function readCart(tx: repo.Executor, items: OrderLineInput[]): Promise<PricedCart> {
    const merged = mergeLines(items);
    const products = new Map(
      (
        await repo.productsForOrder(
          tx,
          merged.map((l) => l.productId),
        )
      ).map((p) => [p.id, p]),
    );
    const lines: PricedCart['lines'] = [];
    const problems: LineProblem[] = [];
    for (const line of merged) {
      const product = products.get(line.productId);
      const problem = problemOf(line.productId, product, line.quantity);
      if (problem) problems.push(problem);
      else lines.push({ product: product!, quantity: line.quantity });
    }
    return { products, lines, problems };
  }

  function price(lines: PricedCart['lines'], deliveryState: string, delivery: DeliveryOption, coupon: CouponRule | null): PricedOrder {
    return priceOrder({
      lines: lines.map((l) => ({
        unitPricePaise: l.product.price_paise,
        quantity: l.quantity,
        category: l.product.category as Category,
        sellerState: l.product.seller_state,
      })),
      deliveryState,
      delivery,
      coupon,
    });
  }

  function codVerdict(totalPaise: number, pinCode: string | null): { allowed: boolean; reason: string | null } {
    if (totalPaise > PRICING.codLimitPaise) {
      return { allowed: false, reason: `Cash on delivery is available for orders up to ${formatPaise(PRICING.codLimitPaise)}.` };
    }
    if (pinCode === null) return { allowed: true, reason: null };
    const zone = deliveryZone(pinCode);
    if (!zone || !codAllowed(totalPaise, zone.cod))
      return { allowed: false, reason: `Couriers do not collect cash at PIN code ${pinCode}; please pay online.` };
    return { allowed: true, reason: null };
  }

  // ---------- order detail ----------

  async function detail(tx: repo.Executor, order: repo.OrderRow, now = new Date()): Promise<OrderDetail> {
    const [items, payment, parts] = [
      await repo.itemsOf(tx, [order.id]),
      await repo.paymentOf(tx, order.id),
      await repo.detailParts(tx, order.id),
    ];
    const pay = payment!;
    const status = order.status as OrderStatus;
    const deadline = returnDeadline(order.deliveredAt);
    const everPaid = pay.capturedAt !== null;
    const confirmed = status !== 'pending_payment' && (status !== 'cancelled' || everPaid);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      orderDate: order.orderDate.toISOString(),
      status,
      paymentMethod: order.paymentMethod as PaymentMethod,
      emiTenureMonths: order.emiTenureMonths,
      deliveryOption: order.deliveryOption as DeliveryOption,
      address: order.address,
      customer: parts.customer,
      items: items.map((i) => ({
        id: i.id,
        productId: i.productId,
        name: i.name,
        brand: i.brand,
        category: i.category,
        hsnCode: i.hsnCode,
        image: i.image,
        quantity: i.quantity,
        unitPricePaise: i.unitPricePaise,
        mrpPaise: i.mrpPaise,
        lineTotalPaise: i.lineTotalPaise,
        discountPaise: i.discountPaise,
        sellerName: i.sellerName,
        sellerState: i.sellerState,
        sellerGstin: i.sellerGstin,
        taxablePaise: i.taxablePaise,
        gstRateBp: i.gstRateBp,
        cgstPaise: i.cgstPaise,
        sgstPaise: i.sgstPaise,
        igstPaise: i.igstPaise,
      })),
      totals: {
        subtotalPaise: order.subtotalPaise,
        discountPaise: order.discountPaise,
        shippingPaise: order.shippingPaise,
        totalPaise: order.totalPaise,
        gstPaise: order.gstPaise,
        cgstPaise: order.cgstPaise,
        sgstPaise: order.sgstPaise,
        igstPaise: order.igstPaise,
      },
      intraState: order.igstPaise === 0,
      couponCode: order.couponCode,
      expectedFrom: order.expectedFrom,
      expectedBy: order.expectedBy,
      paymentDueAt: iso(order.paymentDueAt),
      payment: {
        provider: pay.provider as OrderDetail['payment']['provider'],
        method: pay.method as PaymentMethod,
        status: pay.status as PaymentStatusName,
        amountPaise: pay.amountPaise,
        amountRefundedPaise: pay.amountRefundedPaise,
        paidWith: pay.paidWith,
        providerPaymentId: pay.providerPaymentId,
        errorDescription: pay.status === 'failed' ? pay.errorDescription : null,
        capturedAt: iso(pay.capturedAt),
        attempts: pay.attempts,
      },
      refunds: parts.refunds.map((r) => ({
        id: r.id,
        amountPaise: r.amountPaise,
        status: r.status as 'pending' | 'processed' | 'failed',
        reason: r.reason,
        providerRefundId: r.providerRefundId,
        createdAt: r.createdAt.toISOString(),
      })),
      shipments: parts.shipments.map(({ shipment: s, sellerName }) => ({
        id: s.id,
        sellerName,
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        trackingUrl: s.trackingUrl,
        status: s.status as 'shipped' | 'delivered',
        shippedAt: s.shippedAt.toISOString(),
        deliveredAt: iso(s.deliveredAt),
        itemIds: items.filter((i) => i.vendorId === s.vendorId).map((i) => i.id),
      })),
      timeline: parts.events.map((e) => ({
        kind: e.kind,
        message: e.message,
        actorRole: e.actorRole,
        createdAt: e.createdAt.toISOString(),
      })),
      cancelReason: order.cancelReason,
      returnReason: order.returnReason,
      deliveredAt: iso(order.deliveredAt),
      actions: {
        canPay: status === 'pending_payment' && order.paymentMethod !== 'cod' && order.paymentDueAt !== null && order.paymentDueAt > now,
        canCancel: CUSTOMER_CANCELLABLE.includes(status) && parts.shipments.length === 0,
        canRequestReturn: status === 'delivered' && deadline !== null && now <= deadline,
        returnDeadline: iso(deadline),
      },
      invoice: confirmed ? { number: invoiceNumberOf(order.orderNumber), date: (pay.capturedAt ?? order.orderDate).toISOString() } : null,
    };
  }

  async function mailData(tx: repo.Executor, order: repo.OrderRow): Promise<OrderMailData & { to: string }> {
    const items = await repo.itemsOf(tx, [order.id]);
    const { customer } = await repo.detailParts(tx, order.id);
    return {
      to: customer.email,
      orderNumber: order.orderNumber,
      customerName: customer.name,
      items: items.map((i) => ({ name: i.name, quantity: i.quantity, unitPricePaise: i.unitPricePaise })),
      subtotalPaise: order.subtotalPaise,
      shippingPaise: order.shippingPaise,
      discountPaise: order.discountPaise,
      taxPaise: order.gstPaise,
      totalPaise: order.totalPaise,
      orderUrl: orderUrl(order.id),
    };
  }

  /** Writes an order e-mail to the outbox in the caller's transaction. */
  async function sendOrderMail<T extends MailTemplate>(
    tx: repo.Executor,
    order: repo.OrderRow,
    template: T,
    extra: Omit<MailTemplateData[T], keyof OrderMailData>,
  ): Promise<void> {
    const { to, ...data } = await mailData(tx, order);
    await mailService.enqueue(tx, { to, toName: data.customerName, template, data: { ...data, ...extra } as MailTemplateData[T] });
  }

  const mailAddress = (a: AddressSnapshot) => ({
    name: a.fullName,
    line1: a.line1,
    line2: a.line2 ?? undefined,
    city: a.city,
    state: a.state,
    pinCode: a.pinCode,
    mobile: a.mobile,
  });

  // ---------- payments ----------

  /**
   * Applies what the provider says about a payment to the order, under the order's row lock (the
   * caller holds it): the browser callback and every webhook delivery come here, in any order and
   * any number of times, and the order is captured once.
   */
  async function applyProviderPayment(
    tx: repo.Executor,
    order: repo.OrderRow,
    payment: repo.PaymentRow,
    incoming: ProviderPayment,
  ): Promise<'captured' | 'unchanged' | 'failed'> {
    if (!payment.providerOrderId || incoming.orderId !== payment.providerOrderId) return 'unchanged';
    let p = incoming;
    const settled = ['captured', 'refunded', 'partially_refunded'].includes(payment.status);

    if (p.status === 'failed') {
      if (settled || payment.lastFailedPaymentId === p.id) return 'unchanged';
      await repo.updatePayment(tx, payment.id, {
        status: 'failed',
        errorCode: p.errorCode,
        errorDescription: p.errorDescription ?? 'The payment did not go through.',
        lastFailedPaymentId: p.id,
      });
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'payment_failed',
        message: `Payment by ${p.method} failed: ${p.errorDescription ?? 'the payment did not go through'}. You can try again.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      return 'failed';
    }
    if (p.status !== 'captured' && p.status !== 'authorized') return 'unchanged';
    if (settled) {
      if (payment.providerPaymentId === p.id) return 'unchanged';
      // A second successful payment for an order already paid (two tabs): give it back.
      if (p.status === 'captured') {
        const refund = await viaProvider('refund a duplicate payment', () =>
          provider.refund(p.id, { notes: { reason: 'duplicate payment' } }),
        );
        await repo.addEvent(tx, {
          orderId: order.id,
          kind: 'refund',
          message: `A second payment of ${formatPaise(p.amountPaise)} (${p.id}) was refunded (${refund.id}): the order had been paid already.`,
          actorRole: 'payment',
          actorUserId: null,
        });
      }
      return 'unchanged';
    }
    if (p.amountPaise !== payment.amountPaise) {
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'note',
        message: `A payment of ${formatPaise(p.amountPaise)} did not match the order total of ${formatPaise(payment.amountPaise)} and was not accepted.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      return 'unchanged';
    }
    if (p.status === 'authorized') p = await viaProvider('capture the payment', () => provider.capturePayment(p.id, p.amountPaise));

    const capturedAt = new Date();
    await repo.updatePayment(tx, payment.id, {
      status: 'captured',
      providerPaymentId: p.id,
      paidWith: p.method,
      capturedAt,
      errorCode: null,
      errorDescription: null,
    });
    const how = PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method;
    if (order.status === 'pending_payment') {
      const placed = await repo.updateOrder(tx, order.id, { status: 'placed', paymentDueAt: null });
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'placed',
        message: `Payment of ${formatPaise(p.amountPaise)} received by ${how} (${p.id}). Order confirmed.`,
        actorRole: 'payment',
        actorUserId: null,
      });
      await sendOrderMail(tx, placed, 'order_paid', { paymentReference: p.id });
      return 'captured';
    }
    // The order was cancelled (payment time ran out) before the money arrived: refund it at once.
    const refund = await viaProvider('refund a late payment', () =>
      provider.refund(p.id, { notes: { reason: 'order cancelled before payment arrived' } }),
    );
    await repo.insertRefund(tx, {
      id: newId('rfd'),
      paymentId: payment.id,
      orderId: order.id,
      providerRefundId: refund.id,
      amountPaise: refund.amountPaise,
      status: refund.status === 'processed' ? 'processed' : 'pending',
      reason: 'Payment arrived after the order was cancelled',
    });
    await repo.updatePayment(tx, payment.id, { status: 'refunded', amountRefundedPaise: refund.amountPaise });
    await repo.addEvent(tx, {
      orderId: order.id,
      kind: 'refund',
      message: `Payment of ${formatPaise(p.amountPaise)} arrived after the order was cancelled and was refunded in full (${refund.id}).`,
      actorRole: 'payment',
      actorUserId: null,
    });
    return 'unchanged';
  }

  /** Cancels an order inside the caller's transaction (the order row locked): stock and coupon back, refund if paid. */
  async function cancelLocked(
    tx: repo.Executor,
    order: repo.OrderRow,
    reason: string,
    actor: Actor,
    eventMessage: string,
  ): Promise<repo.OrderRow> {
    await repo.returnStock(tx, order.id);
    await repo.releaseCoupon(tx, order.id);
    const payment = (await repo.paymentOf(tx, order.id, true))!;
    let refundPaise = 0;
    if (payment.status === 'captured' && payment.providerPaymentId && payment.provider !== 'cod') {
      const amount = payment.amountPaise - payment.amountRefundedPaise;
      const refund = await viaProvider('refund the payment', () =>
        provider.refund(payment.providerPaymentId!, { amountPaise: amount, notes: { order: order.orderNumber, reason } }),
      );
      refundPaise = refund.amountPaise;
      await repo.insertRefund(tx, {
        id: newId('rfd'),
        paymentId: payment.id,
        orderId: order.id,
        providerRefundId: refund.id,
        amountPaise: refund.amountPaise,
        status: refund.status === 'processed' ? 'processed' : 'pending',
        reason: 'Order cancelled',
      });
      await repo.updatePayment(tx, payment.id, {
        status: 'refunded',
        amountRefundedPaise: payment.amountRefundedPaise + refund.amountPaise,
      });
    } else if (payment.status === 'created' || payment.status === 'failed') {
      await repo.updatePayment(tx, payment.id, { status: 'cancelled' });
    }
    const now = new Date();
    const cancelled = await repo.updateOrder(tx, order.id, {
      status: 'cancelled',
      cancelReason: reason,
      cancelledAt: now,
      paymentDueAt: null,
    });
    await repo.addEvent(tx, {
      orderId: order.id,
      kind: 'cancelled',
      message: eventMessage,
      actorRole: actor.role,
      actorUserId: actor.userId,
    });
    if (refundPaise > 0) {
      const how = PAYMENT_METHOD_LABELS[(payment.paidWith ?? payment.method) as PaymentMethod] ?? payment.method;
      await repo.addEvent(tx, {
        orderId: order.id,
        kind: 'refund',
        message: `Refund of ${formatPaise(refundPaise)} issued to your ${how}. Banks take 5–7 working days to show it.`,
        actorRole: 'payment',
        actorUserId: null,
      });
    }
    await sendOrderMail(tx, cancelled, 'order_cancelled', { reason, ...(refundPaise > 0 ? { refundPaise } : {}) });
    return cancelled;
  }

  async function lockedOrder(tx: repo.Executor, orderId: string, userId?: string): Promise<repo.OrderRow> {
    const order = await repo.findOrder(tx, orderId, { userId, forUpdate: true });
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    return order;
  }

  return {
    /** Coupons open to everyone right now, for the checkout's offers list. */
    async coupons(now = new Date()): Promise<CouponSummary[]> {
      return (await repo.availableCoupons(db, now)).map((c) => ({
        code: c.code,
        description: c.description,
        minOrderPaise: c.minOrderPaise,
        expiresAt: iso(c.expiresAt),
      }));
    },

    /** The order as it would be placed now, priced from the database; nothing is reserved. */
    async quote(
      userId: string,
      input: { items: OrderLineInput[]; addressId?: string; delivery: DeliveryOption; couponCode?: string },
      now = new Date(),
    ): Promise<QuoteResponse> {
      const address = input.addressId ? await findAddress(db, userId, input.addressId) : undefined;
      if (input.addressId && !address) {
        throw new AppError('NOT_FOUND', 'This address is not in your address book.', {
          fields: { addressId: 'Choose an address from your address book' },
        });
      }
      const cart = await readCart(db, input.items);
      // Before an address is chosen, the seller's own state stands in (GST is then shown as one figure).
      const deliveryState = address?.state ?? cart.lines[0]?.product.seller_state ?? 'Maharashtra';
      let coupon: QuoteResponse['coupon'] = null;
      let couponError: string | null = null;
      let rule: CouponRule | null = null;
      if (input.couponCode) {
        const verdict = await couponRule(db, input.couponCode, userId, now, false);
        if ('error' in verdict) couponError = verdict.error;
        else rule = verdict.rule;
        if (rule) coupon = { code: rule.code, description: 'description' in verdict ? verdict.description : '', discountPaise: 0 };
      }
      let priced: PricedOrder | null = null;
      if (cart.lines.length > 0) {
        try {
          priced = price(cart.lines, deliveryState, input.delivery, rule);
        } catch (error) {
          if (!(error instanceof PricingError)) throw error;
          couponError = error.message;
          coupon = null;
          priced = price(cart.lines, deliveryState, input.delivery, null);
        }
      }
      if (coupon && priced) coupon.discountPaise = priced.discountPaise;
      const zone = address ? deliveryZone(address.pinCode) : null;
      const payable = priced ? priced.subtotalPaise - priced.discountPaise : 0;
      const deliveryChoices = (['standard', 'express'] as const).map((option) => {
        const window = zone ? deliveryWindow(zone, option, now) : { expectedFrom: '', expectedBy: '' };
        return {
          option,
          pricePaise:
            option === 'express'
              ? PRICING.expressShippingPaise
              : payable >= PRICING.freeShippingAtPaise
                ? 0
                : PRICING.standardShippingPaise,
          ...window,
        };
      });
      const total = priced?.totalPaise ?? 0;
      return {
        lines: cart.lines.map((l, i) => {
          const p = priced!.lines[i]!;
          return {
            productId: l.product.id,
            name: l.product.name,
            brand: l.product.brand,
            category: l.product.category,
            hsnCode: l.product.hsn_code,
            image: l.product.image_id
              ? {
                  id: l.product.image_id,
                  alt: l.product.image_alt ?? l.product.name,
                  width: l.product.image_width ?? 1200,
                  height: l.product.image_height ?? 900,
                }
              : null,
            quantity: l.quantity,
            unitPricePaise: l.product.price_paise,
            lineTotalPaise: p.lineTotalPaise,
            discountPaise: p.discountPaise,
            sellerName: l.product.seller_name,
            sellerState: l.product.seller_state,
            taxablePaise: p.taxablePaise,
            gstRateBp: p.gstRateBp,
            cgstPaise: p.cgstPaise,
            sgstPaise: p.sgstPaise,
            igstPaise: p.igstPaise,
          };
        }),
        problems: cart.problems,
        totals: {
          subtotalPaise: priced?.subtotalPaise ?? 0,
          discountPaise: priced?.discountPaise ?? 0,
          shippingPaise: priced?.shippingPaise ?? 0,
          totalPaise: total,
          gstPaise: priced?.gstPaise ?? 0,
          cgstPaise: priced?.cgstPaise ?? 0,
          sgstPaise: priced?.sgstPaise ?? 0,
          igstPaise: priced?.igstPaise ?? 0,
        },
        intraState: address && priced ? priced.intraState : null,
        coupon,
        couponError,
        deliveryChoices,
        cod: codVerdict(total, address?.pinCode ?? null),
        emiPlans: total >= EMI_MIN_AMOUNT_PAISE ? emiPlans(total) : [],
      };
    },

    /**
     * Places an order in one transaction: the customer's lock, the address, the order priced from
     * the database, then stock taken line by line with conditional updates (last, see below), prices from the rows just locked, the coupon under its row lock, payment rules, then
     * the order, its lines, its payment record, its first timeline entry and the e-mail. Any failure
     * rolls all of it back. The same key with the same request returns the order placed first.
     */
    async place(
      userId: string,
      idempotencyKey: string,
      input: PlaceOrderInput,
      now = new Date(),
    ): Promise<PlaceOrderResponse & { replayed: boolean }> {
      const hash = requestHash(input);
      return db.transaction(async (tx) => {
        await repo.lockCustomerOrders(tx, userId);
        const existing = await repo.findOrderByKey(tx, userId, idempotencyKey);
        if (existing) {
          if (existing.requestHash !== hash) {
            throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different order. Send a new key for a new order.');
          }
          return { order: await detail(tx, existing), paymentRequired: existing.status === 'pending_payment', replayed: true };
        }

        if (input.paymentMethod !== 'cod' && (await repo.countAwaitingPayment(tx, userId)) >= MAX_AWAITING_PAYMENT) {
          throw new AppError(
            'CONFLICT',
            `You have ${MAX_AWAITING_PAYMENT} orders waiting for payment. Pay for one or cancel it from My Orders before placing another.`,
          );
        }
        const address = await findAddress(tx, userId, input.addressId);
        if (!address)
          throw new AppError('NOT_FOUND', 'This address is not in your address book.', {
            fields: { addressId: 'Choose an address from your address book' },
          });
        const zone = deliveryZone(address.pinCode);
        if (!zone)
          throw new AppError('VALIDATION', `We do not deliver to PIN code ${address.pinCode} yet.`, {
            fields: { addressId: 'We do not deliver to this PIN code yet' },
          });

        // Read, check and price first; the contended rows (coupon, stock) are written last, so their
        // row locks are held only from those updates to the commit.
        const cart = await readCart(tx, input.items);
        const refuseChanged = (problems: LineProblem[]) => {
          const fields = Object.fromEntries(problems.map((p) => [`items.${input.items.findIndex((i) => i.productId === p.productId)}`, p.message]));
          return new AppError('CONFLICT', `Your cart changed: ${problems.map((p) => p.message).join(' ')} Please review your cart.`, { fields });
        };
        if (cart.problems.length > 0) throw refuseChanged(cart.problems);
        const { lines } = cart;

        let rule: CouponRule | null = null;
        if (input.couponCode) {
          const verdict = await couponRule(tx, input.couponCode, userId, now, false);
          if ('error' in verdict) throw new AppError(verdict.code, verdict.error, { fields: { couponCode: verdict.error } });
          rule = verdict.rule;
        }
        let priced: PricedOrder;
        try {
          priced = price(lines, address.state, input.delivery, rule);
        } catch (error) {
          if (error instanceof PricingError) throw new AppError('VALIDATION', error.message, { fields: { couponCode: error.message } });
          throw error;
        }

        if (input.paymentMethod === 'cod') {
          const cod = codVerdict(priced.totalPaise, address.pinCode);
          if (!cod.allowed) throw new AppError('VALIDATION', cod.reason!, { fields: { paymentMethod: cod.reason! } });
        }
        if (input.paymentMethod === 'emi' && priced.totalPaise < EMI_MIN_AMOUNT_PAISE) {
          const message = `EMI is available on orders of ${formatPaise(EMI_MIN_AMOUNT_PAISE)} or more.`;
          throw new AppError('VALIDATION', message, { fields: { paymentMethod: message } });
        }

        const online = input.paymentMethod !== 'cod';
        const orderId = newId('ord');
        const order = await repo.insertOrder(tx, {
          id: orderId,
          userId,
          status: online ? 'pending_payment' : 'placed',
          orderDate: now,
          paymentMethod: input.paymentMethod,
          emiTenureMonths: input.emiTenureMonths ?? null,
          deliveryOption: input.delivery,
          address: snapshotOf(address),
          ...orderTotalsOf(priced),
          couponCode: rule?.code ?? null,
          idempotencyKey,
          requestHash: hash,
          ...deliveryWindow(zone, input.delivery, now),
          paymentDueAt: online ? new Date(now.getTime() + deps.paymentTimeoutMinutes * 60_000) : null,
        });
        await repo.insertOrderItems(
          tx,
          lines.map((l, i) => {
            const p = priced.lines[i]!;
            return {
              id: newId('oit'),
              orderId,
              productId: l.product.id,
              vendorId: l.product.vendor_id,
              name: l.product.name,
              brand: l.product.brand,
              category: l.product.category,
              hsnCode: l.product.hsn_code,
              imageId: l.product.image_id,
              quantity: l.quantity,
              unitPricePaise: l.product.price_paise,
              mrpPaise: l.product.mrp_paise,
              lineTotalPaise: p.lineTotalPaise,
              discountPaise: p.discountPaise,
              taxablePaise: p.taxablePaise,
              gstRateBp: p.gstRateBp,
              cgstPaise: p.cgstPaise,
              sgstPaise: p.sgstPaise,
              igstPaise: p.igstPaise,
              sellerName: l.product.seller_name,
              sellerState: l.product.seller_state,
              sellerGstin: l.product.seller_gstin,
              position: i,
            };
          }),
        );
        await repo.insertPayment(tx, {
          id: newId('pay'),
          orderId,
          provider: online ? provider.name : 'cod',
          method: input.paymentMethod,
          amountPaise: priced.totalPaise,
          status: 'created',
        });
        const how = PAYMENT_METHOD_LABELS[input.paymentMethod] + (input.emiTenureMonths ? ` (${input.emiTenureMonths} months)` : '');
        await repo.addEvent(tx, {
          orderId,
          kind: online ? 'pending_payment' : 'placed',
          message: online
            ? `Order placed. Waiting for payment by ${how}; the items are held for you for ${deps.paymentTimeoutMinutes} minutes.`
            : `Order placed. Pay ${formatPaise(priced.totalPaise)} in cash (or UPI) on delivery.`,
          actorRole: 'customer',
          actorUserId: userId,
        });
        await sendOrderMail(tx, order, 'order_placed', { address: mailAddress(order.address), paymentMethod: how });
        const answer = await detail(tx, order, now);

        // The coupon: counted only while uses are left (the row's lock queues concurrent redemptions).
        // The per-customer limit was counted under this customer's lock.
        if (rule && !(await repo.redeemCoupon(tx, rule.code, orderId, userId))) {
          const message = `Coupon ${rule.code} has been fully used. Try another offer.`;
          throw new AppError('CONFLICT', message, { fields: { couponCode: message } });
        }
        // The stock, in product-id order so two checkouts never wait on each other in a circle; only
        // if enough is left and the price is still the one charged.
        const problems: LineProblem[] = [];
        for (const line of [...lines].sort((x, y) => (x.product.id < y.product.id ? -1 : 1))) {
          if (await repo.takeStock(tx, line.product.id, line.quantity, line.product.price_paise)) continue;
          const [fresh] = await repo.productsForOrder(tx, [line.product.id]);
          problems.push(
            problemOf(line.product.id, fresh, line.quantity) ?? {
              productId: line.product.id,
              name: line.product.name,
              message: `The price of ${line.product.name} has changed to ${formatPaise(fresh!.price_paise)}.`,
              available: fresh!.stock,
            },
          );
        }
        if (problems.length > 0) throw refuseChanged(problems);
        return { order: answer, paymentRequired: online, replayed: false };
      });
    },

    async list(userId: string, page: number, pageSize: number): Promise<OrdersResponse> {
      const { total, rows } = await repo.listOrders(db, userId, page, pageSize);
      const items = await repo.itemsOf(
        db,
        rows.map((r) => r.order.id),
      );
      return {
        total,
        page,
        pageSize,
        items: rows.map(({ order, payment }) => {
          const lines = items.filter((i) => i.orderId === order.id);
          return {
            id: order.id,
            orderNumber: order.orderNumber,
            orderDate: order.orderDate.toISOString(),
            status: order.status as OrderStatus,
            paymentMethod: order.paymentMethod as PaymentMethod,
            paymentStatus: payment.status as PaymentStatusName,
            totalPaise: order.totalPaise,
            itemCount: lines.reduce((n, l) => n + l.quantity, 0),
            items: lines.slice(0, 3).map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, image: l.image })),
            expectedBy: ['placed', 'processing', 'shipped', 'pending_payment'].includes(order.status) ? order.expectedBy : null,
          };
        }),
      };
    },

    /** One order; NOT_FOUND for another customer's (pass no userId for admins). */
    async get(orderId: string, userId?: string): Promise<OrderDetail> {
      const order = await repo.findOrder(db, orderId, { userId });
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      return detail(db, order);
    },

    /**
     * Starts (or restarts) paying an unpaid order online: creates the provider's order the first
     * time and tells the browser where to pay.
     */
    async startPayment(userId: string, orderId: string, now = new Date()): Promise<CheckoutOptions> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        if (order.paymentMethod === 'cod') throw new AppError('CONFLICT', 'This order is paid in cash on delivery.');
        if (order.status === 'cancelled')
          throw new AppError('CONFLICT', 'This order was cancelled, so it cannot be paid. Please place a new order.');
        if (order.status !== 'pending_payment') throw new AppError('CONFLICT', 'This order has been paid already.');
        if (!order.paymentDueAt || order.paymentDueAt <= now) {
          throw new AppError('CONFLICT', 'The time to pay for this order has run out. Its items are back on sale; please order again.');
        }
        const payment = (await repo.paymentOf(tx, orderId, true))!;
        let providerOrderId = payment.providerOrderId;
        if (!providerOrderId) {
          const created = await viaProvider('start the payment', () =>
            provider.createOrder({ amountPaise: order.totalPaise, receipt: order.orderNumber, notes: { order_id: order.id } }),
          );
          providerOrderId = created.id;
        }
        await repo.updatePayment(tx, payment.id, { providerOrderId, attempts: payment.attempts + 1 });
        return provider.checkout({
          orderId: providerOrderId,
          amountPaise: order.totalPaise,
          returnUrl: new URL(`/api/payments/return/${encodeURIComponent(order.id)}`, publicUrl).toString(),
        });
      });
    },

    /**
     * The browser back from the payment page. A success carries the provider's signature, checked in
     * constant time against the order's own provider order id; the payment itself is then read from
     * the provider (never from the query). A failure names the payment, which is read the same way.
     */
    async paymentReturn(orderId: string, params: Record<string, string | undefined>): Promise<{ paid: boolean }> {
      const order = await repo.findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const payment = (await repo.paymentOf(db, orderId))!;
      let paymentId: string | undefined;
      if (params.razorpay_signature !== undefined || params.razorpay_payment_id !== undefined) {
        const ok =
          !!payment.providerOrderId &&
          params.razorpay_order_id === payment.providerOrderId &&
          !!params.razorpay_payment_id &&
          !!params.razorpay_signature &&
          provider.verifyPaymentSignature({
            orderId: payment.providerOrderId,
            paymentId: params.razorpay_payment_id,
            signature: params.razorpay_signature,
          });
        if (!ok)
          throw new AppError('VALIDATION', 'The payment confirmation is not valid: its signature does not match this order.', {
            fields: { razorpay_signature: 'does not match' },
          });
        paymentId = params.razorpay_payment_id;
      } else if (params['error[metadata]']) {
        try {
          const meta = JSON.parse(params['error[metadata]']) as { payment_id?: unknown };
          if (typeof meta.payment_id === 'string') paymentId = meta.payment_id;
        } catch {
          paymentId = undefined;
        }
      }
      if (!paymentId) return { paid: ['captured', 'refunded', 'partially_refunded'].includes(payment.status) };
      const fetched = await viaProvider('check the payment', () => provider.fetchPayment(paymentId));
      const outcome = await db.transaction(async (tx) => {
        const locked = await lockedOrder(tx, orderId);
        const current = (await repo.paymentOf(tx, orderId, true))!;
        await applyProviderPayment(tx, locked, current, fetched);
        return (await repo.paymentOf(tx, orderId))!;
      });
      return { paid: outcome.status === 'captured' };
    },

    /**
     * A provider webhook: signature over the raw body, then the event id recorded in the same
     * transaction as its effect, so a repeated delivery changes nothing.
     */
    async webhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ): Promise<'processed' | 'duplicate' | 'ignored'> {
      if (!provider.verifyWebhookSignature(rawBody, signature)) {
        throw new AppError('VALIDATION', 'The webhook signature is missing or does not match the body.');
      }
      if (!eventId || eventId.length > 100) throw new AppError('VALIDATION', 'The webhook has no event id (x-razorpay-event-id).');
      // Providers send many more events than the shop acts on (disputes, settlements…): a signed
      // event of another kind is acknowledged, so the provider does not retry it or disable the hook.
      const name = eventNameOf(rawBody);
      if (name !== undefined && !WEBHOOK_EVENT_TYPES.includes(name as (typeof WEBHOOK_EVENT_TYPES)[number])) return 'ignored';
      const event = provider.parseWebhookEvent(rawBody, eventId);
      return db.transaction(async (tx) => {
        if (!(await repo.recordWebhookEvent(tx, eventId, event.type))) return 'duplicate';
        if (event.type === 'refund.processed') {
          await repo.markRefundProcessed(tx, event.refund.id, event.refund.status === 'failed' ? 'failed' : 'processed');
          return 'processed';
        }
        const providerOrderId = event.payment.orderId;
        const known = providerOrderId ? await repo.paymentByProviderOrder(tx, providerOrderId) : undefined;
        if (!known) return 'ignored';
        const order = await lockedOrder(tx, known.orderId);
        const payment = (await repo.paymentOf(tx, known.orderId, true))!;
        await applyProviderPayment(tx, order, payment, event.payment);
        return 'processed';
      });
    },

    /** The customer cancels before the order ships: stock back, coupon back, a paid order refunded in full. */
    async cancel(userId: string, orderId: string, reason: string): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        const status = order.status as OrderStatus;
        if (status === 'cancelled') throw new AppError('CONFLICT', 'This order has been cancelled already.');
        const shipped = (await repo.shipmentsOf(tx, orderId)).length > 0;
        if (!CUSTOMER_CANCELLABLE.includes(status) || shipped) {
          throw new AppError(
            'CONFLICT',
            status === 'shipped' || shipped
              ? 'This order has shipped and can no longer be cancelled. You can ask for a return once it is delivered.'
              : `An order that is ${status.replace('_', ' ')} cannot be cancelled.`,
          );
        }
        const cancelled = await cancelLocked(tx, order, reason, { role: 'customer', userId }, `Cancelled by you: ${reason}`);
        return detail(tx, cancelled);
      });
    },

    /** A return asked for within RETURN_WINDOW_DAYS of delivery. */
    async requestReturn(userId: string, orderId: string, input: ReturnRequest, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId, userId);
        if (order.status === 'return_requested') throw new AppError('CONFLICT', 'A return has already been requested for this order.');
        if (order.status !== 'delivered') throw new AppError('CONFLICT', 'A return can be requested once the order is delivered.');
        const deadline = returnDeadline(order.deliveredAt)!;
        if (now > deadline) throw new AppError('CONFLICT', `The 7-day return window for this order closed on ${dayOf(deadline)}.`);
        const reason = input.details ? `${input.reason}: ${input.details}` : input.reason;
        const updated = await repo.updateOrder(tx, orderId, { status: 'return_requested', returnReason: reason, returnRequestedAt: now });
        await repo.addEvent(tx, {
          orderId,
          kind: 'return_requested',
          message: `Return requested: ${reason}. We will arrange a pickup within 2 working days.`,
          actorRole: 'customer',
          actorUserId: userId,
        });
        return detail(tx, updated);
      });
    },

    /**
     * Hands a vendor's items to a courier (one shipment per vendor). The order is `shipped` once
     * every vendor's items are, and `processing` while some are.
     */
    async ship(
      orderId: string,
      input: { carrier: string; trackingNumber: string; trackingUrl?: string; vendorId?: string },
      actor: Actor,
    ): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'placed' && order.status !== 'processing') {
          throw new AppError(
            'CONFLICT',
            order.status === 'pending_payment'
              ? 'This order is not paid yet.'
              : `An order that is ${order.status.replace('_', ' ')} cannot be shipped.`,
          );
        }
        const items = await repo.itemsOf(tx, [orderId]);
        const shipped = new Set((await repo.shipmentsOf(tx, orderId)).map((s) => s.vendorId));
        const waiting = [...new Set(items.map((i) => i.vendorId))].filter((v) => !shipped.has(v));
        const vendorId = input.vendorId ?? (waiting.length === 1 ? waiting[0] : undefined);
        if (!vendorId || !waiting.includes(vendorId)) {
          throw new AppError('VALIDATION', 'Choose which seller’s items are shipped.', {
            fields: { vendorId: 'Choose a seller of this order whose items have not shipped yet' },
          });
        }
        await repo.insertShipment(tx, {
          id: newId('shp'),
          orderId,
          vendorId,
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl ?? null,
        });
        const seller = items.find((i) => i.vendorId === vendorId)!.sellerName;
        const all = waiting.length === 1;
        const updated = await repo.updateOrder(tx, orderId, { status: all ? 'shipped' : 'processing' });
        await repo.addEvent(tx, {
          orderId,
          kind: all ? 'shipped' : 'shipment',
          message: `${seller} shipped ${all && shipped.size === 0 ? 'the order' : 'their items'} with ${input.carrier}, tracking number ${input.trackingNumber}.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        if (all) {
          await sendOrderMail(tx, updated, 'order_shipped', {
            address: mailAddress(updated.address),
            carrier: input.carrier,
            trackingNumber: input.trackingNumber,
            ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
            ...(updated.expectedBy ? { expectedBy: dayOf(new Date(`${updated.expectedBy}T12:00:00+05:30`)) } : {}),
          });
        }
        return detail(tx, updated);
      });
    },

    /** The courier delivered: a cash-on-delivery payment is collected at this moment. */
    async deliver(orderId: string, actor: Actor, now = new Date()): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'shipped') throw new AppError('CONFLICT', 'Only a shipped order can be marked delivered.');
        await repo.deliverShipments(tx, orderId, now);
        const payment = (await repo.paymentOf(tx, orderId, true))!;
        if (payment.provider === 'cod' && payment.status === 'created') {
          await repo.updatePayment(tx, payment.id, { status: 'captured', capturedAt: now, paidWith: 'cod' });
        }
        const updated = await repo.updateOrder(tx, orderId, { status: 'delivered', deliveredAt: now });
        await repo.addEvent(tx, {
          orderId,
          kind: 'delivered',
          message: payment.provider === 'cod' ? `Delivered; ${formatPaise(order.totalPaise)} collected in cash.` : 'Delivered.',
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        await sendOrderMail(tx, updated, 'order_delivered', { deliveredOn: dayOf(now) });
        return detail(tx, updated);
      });
    },

    /** The returned items arrived and were checked: they go back into stock. */
    async receiveReturn(orderId: string, actor: Actor): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'return_requested') throw new AppError('CONFLICT', 'Only an order with a return requested can be received back.');
        await repo.returnStock(tx, orderId);
        const updated = await repo.updateOrder(tx, orderId, { status: 'returned' });
        await repo.addEvent(tx, {
          orderId,
          kind: 'returned',
          message: 'Return received and checked; the items are back in stock. Your refund follows.',
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        return detail(tx, updated);
      });
    },

    /**
     * Refunds a returned order in full: through the provider for online payments, by bank transfer
     * for cash on delivery (recorded here, paid by the shop's bank).
     */
    async refundReturn(orderId: string, actor: Actor): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        if (order.status !== 'returned') throw new AppError('CONFLICT', 'Only a returned order can be refunded.');
        const payment = (await repo.paymentOf(tx, orderId, true))!;
        const amount = payment.amountPaise - payment.amountRefundedPaise;
        if (payment.status !== 'captured' || amount <= 0) throw new AppError('CONFLICT', 'This order has no payment left to refund.');
        let providerRefundId: string | null = null;
        let status: 'processed' | 'pending' = 'processed';
        let how = 'by bank transfer to the account you gave us';
        if (payment.provider !== 'cod' && payment.providerPaymentId) {
          const refund = await viaProvider('refund the payment', () =>
            provider.refund(payment.providerPaymentId!, { amountPaise: amount, notes: { order: order.orderNumber, reason: 'return' } }),
          );
          providerRefundId = refund.id;
          status = refund.status === 'processed' ? 'processed' : 'pending';
          how = `to your ${PAYMENT_METHOD_LABELS[(payment.paidWith ?? payment.method) as PaymentMethod] ?? payment.method}`;
        }
        await repo.insertRefund(tx, { id: newId('rfd'), paymentId: payment.id, orderId, providerRefundId, amountPaise: amount, status, reason: 'Order returned' });
        await repo.updatePayment(tx, payment.id, { status: 'refunded', amountRefundedPaise: payment.amountRefundedPaise + amount });
        const updated = await repo.updateOrder(tx, orderId, { status: 'refunded' });
        await repo.addEvent(tx, {
          orderId,
          kind: 'refunded',
          message: `Refund of ${formatPaise(amount)} issued ${how}.`,
          actorRole: actor.role,
          actorUserId: actor.userId,
        });
        await sendOrderMail(tx, updated, 'order_refunded', { refundPaise: amount, how });
        return detail(tx, updated);
      });
    },

    /**
     * Cancels unpaid orders whose time to pay has run out and gives their stock and coupons back.
     * Rows are claimed with SKIP LOCKED, so several workers never cancel the same order twice.
     */
    async expireUnpaid(now = new Date(), limit = 50): Promise<number> {
      return db.transaction(async (tx) => {
        const overdue = await repo.claimOverdueOrders(tx, now, limit);
        for (const order of overdue) {
          await cancelLocked(
            tx,
            order,
            'Payment was not completed in time',
            { role: 'system', userId: null },
            'Cancelled: the payment was not completed in time. The items are back on sale.',
          );
        }
        return overdue.length;
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
