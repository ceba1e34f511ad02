import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every admin and vendor write, in the same transaction as the change: who, when, from where, what,
 * and the values before and after. Each entry carries the hash of the one before it (a hash chain),
 * so a row changed or removed later is found by `npm run audit:verify`. No route changes a row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    actorUserId: text('actor_user_id'),
    /** admin, vendor, customer or system. */
    actorRole: text('actor_role').notNull(),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** What was done, as `<thing>.<verb>`: `vendor.approve`, `product.update`, `order.refund`… */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** A vendor the change concerns (its products, orders, payouts), for filtering. */
    vendorId: text('vendor_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_action_idx').on(t.action),
    // The audit log's Seller filter, newest first: only the entries that name a seller.
    index('audit_log_vendor_idx')
      .on(t.vendorId, t.id)
      .where(sql`${t.vendorId} is not null`),
  ],
);
