import type { OrderStatus, PaymentMethod, PaymentStatusName } from '~/shared/orders';
import type { OrderDetail, OrdersResponse } from '~/shared/schemas/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { PaymentsService } from '../payments/payments.service';
import { createAdminOrders } from './orders.admin.service';
import { createOrderSteps } from './order-steps';
import type { SettingsService } from '../settings/settings.service';
import type { InvoiceShop } from '../documents/pdf-layout';
import { createOrderRecord } from './order-record';
import { createOrderTimeline } from './order-timeline';
import { ORDER_NOT_FOUND } from './order-rules';
import { createOrderMail, orderDetail, type OrderViewDeps, type ReturnReads } from './order-views';
import * as repo from './orders.repo';
import { type EwayBillReadsForOrders, createVendorOrders } from './orders.vendor.service';

export { ORDER_NOT_FOUND } from './order-rules';

export interface OrdersServiceDeps {
  db: Database;
  /** Reads only: an order's payment (locked in a flow's transaction), its refunds, the statuses of a page of orders. */
  payments: Pick<PaymentsService, 'of' | 'refundsOf' | 'statusesOf'>;
  mailService: MailService;
  publicUrl: string;
  /** The shop's settings: who issued an order's invoice when the order kept none. */
  settings: Pick<SettingsService, 'current'>;
  /** Admins' and vendors' order steps are recorded here too. */
  audit: Pick<AuditService, 'record' | 'gather'>;
  /** What the returns module publishes to the orders' pages: credit notes and return photos (decision 67). */
  returns: ReturnReads;
  /** Opens and seals the bank accounts customers give for cash-on-delivery refunds (decision 52). */
  sealer: Sealer;
  /** What the e-way bills publish to the seller's orders: which parcels still need one, a parcel's live bill (decision 75). */
  ewayBills?: EwayBillReadsForOrders;
  /** What the e-invoices publish to the orders: a business's invoice's and credit notes' registrations (decision 76). */
  einvoices?: OrderViewDeps['einvoices'];
}

/**
 * Orders once placed (the checkout prices and drafts them; the flow `place-order` writes them through
 * `record`): the customer's, the admin's and each vendor's views of orders. It writes the orders' tables
 * only; what also moves stock, coupons, money, shipments, the vendor ledger or the returns' rows (placing,
 * paying, cancelling, packing, shipping, delivering, asking for a return, receiving and refunding) is a flow
 * (src/server/flows, decision 62) over `record` and `steps`. The returns module (credit notes, return
 * photos, refund accounts) stands above the orders and writes the order through `steps` too (decision 67).
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, payments, returns, mailService, publicUrl, sealer, einvoices } = deps;
  const views = { payments, returns, sealer, einvoices };

  const mail = createOrderMail({ mailService, publicUrl });
  const timeline = createOrderTimeline(deps.audit);
  const steps = createOrderSteps({ payments, returns, sealer, einvoices, mail, timeline });
  const record = createOrderRecord({ payments, returns, sealer, einvoices, mail });
  const admin = createAdminOrders({ db, payments, returns, sealer, einvoices });

  const vendorOrders = createVendorOrders({ db, payments, returns, ...(deps.ewayBills ? { ewayBills: deps.ewayBills } : {}) });

  return {
    /** The back office: every order, one order with what may be done to it, cancelling and refunding lines. */
    admin,

    /** The orders' own reads and writes of placing an order, for the checkout and the flow that places it (flows/place-order.ts). */
    record,

    /** The orders' own steps of the other flows (cancel, pay, deliver, ask for, receive and refund a return, refund lines) and of the returns module. */
    steps,

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

    /** Whether the customer ordered the product (not cancelled) and whether it reached them: the reviews' rule. */
    purchaseState: (userId: string, productId: string) => repo.purchaseState(db, userId, productId),

    ...vendorOrders,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
