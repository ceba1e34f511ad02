import {
  CUSTOMER_CANCELLABLE,
  invoiceNumberOf,
  returnDeadline,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatusName,
} from '~/shared/orders';
import type { DeliveryOption } from '~/shared/pricing';
import { maskBankAccount, type FullBankAccount } from '~/shared/schemas/bank-account';
import type { MailTemplate } from '~/shared/schemas/mail';
import type { ReturnPhoto } from '~/shared/schemas/return-photos';
import type { DocumentEInvoice } from '~/shared/schemas/einvoices';
import type { OrderDetail, ReturnCondition, ShipmentStatus } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema/orders';
import { iso } from '../../lib/dates';
import type { Sealer } from '../../lib/sealed';
import type { EnqueueMail, MailService } from '../mail/mail.service';
import type { MailTemplateData, OrderMailData } from '../mail/templates';
import type { EInvoiceReads } from '../einvoices/einvoice-reads';
import type { PaymentsService } from '../payments/payments.service';
import { refundAccountProblem, type CreditNoteRecord } from './order-rules';
import { REMOVED_ON_ERASURE } from './order-timeline';
import { serialHoldsOf, unitsOfLine } from './order-units';
import * as repo from './orders.repo';

/** A photo sent with a return request, as the orders' pages show it. */
export interface ReturnPhotoRecord {
  id: string;
  orderId: string;
  width: number;
  height: number;
}

export const toReturnPhoto = (row: Pick<ReturnPhotoRecord, 'id' | 'width' | 'height'>): ReturnPhoto => ({
  id: row.id,
  width: row.width,
  height: row.height,
});

/**
 * What the returns module publishes to the orders' pages (it stands above the orders and is built
 * after them; these reads are built before the orders' service, decision 67): an order's credit notes,
 * and the photos sent with its return, as its customer, the admins and a seller may see them.
 */
export interface ReturnReads {
  creditNotesOf(executor: Executor, orderId: string): Promise<CreditNoteRecord[]>;
  /** The photos attached to returns of these orders (what the customer and the admins see), oldest first. */
  attachedPhotosOf(executor: Executor, orderIds: readonly string[]): Promise<ReturnPhotoRecord[]>;
  /** The photos of returns of these orders a seller sees: only where its own items come back. */
  photosForVendor(executor: Executor, vendorId: string, orderIds: readonly string[]): Promise<ReturnPhotoRecord[]>;
}

/** The parts an order's detail is made of, as read from the database. */
export interface OrderParts {
  items: repo.ItemWithImage[];
  payment: Awaited<ReturnType<PaymentsService['of']>>;
  refunds: Awaited<ReturnType<PaymentsService['refundsOf']>>;
  parts: Awaited<ReturnType<typeof repo.detailParts>>;
  notes: CreditNoteRecord[];
  photos: ReturnPhotoRecord[];
}

/** What `orderDetail` reads with: the order's payment and refunds, its credit notes and return photos, and the key that opens its refund account. */
export interface OrderViewDeps {
  payments: Pick<PaymentsService, 'of' | 'refundsOf'>;
  returns: Pick<ReturnReads, 'creditNotesOf' | 'attachedPhotosOf'>;
  sealer: Sealer;
  /** What the e-invoices publish to the orders (decision 76): a business's documents' registrations. */
  einvoices?: Pick<EInvoiceReads, 'ofDocuments'>;
}

/**
 * The order as its customer (or an admin) sees it: lines, payment, refunds, shipments, timeline, actions.
 * `known`: parts the caller has just written or read in the same transaction (an order being placed),
 * so they are not read again.
 */
export async function orderDetail(
  { payments, returns, sealer, einvoices }: OrderViewDeps,
  tx: Executor,
  order: repo.OrderRow,
  now = new Date(),
  known: Partial<OrderParts> = {},
): Promise<OrderDetail> {
  const [items, pay, refunds, parts, notes, photos] = [
    known.items ?? (await repo.itemsOf(tx, [order.id])),
    known.payment ?? (await payments.of(tx, order.id)),
    known.refunds ?? (await payments.refundsOf(tx, order.id)),
    known.parts ?? (await repo.detailParts(tx, order.id)),
    known.notes ?? (await returns.creditNotesOf(tx, order.id)),
    // Only a return request's photos: one uploaded and not sent is its uploader's alone (decision 50).
    known.photos ?? (order.returnRequestedAt ? await returns.attachedPhotosOf(tx, [order.id]) : []),
  ];
  const status = order.status as OrderStatus;
  const deadline = returnDeadline(order.deliveredAt, order.returnWindowDays);
  const removed = (kind: string) => parts.events.some((e) => e.kind === kind);
  const refundAccount = refundAccountOf(sealer, order, maskBankAccount);
  const everPaid = pay.capturedAt !== null;
  // A cancelled order keeps the invoice it had (with its credit notes) once it was paid or confirmed.
  const confirmed = status !== 'pending_payment' && (status !== 'cancelled' || everPaid || notes.length > 0);
  const invoiceNumber = invoiceNumberOf(order.orderNumber);
  const registered =
    confirmed && order.business && einvoices ? await documentEInvoices(einvoices, tx, invoiceNumber, items, notes) : undefined;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    status,
    paymentMethod: order.paymentMethod as PaymentMethod,
    emiTenureMonths: order.emiTenureMonths,
    deliveryOption: order.deliveryOption as DeliveryOption,
    address: order.address,
    business: order.business ?? null,
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
      cancelledQuantity: i.cancelledQuantity,
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
      warrantyMonths: i.warrantyMonths,
      units: unitsOfLine(i, parts.units, parts.shipments.find(({ shipment }) => shipment.vendorId === i.vendorId)?.shipment.deliveredAt),
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
    refunds: refunds.map((r) => ({
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
      status: s.status as ShipmentStatus,
      shippedAt: s.shippedAt.toISOString(),
      deliveredAt: iso(s.deliveredAt),
      returnCondition: s.returnCondition as ReturnCondition | null,
      itemIds: items.filter((i) => i.vendorId === s.vendorId).map((i) => i.id),
    })),
    packings: parts.packings.map((p) => {
      const theirs = items.filter((i) => i.vendorId === p.vendorId);
      return { sellerName: theirs[0]?.sellerName ?? '', packedAt: p.packedAt.toISOString(), itemIds: theirs.map((i) => i.id) };
    }),
    timeline: parts.events.map((e) => ({
      kind: e.kind,
      message: e.message,
      actorRole: e.actorRole,
      createdAt: e.createdAt.toISOString(),
    })),
    cancelReason: order.cancelReason,
    returnReason: order.returnReason,
    serialHolds: serialHoldsOf(
      items,
      parts.shipments.map(({ shipment }) => shipment),
      parts.units,
    ),
    returnPhotos: photos.map(toReturnPhoto),
    returnPhotosRemoved: photos.length === 0 && removed(REMOVED_ON_ERASURE.returnPhotos),
    deliveredAt: iso(order.deliveredAt),
    actions: {
      canPay: status === 'pending_payment' && order.paymentMethod !== 'cod' && order.paymentDueAt !== null && order.paymentDueAt > now,
      canCancel: CUSTOMER_CANCELLABLE.includes(status) && parts.shipments.length === 0,
      canRequestReturn: status === 'delivered' && deadline !== null && now <= deadline,
      returnDeadline: iso(deadline),
      canGiveRefundAccount: refundAccountProblem(order, pay) === null,
    },
    refundAccount,
    // An admin may record another account later (a refund of a delivered order): then it is that one.
    refundAccountRemoved: refundAccount === null && removed(REMOVED_ON_ERASURE.refundAccount),
    // Issued when the order is confirmed: on payment, or at placement for cash on delivery (the invoice
    // travels in the box; collecting the cash later does not re-date it).
    invoice: confirmed
      ? {
          number: invoiceNumber,
          date: (order.paymentMethod === 'cod' ? order.orderDate : (pay.capturedAt ?? order.orderDate)).toISOString(),
          ...(registered ? { eInvoices: registered.of(invoiceNumber, items) } : {}),
        }
      : null,
    creditNotes: notes.map((n) => ({
      number: n.number,
      date: n.createdAt.toISOString(),
      reason: n.reason,
      lines: n.lines,
      shippingPaise: n.shippingPaise,
      taxablePaise: n.taxablePaise,
      gstPaise: n.gstPaise,
      totalPaise: n.totalPaise,
      ...(registered
        ? {
            eInvoices: registered.of(
              n.number,
              items.filter((i) => n.lines.some((l) => l.itemId === i.id)),
            ),
          }
        : {}),
    })),
  };
}

/**
 * A business's invoice and credit notes as their e-invoices stand (decision 76): each seller of the
 * document with a GSTIN is its supplier, and its registration (asked for when the document was issued,
 * when the seller e-invoices) is looked up by the IRP's key — supplier GSTIN, type and number.
 * `of(number, lines)` lists a document's registrations, one per seller that has one.
 */
async function documentEInvoices(
  einvoices: NonNullable<OrderViewDeps['einvoices']>,
  tx: Executor,
  invoiceNumber: string,
  items: readonly repo.OrderItemRow[],
  notes: readonly CreditNoteRecord[],
) {
  const gstins = (lines: readonly repo.OrderItemRow[]) => [...new Set(lines.flatMap((i) => (i.sellerGstin ? [i.sellerGstin] : [])))];
  const typeOf = (number: string) => (number === invoiceNumber ? ('INV' as const) : ('CRN' as const));
  const keys = [invoiceNumber, ...notes.map((n) => n.number)].flatMap((documentNumber) =>
    gstins(items).map((supplierGstin) => ({ supplierGstin, documentType: typeOf(documentNumber), documentNumber })),
  );
  const find = await einvoices.ofDocuments(tx, keys);
  return {
    of: (documentNumber: string, lines: readonly repo.OrderItemRow[]): DocumentEInvoice[] =>
      gstins(lines).flatMap((supplierGstin) => {
        const found = find({ supplierGstin, documentType: typeOf(documentNumber), documentNumber });
        if (!found) return [];
        const sellerName = lines.find((i) => i.sellerGstin === supplierGstin)!.sellerName;
        return [
          {
            sellerName,
            supplierGstin,
            status: found.status,
            irn: found.irn,
            ackNo: found.ackNo,
            ackDate: iso(found.ackDate),
            signedQrCode: found.signedQrCode,
          },
        ];
      }),
  };
}

/** The bank account the customer gave for a cash-on-delivery refund, as `view` shows it; null when none. */
export function refundAccountOf<T>(sealer: Sealer, order: repo.OrderRow, view: (account: FullBankAccount) => T): T | null {
  const account = repo.refundAccountOf(sealer, order);
  return account ? view(account) : null;
}

/** An order's address as the e-mail templates take it. */
export const mailAddressOf = (a: AddressSnapshot) => ({
  name: a.fullName,
  line1: a.line1,
  line2: a.line2 ?? undefined,
  city: a.city,
  state: a.state,
  pinCode: a.pinCode,
  mobile: a.mobile,
});

/** What an order e-mail needs that the caller may already hold (read in the same transaction). */
interface MailParts {
  items?: repo.ItemWithImage[];
  customer?: { name: string; email: string };
}

/** What an order's sellers are told about. */
type SellerNotice = 'new_order' | 'return_requested';
/** With a return: the customer's reason and how many photos came with it. */
interface SellerNoticeOptions {
  reason?: string;
  photoCount?: number;
  items?: repo.ItemWithImage[];
}

/** Order e-mails: the data every template shares, written to the outbox in the caller's transaction. */
export function createOrderMail(deps: { mailService: MailService; publicUrl: string }) {
  const { mailService, publicUrl } = deps;
  const orderUrl = (orderId: string) => new URL(`/order-details/${encodeURIComponent(orderId)}`, publicUrl).toString();

  async function mailData(tx: Executor, order: repo.OrderRow, known: MailParts): Promise<OrderMailData & { to: string }> {
    const items = known.items ?? (await repo.itemsOf(tx, [order.id]));
    const customer = known.customer ?? (await repo.customerOf(tx, order.id));
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

  /** An order e-mail to its customer. */
  async function customerMail<T extends MailTemplate>(
    tx: Executor,
    order: repo.OrderRow,
    template: T,
    extra: Omit<MailTemplateData[T], keyof OrderMailData>,
    known: MailParts,
  ): Promise<EnqueueMail<T>> {
    const { to, ...data } = await mailData(tx, order, known);
    return { to, toName: data.customerName, template, data: { ...data, ...extra } as MailTemplateData[T] };
  }

  /** An e-mail to each seller of the order (a new confirmed order, a return asked for), with only its own items. */
  async function sellerMails(
    tx: Executor,
    order: repo.OrderRow,
    kind: SellerNotice,
    options: SellerNoticeOptions,
  ): Promise<EnqueueMail<'vendor_order_update'>[]> {
    const { reason, photoCount } = options;
    const items = options.items ?? (await repo.itemsOf(tx, [order.id]));
    const sellers = await repo.sellerContacts(tx, [...new Set(items.map((i) => i.vendorId))]);
    return sellers.flatMap((seller) => {
      const lines = items
        .filter((i) => i.vendorId === seller.vendorId && i.quantity > i.cancelledQuantity)
        .map((i) => ({ name: i.name, quantity: i.quantity - i.cancelledQuantity }));
      if (lines.length === 0) return [];
      return {
        to: seller.email,
        toName: seller.name,
        template: 'vendor_order_update' as const,
        data: {
          sellerName: seller.businessName,
          kind,
          orderNumber: order.orderNumber,
          lines,
          shipTo: `${order.address.city} ${order.address.pinCode}`,
          ...(reason ? { reason } : {}),
          ...(photoCount ? { photoCount } : {}),
          ordersUrl: new URL(`/vendor/orders?q=${encodeURIComponent(order.orderNumber)}`, publicUrl).toString(),
        },
      };
    });
  }

  return {
    /** Writes an order e-mail to the outbox in the caller's transaction. */
    async send<T extends MailTemplate>(
      tx: Executor,
      order: repo.OrderRow,
      template: T,
      extra: Omit<MailTemplateData[T], keyof OrderMailData>,
      known: MailParts = {},
    ): Promise<void> {
      await mailService.enqueue(tx, await customerMail(tx, order, template, extra, known));
    },

    /** Tells each seller of the order about it (a new confirmed order, a return asked for), with only its own items. */
    async notifySellers(tx: Executor, order: repo.OrderRow, kind: SellerNotice, options: SellerNoticeOptions = {}) {
      await mailService.enqueueMany(tx, await sellerMails(tx, order, kind, options));
    },

    /**
     * An order e-mail to its customer and a `kind` notice to each of its sellers (an order placed with
     * cash on delivery, an order paid), written together.
     */
    async sendWithSellers<T extends MailTemplate>(
      tx: Executor,
      order: repo.OrderRow,
      template: T,
      extra: Omit<MailTemplateData[T], keyof OrderMailData>,
      kind: SellerNotice,
      known: MailParts = {},
    ): Promise<void> {
      const items = known.items ?? (await repo.itemsOf(tx, [order.id]));
      const customer = await customerMail(tx, order, template, extra, { ...known, items });
      const sellers = await sellerMails(tx, order, kind, { items });
      await mailService.enqueueMany(tx, [customer, ...sellers]);
    },
  };
}

export type OrderMail = ReturnType<typeof createOrderMail>;
