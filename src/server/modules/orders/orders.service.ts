import { deliveryWindow, deliveryZone } from '~/shared/delivery';
import { EMI_MIN_AMOUNT_PAISE } from '~/shared/emi';
import { formatPaise } from '~/shared/money';
import { CUSTOMER_CANCELLABLE, PAYMENT_METHOD_LABELS, type OrderStatus, type PaymentMethod, type PaymentStatusName } from '~/shared/orders';
import { orderTotalsOf, PricingError, type CouponRule, type PricedOrder } from '~/shared/pricing';
import type { CouponSummary } from '~/shared/schemas/coupons';
import type { OrderDetail, OrdersResponse, PlaceOrderInput, PlaceOrderResponse } from '~/shared/schemas/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { findAddress } from '../addresses/addresses.repo';
import type { MailService } from '../mail/mail.service';
import type { PaymentProvider } from '../payments/provider';
import { createOrderFulfilment } from './order-fulfilment';
import { createOrderPayments } from './order-payments';
import { quoteOrder } from './order-quote';
import {
  codVerdict,
  couponRule,
  iso,
  lockedOrder,
  MAX_AWAITING_PAYMENT,
  ORDER_NOT_FOUND,
  priceLines,
  problemOf,
  readCart,
  requestHash,
  snapshotOf,
  viaProvider,
  type Actor,
  type LineProblem,
} from './order-rules';
import { createOrderMail, mailAddressOf, orderDetail } from './order-views';
import * as repo from './orders.repo';

export { MAX_AWAITING_PAYMENT, ORDER_NOT_FOUND } from './order-rules';

export interface OrdersServiceDeps {
  db: Database;
  provider: PaymentProvider;
  mailService: MailService;
  publicUrl: string;
  paymentTimeoutMinutes: number;
}

/**
 * Orders from checkout to delivery: pricing from the database, placing an order in one
 * transaction (coupon and stock taken last with conditional updates, an idempotency key per
 * customer), payments through the provider interface, cancellations with
 * refunds, returns, shipments, and expiring unpaid orders.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, provider, mailService, publicUrl } = deps;

  const mail = createOrderMail({ mailService, publicUrl });
  const payments = createOrderPayments({ db, provider, mail, publicUrl });
  const fulfilment = createOrderFulfilment({ db, provider, mail });

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
    await mail.send(tx, cancelled, 'order_cancelled', { reason, ...(refundPaise > 0 ? { refundPaise } : {}) });
    return cancelled;
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

    quote: (userId: string, input: Parameters<typeof quoteOrder>[2], now?: Date) => quoteOrder(db, userId, input, now),

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
          return { order: await orderDetail(tx, existing), paymentRequired: existing.status === 'pending_payment', replayed: true };
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
          const fields = Object.fromEntries(
            problems.map((p) => [`items.${input.items.findIndex((i) => i.productId === p.productId)}`, p.message]),
          );
          return new AppError('CONFLICT', `Your cart changed: ${problems.map((p) => p.message).join(' ')} Please review your cart.`, {
            fields,
          });
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
          priced = priceLines(lines, address.state, input.delivery, rule);
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
        await mail.send(tx, order, 'order_placed', { address: mailAddressOf(order.address), paymentMethod: how });
        const answer = await orderDetail(tx, order, now);

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
      return orderDetail(db, order);
    },

    ...payments,

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
        return orderDetail(tx, cancelled);
      });
    },

    ...fulfilment,

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
