import { z } from 'zod';
import { emailSchema, indianMobileSchema, pageQueryFields, paginatedSchema, personNameSchema } from './common';

/**
 * Complaints to the grievance officer (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)–(5)):
 * filed from an order or from the contact page, each with a ticket number (GRV-2026-000123), an
 * acknowledgement due 48 hours after receipt and a resolution due one month after (decision 74).
 */

export const GRIEVANCE_CATEGORIES = ['delivery', 'product_defect', 'refund', 'seller_conduct', 'other'] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  delivery: 'Delivery',
  product_defect: 'Product defect',
  refund: 'Refund',
  seller_conduct: 'Seller conduct',
  other: 'Other',
};

/** received: waiting for the officer; acknowledged: the officer has taken it up; resolved: answered with a resolution; closed: nothing more to do. */
export const GRIEVANCE_STATUSES = ['received', 'acknowledged', 'resolved', 'closed'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** acknowledgement: not acknowledged 48 hours after receipt; resolution: not resolved a month after; any: either. */
export const GRIEVANCE_OVERDUE = ['acknowledgement', 'resolution', 'any'] as const;
export type GrievanceOverdue = (typeof GRIEVANCE_OVERDUE)[number];
export const GRIEVANCE_OVERDUE_LABELS: Record<GrievanceOverdue, string> = {
  acknowledgement: 'Acknowledgement overdue',
  resolution: 'Resolution overdue',
  any: 'Any deadline overdue',
};

const category = z.enum(GRIEVANCE_CATEGORIES, { error: 'Choose what the complaint is about' });
const description = z
  .string({ error: 'Describe the problem' })
  .trim()
  .min(20, 'Please describe the problem in at least 20 characters')
  .max(4000, 'Description must be at most 4,000 characters');

/** Body of POST /api/grievances/order: a signed-in customer's complaint about one of their orders (and optionally one line). */
export const orderGrievanceSchema = z.strictObject({
  orderId: z.string({ error: 'Choose the order' }).min(1, 'Choose the order').max(64),
  orderItemId: z
    .string()
    .max(64)
    .optional()
    .transform((v) => (v?.trim() ? v : undefined)),
  category,
  description,
});
export type OrderGrievanceInput = z.input<typeof orderGrievanceSchema>;

/** Body of POST /api/grievances: a complaint from the contact page; a visitor without an account gives a mobile too. */
export const contactGrievanceSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  mobile: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(indianMobileSchema.optional()),
  /** The order it is about, as the customer quotes it (SC-100042), when there is one. */
  orderNumber: z
    .string()
    .trim()
    .max(20, 'Order number must be at most 20 characters')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined))
    .pipe(
      z
        .string()
        .regex(/^SC-\d{6,}$/, 'Order numbers look like SC-100042')
        .optional(),
    ),
  category,
  description,
});
export type ContactGrievanceInput = z.input<typeof contactGrievanceSchema>;

/** Body of a reply (the customer's, or the officer's): POST …/messages and POST /api/admin/grievances/{id}/replies. */
export const grievanceReplyInputSchema = z.strictObject({
  body: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(4000, 'Reply must be at most 4,000 characters'),
});
export type GrievanceReplyInput = z.input<typeof grievanceReplyInputSchema>;

/** Body of POST /api/admin/grievances/{id}/acknowledge: an optional word to the customer with it. */
export const grievanceAcknowledgeInputSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .max(4000, 'Message must be at most 4,000 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Body of POST /api/admin/grievances/{id}/resolve: how the complaint was redressed, e-mailed to the customer. */
export const grievanceResolveInputSchema = z.strictObject({
  resolution: z
    .string({ error: 'Write the resolution' })
    .trim()
    .min(20, 'Write the resolution in at least 20 characters')
    .max(4000, 'Resolution must be at most 4,000 characters'),
});

export const grievanceParamsSchema = z.strictObject({ grievanceId: z.string().min(1).max(64) });

export const grievanceSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  category: z.enum(GRIEVANCE_CATEGORIES),
  /** order: filed from the order's page; contact: from the contact page. */
  source: z.enum(['order', 'contact']),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  orderItemId: z.string().nullable(),
  /** The line complained about, as it was named on the order. */
  itemName: z.string().nullable(),
  description: z.string(),
  receivedAt: z.string(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  /** Past its acknowledgement (still received) or its resolution (neither resolved nor closed) due date now. */
  acknowledgementOverdue: z.boolean(),
  resolutionOverdue: z.boolean(),
  messageCount: z.number().int(),
});
export type Grievance = z.infer<typeof grievanceSchema>;

export const grievanceMessageSchema = z.object({
  id: z.string(),
  /** customer: the complainant; officer: the grievance officer (an admin). */
  author: z.enum(['customer', 'officer']),
  /** The admin who wrote it, for the console (null to the customer, and when that account is gone). */
  byName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type GrievanceMessage = z.infer<typeof grievanceMessageSchema>;

/** A complaint with its thread, oldest first. */
export const grievanceThreadSchema = z.object({ grievance: grievanceSchema, messages: z.array(grievanceMessageSchema) });
export type GrievanceThread = z.infer<typeof grievanceThreadSchema>;

/** What the complainant is told at once: the ticket number and the due dates (also e-mailed). */
export const grievanceFiledSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  receivedAt: z.string(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
});
export type GrievanceFiled = z.infer<typeof grievanceFiledSchema>;

/** GET /api/grievances: the customer's complaints, newest first; of one order with `orderId`. */
export const myGrievancesQuerySchema = z.strictObject({
  ...pageQueryFields,
  orderId: z.string().min(1).max(64).optional(),
});
export type MyGrievancesQuery = z.output<typeof myGrievancesQuerySchema>;

/** GET /api/admin/grievances: newest first, by status, overdue deadline and words (ticket, name, e-mail, order, text). */
export const grievancesQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(GRIEVANCE_STATUSES, { error: 'Status must be received, acknowledged, resolved or closed' }).optional(),
  overdue: z.enum(GRIEVANCE_OVERDUE, { error: 'Overdue must be acknowledgement, resolution or any' }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type GrievancesQuery = z.output<typeof grievancesQuerySchema>;

export const grievancesResponseSchema = paginatedSchema(grievanceSchema);
export type GrievancesResponse = z.infer<typeof grievancesResponseSchema>;

/** GET /api/admin/grievances/overdue: how many open complaints are past a deadline (the dashboard and the sidebar). */
export const grievanceOverdueCountsSchema = z.object({
  acknowledgement: z.number().int(),
  resolution: z.number().int(),
  any: z.number().int(),
});
export type GrievanceOverdueCounts = z.infer<typeof grievanceOverdueCountsSchema>;
