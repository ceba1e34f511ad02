import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../orders';
import { pageQueryFields, sortQuerySchema } from './common';

export const ADMIN_PAYMENT_SORTS = ['createdAt', 'amount'] as const;

/**
 * A payment is stuck when the customer went to pay online and, this many minutes later, the payment
 * is still neither captured nor failed (status created or authorized): the provider's answer was
 * lost, or an authorized payment was never captured. Cash on delivery is never stuck (it is
 * collected at the door). The order's payment timeout is shorter, so a stuck payment is one the
 * expiry job or the webhook should already have settled: someone must look at it at the provider.
 */
export const STUCK_AFTER_MINUTES = 30;

/** Payments that need someone to look at them: failed, or stuck (see STUCK_AFTER_MINUTES). */
export const PAYMENT_PROBLEMS = ['failed', 'stuck'] as const;
export type PaymentProblem = (typeof PAYMENT_PROBLEMS)[number];

/** GET /api/admin/payments: one page of payments, optionally narrowed by status, method or search text. */
export const adminPaymentsQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(PAYMENT_STATUSES, { error: `Status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
  problem: z.enum(PAYMENT_PROBLEMS, { error: 'Problem must be failed or stuck' }).optional(),
  /** An order number (SC-100042, or part of it) or a customer's e-mail (or part of it). */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  sort: sortQuerySchema(ADMIN_PAYMENT_SORTS, '-createdAt'),
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

export const adminRefundSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  reason: z.string(),
  providerRefundId: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminPaymentSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  provider: z.enum(['test-gateway', 'razorpay', 'cod']),
  method: z.enum(PAYMENT_METHODS),
  /** How the customer actually paid at the provider; null until paid. */
  paidWith: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  amountPaise: z.number().int(),
  amountRefundedPaise: z.number().int(),
  providerPaymentId: z.string().nullable(),
  attempts: z.number().int(),
  /** Why the latest attempt failed, as the provider said it. */
  errorDescription: z.string().nullable(),
  createdAt: z.string(),
  capturedAt: z.string().nullable(),
  refunds: z.array(adminRefundSchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** Money figures over every payment the filter matches (not only the page shown). */
export const adminPaymentsSummarySchema = z.object({
  /** Money received: the amount of every payment that was captured (captured_at set), refunded or not. */
  capturedPaise: z.number().int(),
  /** Money given back: the refunded amount of those payments. */
  refundedPaise: z.number().int(),
  /** Received minus given back. */
  netPaise: z.number().int(),
  capturedCount: z.number().int(),
  failedCount: z.number().int(),
  /**
   * Payments not made yet (status created): the list's "Not paid yet" filter, so the card's count is the
   * rows that filter shows. Online checkouts waiting for the customer and cash on delivery alike.
   */
  notPaidCount: z.number().int(),
  /** Of those, cash on delivery (the rest are online checkouts waiting for the customer). */
  notPaidCodCount: z.number().int(),
  /** Cash on delivery not collected yet, on orders that are not cancelled: shipped or still to ship (the dashboard counts only what couriers hold). */
  codToCollectPaise: z.number().int(),
  /** Online payments neither captured nor failed STUCK_AFTER_MINUTES after they were made. */
  stuckCount: z.number().int(),
});
export type AdminPaymentsSummary = z.infer<typeof adminPaymentsSummarySchema>;

export const adminPaymentsResponseSchema = z.object({
  items: z.array(adminPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: adminPaymentsSummarySchema,
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { pending: 'Pending', processed: 'Processed', failed: 'Failed' };

/** GET /api/admin/refunds: every refund, newest first, by status or order number / customer e-mail. */
export const adminRefundsQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(REFUND_STATUSES, { error: 'Status must be pending, processed or failed' }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type AdminRefundsQuery = z.output<typeof adminRefundsQuerySchema>;

export const adminRefundRowSchema = adminRefundSchema.extend({
  paymentId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  method: z.enum(PAYMENT_METHODS),
});
export type AdminRefundRow = z.infer<typeof adminRefundRowSchema>;

export const adminRefundsResponseSchema = z.object({
  items: z.array(adminRefundRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over every refund the filter matches. */
  summary: z.object({ amountPaise: z.number().int(), pendingCount: z.number().int(), failedCount: z.number().int() }),
});
export type AdminRefundsResponse = z.infer<typeof adminRefundsResponseSchema>;
