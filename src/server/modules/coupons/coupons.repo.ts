import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import { parseSort } from '~/shared/schemas/common';
import type { AdminCouponsQuery, CouponStatus } from '~/shared/schemas/coupons';
import type { Executor } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { accountDirectory } from '../../db/views/auth';
import { orderDirectory } from '../../db/views/orders';
import { sellerDirectory } from '../../db/views/vendors';

export type CouponRow = typeof coupons.$inferSelect;

export async function findCoupon(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

export async function customerRedemptions(db: Executor, code: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponCode, code), eq(couponRedemptions.userId, userId)));
  return row?.n ?? 0;
}

/** Counts one use of a coupon if uses are left; false when it has been fully used meanwhile. */
export async function redeemCoupon(db: Executor, code: string, orderId: string, userId: string): Promise<boolean> {
  const counted = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.code, code), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`))
    .returning({ code: coupons.code });
  if (counted.length === 0) return false;
  await db.insert(couponRedemptions).values({ couponCode: code, orderId, userId });
  return true;
}

/** Gives a cancelled order's coupon back (its use no longer counts). */
export async function releaseCoupon(db: Executor, orderId: string): Promise<void> {
  const released = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ code: couponRedemptions.couponCode });
  for (const { code } of released) {
    await db
      .update(coupons)
      .set({ usedCount: sql`greatest(0, ${coupons.usedCount} - 1)` })
      .where(eq(coupons.code, code));
  }
}

/** Open now: active, started, not expired, not used up. */
function openAt(now: Date): SQL {
  return and(
    eq(coupons.active, true),
    sql`${coupons.startsAt} <= ${now}`,
    sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now})`,
    sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
  )!;
}

/** Coupons a customer may try now: active, started, not expired, not used up. */
export async function availableCoupons(db: Executor, now: Date): Promise<CouponWithVendor[]> {
  return db
    .select(withVendor)
    .from(coupons)
    .leftJoin(sellerDirectory, eq(sellerDirectory.id, coupons.vendorId))
    .where(openAt(now))
    .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
}

/** The coupons open now as `availableCoupons`, each with how many times this customer has used it. */
export async function availableCouponsWithUses(
  db: Executor,
  userId: string,
  now: Date,
): Promise<(CouponWithVendor & { customerUses: number })[]> {
  return db
    .select({
      ...withVendor,
      customerUses: sql<number>`(select count(*)::int from ${couponRedemptions}
        where ${couponRedemptions.couponCode} = ${coupons.code} and ${couponRedemptions.userId} = ${userId})`,
    })
    .from(coupons)
    .leftJoin(sellerDirectory, eq(sellerDirectory.id, coupons.vendorId))
    .where(openAt(now))
    .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
}

/* ---------------------------------------------------------------- admin */

export type CouponValues = Omit<typeof coupons.$inferInsert, 'usedCount' | 'createdAt'>;
export type CouponWithVendor = CouponRow & { vendorName: string | null };

const withVendor = {
  ...getTableColumns(coupons),
  vendorName: sellerDirectory.businessName,
};

/** A coupon with its vendor's name (for its scope), or undefined. */
export async function findCouponWithVendor(db: Executor, code: string): Promise<CouponWithVendor | undefined> {
  const [row] = await db
    .select(withVendor)
    .from(coupons)
    .leftJoin(sellerDirectory, eq(sellerDirectory.id, coupons.vendorId))
    .where(eq(coupons.code, code))
    .limit(1);
  return row;
}

/** Reads a coupon under its row lock: an edit waits for checkouts counting a use, and they for it. */
export async function lockCoupon(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).for('update').limit(1);
  return row;
}

/** Adds a coupon; undefined when the code is taken (also when taken by a concurrent request). */
export async function insertCoupon(db: Executor, values: CouponValues): Promise<CouponRow | undefined> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
  return row;
}

export async function updateCoupon(
  db: Executor,
  code: string,
  values: Partial<Omit<CouponValues, 'code'>>,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.code, code))
    .returning();
  return row;
}

/** How many orders hold a use of the coupon now (its used count). */
export async function redemptionCount(db: Executor, code: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponCode, code));
  return row?.n ?? 0;
}

/** The SQL condition of a status, as the service names it (expired before paused, then scheduled, used up). */
function statusIs(status: CouponStatus, now: Date): SQL {
  const expired = sql`(${coupons.expiresAt} is not null and ${coupons.expiresAt} <= ${now})`;
  const usedUp = sql`(${coupons.usageLimit} is not null and ${coupons.usedCount} >= ${coupons.usageLimit})`;
  switch (status) {
    case 'expired':
      return expired;
    case 'paused':
      return sql`not ${expired} and not ${coupons.active}`;
    case 'scheduled':
      return sql`not ${expired} and ${coupons.active} and ${coupons.startsAt} > ${now}`;
    case 'used_up':
      return sql`not ${expired} and ${coupons.active} and ${coupons.startsAt} <= ${now} and ${usedUp}`;
    case 'active':
      return sql`not ${expired} and ${coupons.active} and ${coupons.startsAt} <= ${now} and not ${usedUp}`;
  }
}

const SORT_COLUMNS = {
  code: coupons.code,
  createdAt: coupons.createdAt,
  expiresAt: coupons.expiresAt,
  usedCount: coupons.usedCount,
} as const;

/** One page of coupons for the admin, with the total that match. */
export async function listCoupons(db: Executor, query: AdminCouponsQuery, now: Date): Promise<{ rows: CouponWithVendor[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(statusIs(query.status, now));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(coupons.code, like), ilike(coupons.description, like))!);
  }
  const filter = conditions.length ? and(...conditions) : undefined;
  const { column, descending } = parseSort(query.sort);
  const order = descending ? sql`${SORT_COLUMNS[column]} desc nulls last` : sql`${SORT_COLUMNS[column]} asc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select(withVendor)
      .from(coupons)
      .leftJoin(sellerDirectory, eq(sellerDirectory.id, coupons.vendorId))
      .where(filter)
      .orderBy(order, asc(coupons.code))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(coupons).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One page of a coupon's redemptions, newest first, with the order's number and status and the customer. */
export async function listRedemptions(db: Executor, code: string, page: number, pageSize: number) {
  const filter = eq(couponRedemptions.couponCode, code);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        orderId: couponRedemptions.orderId,
        redeemedAt: couponRedemptions.createdAt,
        orderNumber: orderDirectory.orderNumber,
        orderStatus: orderDirectory.status,
        customerName: accountDirectory.name,
        customerEmail: accountDirectory.email,
      })
      .from(couponRedemptions)
      .innerJoin(orderDirectory, eq(orderDirectory.id, couponRedemptions.orderId))
      .leftJoin(accountDirectory, eq(accountDirectory.id, couponRedemptions.userId))
      .where(filter)
      .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.orderId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(couponRedemptions).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Sellers a coupon may be limited to (approved ones), or one seller by id. */
export async function sellers(db: Executor, id?: string): Promise<{ id: string; name: string; status: string }[]> {
  return db
    .select({ id: sellerDirectory.id, name: sellerDirectory.businessName, status: sellerDirectory.status })
    .from(sellerDirectory)
    .where(id === undefined ? eq(sellerDirectory.status, 'approved') : eq(sellerDirectory.id, id))
    .orderBy(asc(sellerDirectory.businessName));
}
