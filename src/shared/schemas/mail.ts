import { z } from 'zod';

/** The e-mails the shop sends, one template each. */
export const MAIL_TEMPLATES = [
  'order_placed',
  'order_paid',
  'order_shipped',
  'order_delivered',
  'parcel_out_for_delivery',
  'parcel_delivery_failed',
  'order_return_requested',
  'order_refund_account_needed',
  'order_cancelled',
  'order_refunded',
  'order_partly_refunded',
  'vendor_profile_changed',
  'vendor_decision',
  'product_review',
  'vendor_order_update',
  'contact_reply',
  'password_reset',
  'password_changed',
  'verify_email',
  'email_change_verify',
  'email_changed_notice',
  'account_deletion_scheduled',
  'account_deleted',
  'stock_alert_confirm',
  'back_in_stock',
  'grievance_received',
  'grievance_acknowledged',
  'grievance_reply',
  'grievance_resolved',
  'quote_requested',
  'quote_answered',
  'quote_declined',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** queued: waiting for SMTP; sent; failed after 5 attempts; kept: no SMTP configured, shown in the development mailbox. */
export const MAIL_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailboxStatusSchema = z.object({ mailboxEnabled: z.boolean() });
export type MailboxStatus = z.infer<typeof mailboxStatusSchema>;

export const mailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
  createdAt: z.string(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailboxListSchema = z.object({
  items: z.array(mailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MailboxList = z.infer<typeof mailboxListSchema>;

export const mailDetailSchema = mailSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;
