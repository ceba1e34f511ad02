import { CUSTOMER_CANCELLABLE, type OrderStatus, type PaymentMethod, type PaymentStatusName } from '~/shared/orders';
import type {
  AdminCancelOrder,
  AdminOrderControls,
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefundLines,
} from '~/shared/schemas/admin-orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import type { FullBankAccount } from '~/shared/schemas/bank-account';
import type { PaymentRow, PaymentsService } from '../payments/payments.service';
import * as adminRepo from './orders.admin.repo';
import { creditedUnits, refundAccountProblem, shippingCredited, unitsLeftOf, type CreditNoteRecord } from './order-rules';
import { orderDetail, type OrderViewDeps } from './order-views';
import * as repo from './orders.repo';

const ADMIN_ORDER_NOT_FOUND = 'There is no order with this id.';
/** Statuses in which sellers still ship items of an order (and unshipped items can be cancelled). */
const SHIPPABLE: readonly string[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];
const PAID: readonly string[] = ['captured', 'partially_refunded'];

type Line = { itemId: string; quantity: number };

/** What the admin may do to the order now: the rules the operations below enforce, for the screen. */
function controlsOf(
  order: repo.OrderRow,
  items: readonly repo.OrderItemRow[],
  shipmentRows: readonly repo.ShipmentRow[],
  payment: PaymentRow,
  notes: readonly CreditNoteRecord[],
  late: boolean,
  refundAccount: FullBankAccount | null,
): AdminOrderControls {
  const status = order.status;
  const shipmentOf = new Map(shipmentRows.map((s) => [s.vendorId, s]));
  const credited = creditedUnits(notes);
  const paid = PAID.includes(payment.status) && payment.amountPaise > payment.amountRefundedPaise;
  const vendorIds = [...new Set(items.map((i) => i.vendorId))];
  const sellers = vendorIds.map((vendorId) => {
    const mine = items.filter((i) => i.vendorId === vendorId);
    return {
      vendorId,
      name: mine[0]!.sellerName,
      shipment: (shipmentOf.get(vendorId)?.status ?? null) as AdminOrderControls['sellers'][number]['shipment'],
      hasOpenItems: mine.some((i) => i.quantity > i.cancelledQuantity),
    };
  });
  const lines = items.map((i) => {
    const shipped = shipmentOf.has(i.vendorId);
    return {
      itemId: i.id,
      vendorId: i.vendorId,
      cancellable: !shipped && SHIPPABLE.includes(status) ? i.quantity - i.cancelledQuantity : 0,
      refundable: shipped && paid ? Math.max(0, i.quantity - Math.max(i.cancelledQuantity, credited.get(i.id) ?? 0)) : 0,
    };
  });
  const deliveryPaid = paid && payment.amountPaise - payment.amountRefundedPaise >= order.shippingPaise;
  const refundableDeliveryPaise = deliveryPaid && deliveryRefundProblem(order, shipmentRows, notes) === null ? order.shippingPaise : 0;
  const refundableUnits = lines.reduce((n, l) => n + l.refundable, 0);
  return {
    customerId: order.userId,
    late,
    sellers,
    lines,
    can: {
      ship: SHIPPABLE.includes(status) && sellers.some((s) => s.hasOpenItems && s.shipment === null),
      deliver: status === 'shipped' || status === 'partly_delivered',
      receiveReturn: status === 'return_requested',
      refundReturn: status === 'returned' && payment.status === 'captured' && payment.amountPaise > payment.amountRefundedPaise,
      cancel: CUSTOMER_CANCELLABLE.includes(status as OrderStatus) && shipmentRows.length === 0,
      cancelLines: lines.some((l) => l.cancellable > 0),
      refundLines: refundableUnits > 0 || refundableDeliveryPaise > 0,
    },
    refundableDeliveryPaise,
    refundsCoverOrder: refundableUnits === unitsLeftOf(items, notes),
    refundByBankTransfer: payment.provider === 'cod',
    refundAccount: payment.provider === 'cod' ? refundAccount : null,
    canRecordRefundAccount: refundAccountProblem(order, payment, 'admin') === null,
  };
}

/**
 * Why the delivery charge may not be refunded, whatever the payment: it was not charged, a credit
 * note gave it back already (a cancellation, "Refund in full" or an earlier refund), or nothing of
 * the order has shipped (cancelling the order gives it back then). Null when it may.
 */
function deliveryRefundProblem(
  order: repo.OrderRow,
  shipmentRows: readonly repo.ShipmentRow[],
  notes: readonly CreditNoteRecord[],
): string | null {
  if (order.shippingPaise <= 0) return 'No delivery charge was paid for this order, so there is none to refund.';
  if (shippingCredited(notes)) return 'The delivery charge of this order has been refunded already.';
  if (shipmentRows.length === 0) return 'Nothing of this order has shipped: cancel the order to give the delivery charge back.';
  return null;
}

/** A line named twice would be counted twice: each line once, please. */
function distinctLines(lines: readonly Line[]): void {
  if (new Set(lines.map((l) => l.itemId)).size !== lines.length) {
    throw new AppError('VALIDATION', 'Each item may be chosen once.', { fields: { lines: 'Each item may be chosen once' } });
  }
}

/**
 * The back office's orders: every order of every vendor, one order with what may be done to it, and
 * the rules of the admin's own steps — cancelling (the whole order or chosen lines, before they ship)
 * and refunding chosen lines after they shipped — which the flows `cancel-order` and
 * `refund-order-lines` check here, under the order's row lock, before they run them.
 */
export function createAdminOrders(deps: {
  db: Database;
  payments: Pick<PaymentsService, 'of' | 'refundsOf' | 'statusesOf'>;
  returns: OrderViewDeps['returns'];
  sealer: Sealer;
  einvoices?: OrderViewDeps['einvoices'];
}) {
  const { db, payments, returns, sealer, einvoices } = deps;

  async function view(tx: Executor, order: repo.OrderRow): Promise<AdminOrderResponse> {
    const [detail, items, shipmentRows, payment, notes, late] = [
      await orderDetail({ payments, returns, sealer, einvoices }, tx, order),
      await repo.itemsOf(tx, [order.id]),
      await repo.shipmentsOf(tx, order.id),
      await payments.of(tx, order.id),
      await returns.creditNotesOf(tx, order.id),
      await adminRepo.isLate(tx, order.id),
    ];
    return { order: detail, controls: controlsOf(order, items, shipmentRows, payment, notes, late, repo.refundAccountOf(sealer, order)) };
  }

  async function get(orderId: string): Promise<AdminOrderResponse> {
    const order = await repo.findOrder(db, orderId);
    if (!order) throw new AppError('NOT_FOUND', ADMIN_ORDER_NOT_FOUND);
    return view(db, order);
  }

  async function locked(tx: Executor, orderId: string): Promise<repo.OrderRow> {
    const order = await repo.findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw new AppError('NOT_FOUND', ADMIN_ORDER_NOT_FOUND);
    return order;
  }

  return {
    /** One page of every order, with its customer, sellers, tracking numbers and whether it is late to ship. */
    async list(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
      if (query.from && query.to && query.from > query.to) {
        throw new AppError('VALIDATION', 'The first day must not be after the last.', { fields: { to: 'Choose a day on or after From' } });
      }
      const { rows, total, capped } = await adminRepo.listAdminOrders(db, query);
      const statuses = await payments.statusesOf(rows.map((r) => r.order.id));
      return {
        total,
        totalCapped: capped,
        page: query.page,
        pageSize: query.pageSize,
        items: rows.map(({ order, customerName, customerEmail, late, units, sellers, trackingNumbers }) => {
          return {
            id: order.id,
            orderNumber: order.orderNumber,
            orderDate: order.orderDate.toISOString(),
            status: order.status as OrderStatus,
            paymentMethod: order.paymentMethod as PaymentMethod,
            paymentStatus: statuses.get(order.id) as PaymentStatusName,
            customer: { id: order.userId, name: customerName, email: customerEmail },
            shipTo: { city: order.address.city, state: order.address.state, pinCode: order.address.pinCode },
            totalPaise: order.totalPaise,
            itemCount: units,
            sellers: [...sellers].sort(),
            trackingNumbers,
            late,
          };
        }),
      };
    },

    get,

    /** Every seller, for the list's seller filter. */
    sellers: async () => ({ sellers: await adminRepo.sellers(db) }),

    /**
     * The order locked for the admin's cancellation, with its lines, once the rules allow it: the whole
     * order before anything shipped, or lines of sellers who have not shipped (each line once).
     * The flow `cancel-order` cancels it.
     */
    async checkCancel(tx: Executor, orderId: string, input: AdminCancelOrder) {
      const order = await locked(tx, orderId);
      const shipmentRows = await repo.shipmentsOf(tx, orderId);
      if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order has been cancelled already.');
      const items = await repo.itemsOf(tx, [orderId]);
      if (!input.lines) {
        if (!CUSTOMER_CANCELLABLE.includes(order.status as OrderStatus) || shipmentRows.length > 0) {
          throw new AppError(
            'CONFLICT',
            shipmentRows.length > 0
              ? 'Items of this order have shipped: cancel the items not shipped yet, or refund the shipped ones.'
              : `An order that is ${order.status.replace('_', ' ')} cannot be cancelled.`,
          );
        }
        return { order, items };
      }
      distinctLines(input.lines);
      if (!SHIPPABLE.includes(order.status)) {
        throw new AppError('CONFLICT', `Items of an order that is ${order.status.replace('_', ' ')} cannot be cancelled.`);
      }
      const shipped = new Set(shipmentRows.map((s) => s.vendorId));
      const sent = input.lines.map((l) => items.find((i) => i.id === l.itemId)).find((i) => i && shipped.has(i.vendorId));
      if (sent) {
        const message = `${sent.name} has shipped: refund it instead of cancelling it.`;
        throw new AppError('VALIDATION', message, { fields: { lines: message } });
      }
      return { order, items };
    },

    distinctLines,

    /**
     * The order and its payment locked for the admin's refund of chosen units of shipped lines (and/or
     * the delivery charge), once the rules allow it: the payment has money left, a cash-on-delivery
     * refund names its bank transfer, each unit is refunded once. The flow `refund-order-lines` refunds.
     */
    async checkRefundLines(tx: Executor, orderId: string, input: AdminRefundLines) {
      const order = await locked(tx, orderId);
      const payment = await payments.of(tx, orderId, { lock: true });
      const [items, shipmentRows, notes] = [
        await repo.itemsOf(tx, [orderId]),
        await repo.shipmentsOf(tx, orderId),
        await returns.creditNotesOf(tx, orderId),
      ];
      // Asked before the payment's state, so the second of two refunds of it at once hears why.
      const deliveryProblem = input.includeDelivery ? deliveryRefundProblem(order, shipmentRows, notes) : null;
      if (deliveryProblem) throw new AppError('CONFLICT', deliveryProblem);
      if (!PAID.includes(payment.status) || payment.amountPaise <= payment.amountRefundedPaise) {
        throw new AppError(
          'CONFLICT',
          payment.provider === 'cod' && payment.status === 'created'
            ? 'The cash for this order has not been collected yet: there is nothing to refund.'
            : 'This order has no payment left to refund.',
        );
      }
      const cod = payment.provider === 'cod';
      if (cod && !input.bankReference) {
        throw new AppError('VALIDATION', 'Enter the reference of the bank transfer you made to the customer.', {
          fields: { bankReference: 'Enter the bank transfer reference (UTR)' },
        });
      }
      const controls = controlsOf(order, items, shipmentRows, payment, notes, false, repo.refundAccountOf(sealer, order));
      for (const line of input.lines) {
        const item = items.find((i) => i.id === line.itemId);
        const allowed = controls.lines.find((l) => l.itemId === line.itemId);
        if (!item || !allowed) {
          throw new AppError('VALIDATION', 'This item is not part of the order.', { fields: { lines: 'Choose items of this order' } });
        }
        if (!shipmentRows.some((s) => s.vendorId === item.vendorId)) {
          const message = `${item.name} has not shipped: cancel it instead of refunding it.`;
          throw new AppError('VALIDATION', message, { fields: { lines: message } });
        }
        if (allowed.refundable === 0) throw new AppError('CONFLICT', `${item.name} has been refunded already.`);
        if (line.quantity > allowed.refundable) {
          const message = `Refund between 1 and ${allowed.refundable} of ${item.name}.`;
          throw new AppError('VALIDATION', message, { fields: { lines: message } });
        }
      }
      return { order, payment, items, cod };
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
