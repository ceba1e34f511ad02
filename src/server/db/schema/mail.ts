import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the shop sends, written in the same transaction as the change it tells about
 * (an outbox): a worker delivers it (SMTP when configured) or, by default, it stays here and the
 * development mailbox page shows it.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Which template made it (order_placed, order_paid, …) and about what. */
    template: text('template').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('mail_messages_status_check', sql`${t.status} in ('queued', 'sent', 'kept', 'failed')`),
    index('mail_messages_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('mail_messages_created_idx').on(t.createdAt),
  ],
);
