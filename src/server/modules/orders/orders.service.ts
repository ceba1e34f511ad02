import { CUSTOMER_CANCELLABLE, type OrderStatus, type PaymentMethod, type PaymentStatusName } from '~/shared/orders';
import type { OrderDetail, OrdersResponse } from '~/shared/schemas/orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import type { AuditService } from '../audit/audit.service';
import type { InventoryService } from '../catalogue/inventory.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { MailService } from '../mail/mail.service';
import type { MediaService } from '../media/media.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PayoutsService } from '../payouts/payouts.service';
import { createAdminOrders } from './orders.admin.service';
import { createErasedCustomerData } from './erased-customer-data';
import { createOrderReturns } from './order-returns';
import { createOrderShipments } from './order-shipments';
import { createOrderOperations } from './order-operations';
import { createOrderPayments } from './order-payments';
import type { SettingsService } from '../settings/settings.service';
import type { InvoiceShop } from '../documents/pdf-layout';
import { createOrderRecord } from './order-record';
import { createOrderTimeline } from './order-timeline';
import { lockedOrder, ORDER_NOT_FOUND } from './order-rules';
import { createOrderMail, orderDetail } from './order-views';
import * as repo from './orders.repo';
import { createVendorOrders } from './orders.vendor.service';
import { createRefundAccounts } from './refund-account';
import { createReturnPhotos } from './return-photos';

export { ORDER_NOT_FOUND } from './order-rules';

export interface OrdersServiceDeps {
  db: Database;
  inventory: InventoryService;
  coupons: CouponsService;
  payments: PaymentsService;
  mailService: MailService;
  publicUrl: string;
  /** The shop's settings: who issued an order's invoice when the order kept none. */
  settings: Pick<SettingsService, 'current'>;
  /** The vendor ledger: delivered lines are recorded, refunded returns reversed. */
  payouts: PayoutsService;
  /** Admins' and vendors' order steps are recorded here too. */
  audit: Pick<AuditService, 'record' | 'gather'>;
  /** Where the photos sent with return requests are checked and kept (decision 50), and removed after commit (decision 55). */
  media: Pick<MediaService, 'storeReturnPhoto' | 'renditionOfStored' | 'discardStored' | 'discardAfterCommit'>;
  /** Whether a customer's account was erased (decision 26): what their orders keep for a refund goes once it is made. */
  isErased: (userId: string, executor: Executor) => Promise<boolean>;
  /** Opens and seals the bank accounts customers give for cash-on-delivery refunds (decision 52). */
  sealer: Sealer;
}

/**
 * Orders once placed (the checkout prices and drafts them; the flow `place-order` writes them through
 * `record`): payments through the payments module, cancellations with refunds, returns, shipments,
 * expiring unpaid orders, and each vendor's share of orders. Stock moves through the catalogue's
 * inventory, coupons through the coupons module, money through payments.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, payments, mailService, publicUrl, sealer } = deps;
  const views = { payments, sealer };

  const mail = createOrderMail({ mailService, publicUrl });
  const timeline = createOrderTimeline(deps.audit);
  const erased = createErasedCustomerData({ timeline, media: deps.media, isErased: deps.isErased, sealer });
  const operations = createOrderOperations({ inventory: deps.inventory, coupons: deps.coupons, payments, mail, timeline, erased });
  const record = createOrderRecord({ payments, sealer, mail });
  const orderPayments = createOrderPayments({ db, payments, operations, publicUrl });
  const fulfilmentDeps = { db, payments, operations, mail, payouts: deps.payouts, timeline, sealer, audit: deps.audit, erased };
  /** Shipments and delivery, then returns and their refunds. */
  const fulfilment = { ...createOrderShipments(fulfilmentDeps), ...createOrderReturns(fulfilmentDeps) };
  const admin = createAdminOrders({ db, payments, operations, payouts: deps.payouts, audit: deps.audit, sealer });
  const refundAccounts = createRefundAccounts({ db, payments, timeline, sealer });
  const returnPhotos = createReturnPhotos({ db, media: deps.media });

  const vendorOrders = createVendorOrders({ db, payments, operations, fulfilment, audit: deps.audit });

  return {
    /** The back office: every order, one order with what may be done to it, cancelling and refunding lines. */
    admin,

    /** Photos sent with return requests: uploaded by the customer, attached by the request, seen by whom the server decides. */
    returnPhotos,

    /**
     * For an account being erased (in the erasure's transaction): the refund bank accounts and return
     * photos of its orders go, but for returns still open, whose refund removes them (decision 55).
     */
    forgetReturnDataOf: erased.forgetOf,

    /** The orders' own reads and writes of placing an order, for the checkout and the flow that places it (flows/place-order.ts). */
    record,

    async list(userId: string, page: number, pageSize: number): Promise<OrdersResponse> {
      const { total, rows } = await repo.listOrders(db, userId, page, pageSize);
      const ids = rows.map((r) => r.id);
      const [items, paymentStatuses] = await Promise.all([repo.itemsOf(db, ids), payments.statusesOf(ids)]);
      return {
        total,
        page,
        pageSize,
        items: rows.map((order) => {
          const lines = items.filter((i) => i.orderId === order.id);
          return {
            id: order.id,
            orderNumber: order.orderNumber,
            orderDate: order.orderDate.toISOString(),
            status: order.status as OrderStatus,
            paymentMethod: order.paymentMethod as PaymentMethod,
            paymentStatus: paymentStatuses.get(order.id) as PaymentStatusName,
            totalPaise: order.totalPaise,
            itemCount: lines.reduce((n, l) => n + l.quantity, 0),
            items: lines.slice(0, 3).map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, image: l.image })),
            expectedBy: ['placed', 'processing', 'shipped', 'pending_payment'].includes(order.status) ? order.expectedBy : null,
          };
        }),
      };
    },

    /**
     * An order with who issues its invoice and credit notes: the shop as it was when the order was
     * placed (an order from before settings existed takes today's). NOT_FOUND for another customer's.
     */
    async withIssuer(orderId: string, userId?: string): Promise<{ order: OrderDetail; issuer: InvoiceShop }> {
      const row = await repo.findOrder(db, orderId, { userId });
      if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const { legalName, ...issuer } = row.invoiceIssuer ?? (await deps.settings.current()).invoice;
      return { order: await orderDetail(views, db, row), issuer: { ...issuer, legalName: legalName || undefined } };
    },

    /** One order; NOT_FOUND for another customer's (pass no userId for admins). */
    async get(orderId: string, userId?: string): Promise<OrderDetail> {
      const order = await repo.findOrder(db, orderId, { userId });
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      return orderDetail(views, db, order);
    },

    ...orderPayments,

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
        const cancelled = await operations.cancel(tx, order, {
          reason,
          actor: { role: 'customer', userId },
          message: `Cancelled by you: ${reason}`,
        });
        return orderDetail(views, tx, cancelled);
      });
    },

    ...fulfilment,

    ...refundAccounts,

    /**
     * Cancels unpaid orders whose time to pay has run out and gives their stock and coupons back.
     * Rows are claimed with SKIP LOCKED, so several workers never cancel the same order twice.
     */
    async expireUnpaid(now = new Date(), limit = 50): Promise<number> {
      return db.transaction(async (tx) => {
        const overdue = await repo.claimOverdueOrders(tx, now, limit);
        for (const order of overdue) {
          await operations.cancel(tx, order, {
            reason: 'Payment was not completed in time',
            actor: { role: 'system', userId: null },
            message: 'Cancelled: the payment was not completed in time. The items are back on sale.',
          });
        }
        return overdue.length;
      });
    },

    /** Whether the customer ordered the product (not cancelled) and whether it reached them: the reviews' rule. */
    purchaseState: (userId: string, productId: string) => repo.purchaseState(db, userId, productId),

    ...vendorOrders,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
