import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A seller on the marketplace; one per vendor account. Pending until an admin approves it. */
export const vendors = pgTable(
  'vendors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    mobile: text('mobile').notNull(),
    gstin: text('gstin').unique(),
    pickupCity: text('pickup_city').notNull(),
    pickupState: text('pickup_state').notNull(),
    pickupPinCode: text('pickup_pin_code').notNull(),
    status: text('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('vendors_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'suspended')`),
    index('vendors_status_idx').on(t.status, t.createdAt),
  ],
);
