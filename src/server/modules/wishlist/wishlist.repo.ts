import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wishlistItems } from '../../db/schema/wishlist';
import { productDirectory } from '../../db/views/catalogue';

/** What customers may see, as the catalogue decides it (its published `on_sale`). */
const isVisible = eq(productDirectory.onSale, true);

/** Ids of the customer's saved products that are still on sale, newest saved first. */
export async function listWishlistProductIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(productDirectory, eq(productDirectory.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isVisible))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((r) => r.productId);
}

/** Whether the product exists and is on sale (not a draft, under review, archived, or of a vendor not approved). */
export async function isProductVisible(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productDirectory.id })
    .from(productDirectory)
    .where(and(eq(productDirectory.id, productId), isVisible))
    .limit(1);
  return row !== undefined;
}

export async function hasWishlistItem(db: Executor, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/** Saved products still on sale: a product taken off sale does not use up room the customer cannot see. */
export async function countWishlistItems(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(wishlistItems)
    .innerJoin(productDirectory, eq(productDirectory.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isVisible));
  return row?.value ?? 0;
}

/** Serialises writes to one customer's list for the rest of the transaction (the size limit holds under races). */
export async function lockWishlist(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wishlist:${userId}`}))`);
}

export async function insertWishlistItem(db: Executor, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

export async function deleteWishlistItem(db: Executor, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** Every saved product id with when it was saved, on sale or not (the customer's data export). */
export async function allWishlistItems(db: Executor, userId: string) {
  return db
    .select({ productId: wishlistItems.productId, savedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
}

export async function deleteWishlistOf(tx: Executor, userId: string): Promise<number> {
  const rows = await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId)).returning({ id: wishlistItems.productId });
  return rows.length;
}

/** A merge of duplicates (decision 70): lists that saved the duplicate save the kept product (once); returns how many lists. */
export async function moveToProduct(tx: Executor, fromId: string, toId: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    with gone as (delete from wishlist_items where product_id = ${fromId} returning user_id, created_at),
         added as (insert into wishlist_items (user_id, product_id, created_at) select user_id, ${toId}, created_at from gone
                   on conflict do nothing)
    select count(*)::int as n from gone`);
  return rows[0]?.n ?? 0;
}

export async function countOfProduct(db: Executor, productId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from wishlist_items where product_id = ${productId}`);
  return rows[0]?.n ?? 0;
}
