import { z } from 'zod';
import { emailSchema, indianMobileSchema, paginatedSchema, personNameSchema } from './common';

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
});
export type ContactMessage = z.infer<typeof contactMessageSchemaOut>;

/** GET /api/admin/contact-messages. */
export const contactMessagesResponseSchema = paginatedSchema(contactMessageSchemaOut);
