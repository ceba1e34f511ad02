import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';

export type ReviewRow = {
  id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created_at: Date | string;
  /** Set when the shop hid it (read only for its author and the admins). */
  hidden_reason?: string | null;
};

/** Authors' names come from the accounts' published view, never the users table. */
export async function findReview(db: Executor, userId: string, productId: string): Promise<ReviewRow | undefined> {
  const { rows } = await db.execute<ReviewRow>(
    sql`select r.id, a.name as author_name, r.rating, r.title, r.body, r.created_at,
        case when r.hidden_at is not null then r.hidden_reason end as hidden_reason
      from product_reviews r join account_directory a on a.id = r.user_id
      where r.user_id = ${userId} and r.product_id = ${productId}`,
  );
  return rows[0];
}

/**
 * One page of a product's shown reviews (not hidden by the shop), newest first, with the number of
 * all of them; no rows when the product is not for sale (or the page is past the last). A product
 * for sale without reviews gives one row of nulls: the product's visibility is read in the same
 * statement, not in one before it.
 */
export async function listReviews(db: Executor, productId: string, page: number, pageSize: number) {
  const { rows } = await db.execute<{ [K in keyof ReviewRow]: ReviewRow[K] | null } & { total: number }>(
    prepared(
      'product-reviews',
      sql`select r.id, a.name as author_name, r.rating, r.title, r.body, r.created_at, count(r.id) over ()::int as total
        from product_directory d
        left join (product_reviews r join account_directory a on a.id = r.user_id) on r.product_id = d.id and r.hidden_at is null
        where d.id = ${productId} and d.on_sale
        order by r.created_at desc, r.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
  );
  return rows;
}

export async function countReviews(db: Executor, productId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from product_reviews where product_id = ${productId} and hidden_at is null`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Reviews of one product are written one after another until the transaction ends, so each
 * recomputed average sees every review committed before it.
 */
export async function lockProductReviews(db: Executor, productId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reviews:${productId}`}, 0))`);
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

/** The product's average (2 decimals, as text: exact) and count over its shown reviews (hidden ones do not count). */
export async function ratingOf(db: Executor, productId: string): Promise<{ average: string; count: number }> {
  const { rows } = await db.execute<{ average: string; count: number }>(
    sql`select coalesce(round(avg(rating), 2), 0)::text as average, count(*)::int as count
      from product_reviews where product_id = ${productId} and hidden_at is null`,
  );
  return rows[0] ?? { average: '0', count: 0 };
}
