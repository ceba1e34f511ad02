import { formatPaise } from '~/shared/money';
import { CUSTOMER_CANCELLABLE, inThirdPerson, type OrderStatus, type PaymentMethod, type PaymentStatusName } from '~/shared/orders';
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
import type { AuditService } from '../audit/audit.service';
import type { PaymentRow, PaymentsService } from '../payments/payments.service';
import type { PayoutsService } from '../payouts/payouts.service';
import * as adminRepo from './orders.admin.repo';
import type { OrderOperations } from './order-operations';
import { withoutOrderNumber } from './order-timeline';
import { creditedUnits, refundAccountProblem, shippingCredited, unitsLeftOf, type Actor } from './order-rules';
import { orderDetail } from './order-views';
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
  notes: readonly repo.CreditNoteRow[],
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
  notes: readonly repo.CreditNoteRow[],
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
 * the admin's own steps — cancelling (the whole order or chosen lines, before they ship) and
 * refunding chosen lines after they shipped. Each runs the order's named operations (timeline,
 * credit note, refund through the payments module) in one transaction with the order row locked,
 * and is written to the audit log with the values before and after.
 */
export function createAdminOrders(deps: {
  db: Database;
  payments: PaymentsService;
  operations: OrderOperations;
  payouts: Pick<PayoutsService, 'refundUnits'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
  sealer: Sealer;
}) {
  const { db, payments, operations, payouts, audit, sealer } = deps;

  async function view(tx: Executor, order: repo.OrderRow): Promise<AdminOrderResponse> {
    const [detail, items, shipmentRows, payment, notes, late] = [
      await orderDetail({ payments, sealer }, tx, order),
      await repo.itemsOf(tx, [order.id]),
      await repo.shipmentsOf(tx, order.id),
      await payments.of(tx, order.id),
      await repo.creditNotesOf(tx, order.id),
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
     * Cancels the whole order (before anything shipped: stock and coupon back, a paid order refunded
     * in full) or the chosen lines of sellers who have not shipped (stock back, their price refunded,
     * or collected less on delivery), with the reason on the timeline and a credit note.
     */
    async cancel(orderId: string, input: AdminCancelOrder, actor: Actor): Promise<AdminOrderResponse> {
      await db.transaction(async (tx) => {
        const order = await locked(tx, orderId);
        const before = { status: order.status };
        const shipmentRows = await repo.shipmentsOf(tx, orderId);
        if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order has been cancelled already.');
        const items = await repo.itemsOf(tx, [orderId]);
        // One cancellation is one audit entry: its steps (the cancellation, a credit note, a refund) record themselves, held here.
        const { result: after, held } = await audit.gather(tx, async () => {
          if (!input.lines) {
            if (!CUSTOMER_CANCELLABLE.includes(order.status as OrderStatus) || shipmentRows.length > 0) {
              throw new AppError(
                'CONFLICT',
                shipmentRows.length > 0
                  ? 'Items of this order have shipped: cancel the items not shipped yet, or refund the shipped ones.'
                  : `An order that is ${order.status.replace('_', ' ')} cannot be cancelled.`,
              );
            }
            return operations.cancel(tx, order, { reason: input.reason, actor, message: `Cancelled by the shop: ${input.reason}` });
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
          return operations.cancelLines(tx, order, { lines: input.lines, reason: input.reason, actor, sellerName: 'The shop' });
        });
        await audit.record(tx, {
          action: input.lines ? 'order.cancel_lines' : 'order.cancel',
          entityType: 'order',
          entityId: orderId,
          summary: `Order ${order.orderNumber}: ${input.lines ? 'items' : 'order'} cancelled by an admin: ${input.reason}`,
          before,
          after: {
            status: after.status,
            reason: input.reason,
            ...(input.lines ? { lines: input.lines.map((l) => ({ ...l, name: items.find((i) => i.id === l.itemId)?.name ?? null })) } : {}),
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId: actor.userId, role: actor.role },
        });
      });
      return get(orderId);
    },

    /**
     * Refunds the chosen units of lines that have shipped: their price after their share of any
     * coupon, through the provider (cash on delivery already collected: a bank transfer the admin
     * made, recorded with its reference), with a credit note against the invoice and the customer's
     * e-mail. Delivered units come off their seller's ledger in the same transaction (before it is
     * paid out, or from its next payout). With `includeDelivery` the delivery charge goes back too
     * (or alone): the shop's own, it touches no seller's ledger. A unit, and the delivery charge, is
     * refunded once: the order row is locked and what was credited before is subtracted. When
     * nothing of the order is left to the customer the order is refunded (decision 53).
     */
    async refundLines(orderId: string, input: AdminRefundLines, actor: Actor): Promise<AdminOrderResponse> {
      distinctLines(input.lines);
      await db.transaction(async (tx) => {
        const order = await locked(tx, orderId);
        const payment = await payments.of(tx, orderId, { lock: true });
        const [items, shipmentRows, notes] = [
          await repo.itemsOf(tx, [orderId]),
          await repo.shipmentsOf(tx, orderId),
          await repo.creditNotesOf(tx, orderId),
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
        // The seller is owed less for exactly these units (a line with none left leaves the ledger), then the money goes back.
        // The delivery charge is the shop's own (decision 19): no seller's ledger carries it (decision 53).
        const ledger =
          input.lines.length > 0
            ? await payouts.refundUnits(
                tx,
                input.lines.map((l) => ({
                  orderItemId: l.itemId,
                  quantity: l.quantity,
                  itemName: items.find((i) => i.id === l.itemId)!.name,
                })),
              )
            : [];
        // One refund is one audit entry: the credit note's and the money's steps record themselves, held here.
        const {
          result: { note, refund, order: after },
          held,
        } = await audit.gather(tx, () =>
          operations.refundLines(tx, order, {
            payment,
            lines: input.lines,
            withShipping: input.includeDelivery === true,
            reason: input.reason,
            actor,
            ...(cod ? { bankReference: input.bankReference } : {}),
          }),
        );
        const named = (itemId: string) => items.find((i) => i.id === itemId)!.name;
        await audit.record(tx, {
          action: 'order.refund_lines',
          entityType: 'order',
          entityId: orderId,
          summary: `Order ${order.orderNumber}: ${formatPaise(refund.amountPaise)} refunded by an admin ${inThirdPerson(refund.how)}${cod ? ` (bank transfer ${input.bankReference})` : ''}: ${input.reason}`,
          before: { status: order.status, amountRefundedPaise: payment.amountRefundedPaise },
          after: {
            status: after.status,
            amountRefundedPaise: payment.amountRefundedPaise + refund.amountPaise,
            lines: input.lines.map((l) => ({ itemId: l.itemId, name: named(l.itemId), quantity: l.quantity })),
            deliveryPaise: input.includeDelivery ? order.shippingPaise : 0,
            creditNote: note?.number ?? null,
            sellerLedger: ledger.map((l) => ({
              itemId: l.orderItemId,
              name: named(l.orderItemId),
              quantity: l.quantity,
              netPaise: l.netPaise,
              how: l.how,
            })),
            ...(cod ? { bankReference: input.bankReference } : {}),
            steps: held.map((h) => withoutOrderNumber(h.summary, order.orderNumber)),
          },
          actor: { userId: actor.userId, role: actor.role },
        });
      });
      return get(orderId);
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
