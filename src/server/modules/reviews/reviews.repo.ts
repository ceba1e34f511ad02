import { sql } from 'drizzle-orm';
import type { Executor } from '../auth/accounts.repo';

/** Whether the product is one customers may see (active, of an approved vendor), as the catalogue decides it. */
export async function isProductVisible(db: Executor, productId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select p.id from products p where p.id = ${productId} and p.status = 'active' and p.vendor_active limit 1`,
  );
  return rows.length > 0;
}

/**
 * Whether the customer has the product in any order, and whether one of those orders was delivered
 * (delivered, return requested, returned and refunded orders all keep `delivered_at`).
 */
export async function purchaseState(db: Executor, userId: string, productId: string): Promise<{ ordered: boolean; received: boolean }> {
  const { rows } = await db.execute<{ ordered: boolean; received: boolean }>(
    sql`select count(*) > 0 as ordered, coalesce(bool_or(o.delivered_at is not null), false) as received
      from orders o join order_items i on i.order_id = o.id
      where o.user_id = ${userId} and i.product_id = ${productId} and o.status <> 'cancelled'`,
  );
  return rows[0] ?? { ordered: false, received: false };
}

export type ReviewRow = {
  id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created_at: Date | string;
};

export async function findReview(db: Executor, userId: string, productId: string): Promise<ReviewRow | undefined> {
  const { rows } = await db.execute<ReviewRow>(
    sql`select r.id, u.name as author_name, r.rating, r.title, r.body, r.created_at
      from product_reviews r join users u on u.id = r.user_id
      where r.user_id = ${userId} and r.product_id = ${productId}`,
  );
  return rows[0];
}

/**
 * Locks the product row until the transaction ends, so reviews of one product written at the same
 * time recompute its rating one after another. NO KEY UPDATE: orders may still reference the product.
 */
export async function lockProduct(db: Executor, productId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`select id from products where id = ${productId} for no key update`);
  return rows.length > 0;
}

export async function insertReview(
  db: Executor,
  review: { id: string; productId: string; userId: string; rating: number; title: string; body: string },
): Promise<void> {
  await db.execute(
    sql`insert into product_reviews (id, product_id, user_id, rating, title, body)
      values (${review.id}, ${review.productId}, ${review.userId}, ${review.rating}, ${review.title}, ${review.body})`,
  );
}

/** Sets the product's average (2 decimals) and count from its reviews. */
export async function recomputeRating(db: Executor, productId: string): Promise<void> {
  await db.execute(
    sql`update products p set rating_avg = s.avg, rating_count = s.count
      from (select coalesce(round(avg(rating), 2), 0) as avg, count(*)::int as count
            from product_reviews where product_id = ${productId}) s
      where p.id = ${productId}`,
  );
}
