import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema/coupons';

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

/** Coupons a customer may try now: active, started, not expired, not used up. */
export async function availableCoupons(db: Executor, now: Date): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.active, true),
        sql`${coupons.startsAt} <= ${now}`,
        sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now})`,
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
}
