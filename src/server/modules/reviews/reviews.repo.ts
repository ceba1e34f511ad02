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

/**
 * A merge of duplicates (decision 70): the duplicate's reviews become the kept product's, but a customer who
 * reviewed both keeps the review of the kept product (one per customer); the other stays with the duplicate,
 * which nobody sees any more. Returns how many moved and how many stayed.
 */
export async function moveReviews(tx: Executor, fromId: string, toId: string): Promise<{ moved: number; left: number }> {
  const moved = await tx.execute(sql`
    update product_reviews r set product_id = ${toId}
     where r.product_id = ${fromId}
       and not exists (select 1 from product_reviews k where k.product_id = ${toId} and k.user_id = r.user_id)`);
  return { moved: moved.rowCount ?? 0, left: await countAll(tx, fromId) };
}

/** What a merge would move: the duplicate's reviews whose authors did not review the kept product, and the others. */
export async function reviewsToMove(db: Executor, fromId: string, toId: string): Promise<{ moving: number; left: number }> {
  const { rows } = await db.execute<{ moving: number; left: number }>(sql`
    select count(*) filter (where k.id is null)::int as moving, count(k.id)::int as left
      from product_reviews r left join product_reviews k on k.product_id = ${toId} and k.user_id = r.user_id
     where r.product_id = ${fromId}`);
  return rows[0] ?? { moving: 0, left: 0 };
}

async function countAll(db: Executor, productId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from product_reviews where product_id = ${productId}`);
  return rows[0]?.n ?? 0;
}
