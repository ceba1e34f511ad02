import { z } from 'zod';
import { emailSchema, indianMobileSchema, pageQueryFields, paginatedSchema, personNameSchema } from './common';

export const CONTACT_TOPICS = [
  'Order or delivery',
  'Returns and warranty',
  'Product advice',
  'Business or bulk purchase',
  'Other',
] as const;

/** Body of POST /api/contact. */
export const contactMessageSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  mobile: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(indianMobileSchema.optional()),
  topic: z.enum(CONTACT_TOPICS, { error: 'Choose what your message is about' }),
  message: z
    .string({ error: 'Write your message' })
    .trim()
    .min(10, 'Please write at least 10 characters so we can help')
    .max(4000, 'Message must be at most 4,000 characters'),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactMessageCreatedSchema = z.object({ id: z.string(), receivedAt: z.string() });

export const contactMessageSchemaOut = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  topic: z.string(),
  message: z.string(),
  createdAt: z.string(),
  status: z.enum(['new', 'replied', 'closed']),
  /** How many replies the shop sent, and when the last one went. */
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchemaOut>;

/** new: nobody answered yet; replied: the shop wrote back by e-mail; closed: nothing more to do. */
export const CONTACT_STATUSES = ['new', 'replied', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: 'New', replied: 'Replied', closed: 'Closed' };

/** GET /api/admin/contact-messages: newest first, by status and words (name, e-mail, mobile, topic, message). */
export const contactMessagesQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be new, replied or closed' }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type ContactMessagesQuery = z.output<typeof contactMessagesQuerySchema>;

/** GET /api/admin/contact-messages. */
export const contactMessagesResponseSchema = paginatedSchema(contactMessageSchemaOut);
export type ContactMessagesResponse = z.infer<typeof contactMessagesResponseSchema>;

export const contactMessageParamsSchema = z.strictObject({ messageId: z.string().min(1).max(64) });

export const contactReplySchemaOut = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The admin who wrote it (null when that account is gone). */
  byName: z.string().nullable(),
  byEmail: z.string().nullable(),
});
export type ContactReply = z.infer<typeof contactReplySchemaOut>;

/** A message with its thread of replies, oldest first. */
export const contactThreadSchema = z.object({ message: contactMessageSchemaOut, replies: z.array(contactReplySchemaOut) });
export type ContactThread = z.infer<typeof contactThreadSchema>;

/** Body of POST /api/admin/contact-messages/{messageId}/replies: sent by e-mail to the sender. */
export const contactReplyInputSchema = z.strictObject({
  body: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(10, 'Write a reply of at least 10 characters')
    .max(4000, 'Reply must be at most 4,000 characters'),
});
export type ContactReplyInput = z.input<typeof contactReplyInputSchema>;
