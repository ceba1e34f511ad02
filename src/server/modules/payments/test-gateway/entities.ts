import type { OrderEntity, PaymentEntity, RefundEntity } from '../razorpay-entities';
import type { GatewayOrderRow, GatewayPaymentRow, GatewayRefundRow } from './test-gateway.repo';

/** The gateway's rows as Razorpay's JSON entities: what its webhooks carry. */

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export const TEST_ACCOUNT_ID = 'acc_SahyadriTest01';

export function orderEntity(o: GatewayOrderRow): OrderEntity {
  const paid = o.status === 'paid' ? o.amountPaise : 0;
  return {
    id: o.id,
    entity: 'order',
    amount: o.amountPaise,
    amount_paid: paid,
    amount_due: o.amountPaise - paid,
    currency: o.currency,
    receipt: o.receipt,
    offer_id: null,
    status: o.status as OrderEntity['status'],
    attempts: o.attempts,
    notes: o.notes,
    created_at: unix(o.createdAt),
  } as OrderEntity;
}

export function paymentEntity(p: GatewayPaymentRow): PaymentEntity {
  const refundStatus = p.amountRefundedPaise === 0 ? null : p.amountRefundedPaise === p.amountPaise ? 'full' : 'partial';
  const d = p.details;
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amountPaise,
    currency: 'INR',
    status: p.status as PaymentEntity['status'],
    order_id: p.orderId,
    invoice_id: null,
    international: false,
    method: p.method,
    amount_refunded: p.amountRefundedPaise,
    refund_status: refundStatus,
    captured: p.capturedAt !== null,
    description: null,
    card_id: null,
    bank: typeof d.bank === 'string' ? d.bank : null,
    wallet: null,
    vpa: typeof d.vpa === 'string' ? d.vpa : null,
    email: 'void@razorpay.com',
    contact: '+919000090000',
    notes: [],
    fee: null,
    tax: null,
    error_code: p.errorCode,
    error_description: p.errorDescription,
    error_source: p.errorCode ? 'bank' : null,
    error_step: p.errorCode ? 'payment_authorization' : null,
    error_reason: typeof d.errorReason === 'string' ? d.errorReason : null,
    created_at: unix(p.createdAt),
  } as PaymentEntity;
}

export function refundEntity(r: GatewayRefundRow): RefundEntity {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amountPaise,
    currency: 'INR',
    payment_id: r.paymentId,
    notes: r.notes,
    receipt: null,
    status: r.status as RefundEntity['status'],
    speed_processed: 'normal',
    created_at: unix(r.createdAt),
  } as RefundEntity;
}

/** A webhook body exactly as Razorpay sends one. */
export function eventBody(event: string, payload: Record<string, unknown>, now = new Date()): string {
  const wrapped = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }]));
  return JSON.stringify({
    entity: 'event',
    account_id: TEST_ACCOUNT_ID,
    event,
    contains: Object.keys(payload),
    payload: wrapped,
    created_at: unix(now),
  });
}
