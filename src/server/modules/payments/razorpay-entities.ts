import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { WEBHOOK_EVENT_TYPES, type ProviderOrder, type ProviderPayment, type ProviderRefund, type WebhookEvent } from './provider';

/**
 * Razorpay's JSON entities (orders, payments, refunds, webhook events), as its API documents them.
 * Both providers speak them: Razorpay's answers and webhooks, and the test gateway's webhooks.
 */

// Razorpay sends empty notes as [] and other notes as an object.
const notesSchema = z
  .union([z.array(z.unknown()), z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))])
  .transform((v): Record<string, string> =>
    Array.isArray(v) ? {} : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x ?? '')])),
  )
  .optional()
  .default({});

export const orderEntitySchema = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  notes: notesSchema,
  created_at: z.number().int(),
});

export const paymentEntitySchema = z.object({
  id: z.string(),
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable(),
  method: z.string(),
  amount_refunded: z.number().int(),
  refund_status: z.enum(['partial', 'full']).nullable(),
  captured: z.boolean(),
  error_code: z.string().nullable(),
  error_description: z.string().nullable(),
  created_at: z.number().int(),
});

export const refundEntitySchema = z.object({
  id: z.string(),
  entity: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: z.string(),
  notes: notesSchema,
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: z.number().int(),
});

export type OrderEntity = z.input<typeof orderEntitySchema>;
export type PaymentEntity = z.input<typeof paymentEntitySchema>;
export type RefundEntity = z.input<typeof refundEntitySchema>;

const fromUnix = (seconds: number) => new Date(seconds * 1000);

export function toOrder(raw: unknown): ProviderOrder {
  const o = orderEntitySchema.parse(raw);
  return {
    id: o.id,
    amountPaise: o.amount,
    currency: o.currency,
    receipt: o.receipt,
    status: o.status,
    attempts: o.attempts,
    notes: o.notes,
  };
}

export function toPayment(raw: unknown): ProviderPayment {
  const p = paymentEntitySchema.parse(raw);
  return {
    id: p.id,
    orderId: p.order_id,
    amountPaise: p.amount,
    currency: p.currency,
    status: p.status,
    method: p.method,
    captured: p.captured,
    amountRefundedPaise: p.amount_refunded,
    refundStatus: p.refund_status,
    errorCode: p.error_code,
    errorDescription: p.error_description,
    createdAt: fromUnix(p.created_at),
  };
}

export function toRefund(raw: unknown): ProviderRefund {
  const r = refundEntitySchema.parse(raw);
  return {
    id: r.id,
    paymentId: r.payment_id,
    amountPaise: r.amount,
    currency: r.currency,
    status: r.status,
    notes: r.notes,
    createdAt: fromUnix(r.created_at),
  };
}

const wrapped = <T extends z.ZodType>(schema: T) => z.object({ entity: schema });

const eventSchema = z.object({
  entity: z.literal('event'),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: z.number().int(),
  payload: z.object({
    payment: wrapped(z.unknown()).optional(),
    order: wrapped(z.unknown()).optional(),
    refund: wrapped(z.unknown()).optional(),
  }),
});

/** A Razorpay webhook body → a typed event. Throws AppError BAD_REQUEST for anything else. */
export function parseWebhookBody(rawBody: string | Buffer, eventId: string): WebhookEvent {
  try {
    const e = eventSchema.parse(JSON.parse(rawBody.toString()));
    const base = { id: eventId, createdAt: fromUnix(e.created_at) };
    const payment = e.payload.payment ? toPayment(e.payload.payment.entity) : null;
    switch (e.event) {
      case 'order.paid':
        if (!payment || !e.payload.order) throw new Error('order.paid without order and payment');
        return { ...base, type: e.event, order: toOrder(e.payload.order.entity), payment };
      case 'refund.processed':
        if (!e.payload.refund) throw new Error('refund.processed without refund');
        return { ...base, type: e.event, refund: toRefund(e.payload.refund.entity), payment };
      default:
        if (!payment) throw new Error(`${e.event} without payment`);
        return { ...base, type: e.event, payment };
    }
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'The webhook body is not an event we know.', { cause: error });
  }
}
