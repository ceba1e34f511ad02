import { sql, type SQL } from 'drizzle-orm';
import type { AdminReviewsQuery } from '~/shared/schemas/reviews';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/sql-text';

/** A review as the admins read it: its product (the catalogue's view) and author (the accounts' view). */
export type AdminReviewRow = {
  id: string;
  rating: number;
  title: string;
  body: string;
  created_at: Date | string;
  product_id: string;
  product_name: string;
  product_vendor_id: string;
  user_id: string;
  author_name: string;
  author_email: string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  hidden_by: string | null;
  hidden_by_email: string | null;
};

const SELECT = sql`select r.id, r.rating, r.title, r.body, r.created_at, r.product_id, p.name as product_name, p.vendor_id as product_vendor_id,
    r.user_id, a.name as author_name, a.email as author_email,
    r.hidden_at, r.hidden_reason, r.hidden_by, h.email as hidden_by_email
  from product_reviews r
  join product_directory p on p.id = r.product_id
  join account_directory a on a.id = r.user_id
  left join account_directory h on h.id = r.hidden_by`;

function conditions(query: AdminReviewsQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.rating) where.push(sql`r.rating = ${Number(query.rating)}`);
  if (query.visibility === 'hidden') where.push(sql`r.hidden_at is not null`);
  if (query.visibility === 'visible') where.push(sql`r.hidden_at is null`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where.push(sql`(p.name ilike ${pattern} or a.name ilike ${pattern} or a.email ilike ${pattern} or r.id = ${query.q})`);
  }
  return sql.join(where, sql` and `);
}

/** One page of every review, newest first (product_reviews_created_idx), and how many match. */
export async function listAllReviews(db: Executor, query: AdminReviewsQuery) {
  const where = conditions(query);
  const [page, total] = await Promise.all([
    db.execute<AdminReviewRow>(
      sql`${SELECT} where ${where} order by r.created_at desc, r.id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from product_reviews r
        join product_directory p on p.id = r.product_id
        join account_directory a on a.id = r.user_id
        where ${where}`,
    ),
  ]);
  return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
}

export async function findAdminReview(db: Executor, reviewId: string): Promise<AdminReviewRow | undefined> {
  const { rows } = await db.execute<AdminReviewRow>(sql`${SELECT} where r.id = ${reviewId}`);
  return rows[0];
}

/**
 * Hides a shown review; undefined when it is already hidden (so two admins hiding it at once
 * make one change: the row lock makes the second wait, then find it hidden).
 */
export async function hideReview(db: Executor, reviewId: string, reason: string, adminId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`update product_reviews set hidden_at = now(), hidden_reason = ${reason}, hidden_by = ${adminId}
      where id = ${reviewId} and hidden_at is null returning id`,
  );
  return rows.length === 1;
}

/** Shows a hidden review again; false when it is not hidden. */
export async function restoreReview(db: Executor, reviewId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`update product_reviews set hidden_at = null, hidden_reason = null, hidden_by = null
      where id = ${reviewId} and hidden_at is not null returning id`,
  );
  return rows.length === 1;
}
