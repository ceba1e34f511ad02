import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Messages sent from the contact page, read by admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
