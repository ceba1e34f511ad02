import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';
import { vendors } from './vendors';

/**
 * Coupon codes: percent (with an optional cap) or flat, a minimum order, a validity window, and
 * limits on total and per-customer use. `used_count` counts redemptions of orders that still hold
 * them; cancelling or expiring an order gives its redemption back.
 */
export const coupons = pgTable(
  'coupons',
  {
    /** Upper case, as the customer types it (compared case-insensitively). */
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    kind: text('kind').notNull(),
    /** Percent for 'percent', paise for 'flat'. */
    value: integer('value').notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Total redemptions allowed; null for no limit. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** When set, the coupon applies only to the cart's products of this category ('Laptop', 'Desktop', 'Monitor'). */
    category: text('category'),
    /** When set, the coupon applies only to the cart's products sold by this vendor. */
    vendorId: text('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'flat')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} = 'flat' or ${t.value} <= 90)`),
    check('coupons_code_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 3 and 30`),
    check('coupons_usage_check', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
    check('coupons_per_customer_check', sql`${t.perCustomerLimit} >= 1`),
    check('coupons_category_check', sql`${t.category} is null or ${t.category} in ('Laptop', 'Desktop', 'Monitor')`),
  ],
);

/** Which order used which coupon: the per-customer limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.couponCode, t.orderId] }),
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_user_idx').on(t.couponCode, t.userId),
  ],
);
