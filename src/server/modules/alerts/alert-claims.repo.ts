import { sql } from 'drizzle-orm';
import { parameterList } from '../../db/array-literal';
import type { Executor } from '../../db/client';

/** A waiting alert claimed for its e-mail: where it goes (the account's current address, or the visitor's). */
export interface ClaimedAlert {
  id: string;
  product_id: string;
  user_id: string | null;
  address: string;
  name: string | null;
}

/**
 * Claims up to `limit` waiting alerts whose product is on sale (active, of an approved seller) and
 * in stock, and marks them notified, in the caller's transaction. Rows another worker holds are
 * skipped (SKIP LOCKED) and a claimed row is no longer `waiting`, so two runs at once, or a run
 * after a second restock, never claim an alert twice. Ordered by product, so the alerts of one
 * product come in the same batch as far as the limit allows.
 */
export async function claimDue(tx: Executor, limit: number): Promise<ClaimedAlert[]> {
  const { rows } = await tx.execute<ClaimedAlert & Record<string, unknown>>(sql`
    with due as (
      select a.id, lower(coalesce(u.email, a.email)) as address, u.name
        from stock_alerts a
        join product_directory p on p.id = a.product_id
        left join account_directory u on u.id = a.user_id
       where a.status = 'waiting' and p.on_sale and p.in_stock
       order by a.product_id, a.id
       limit ${limit}
         for update of a skip locked
    )
    update stock_alerts a set status = 'notified', notified_at = now()
      from due
     where a.id = due.id
    returning a.id, a.product_id, a.user_id, due.address, due.name`);
  return rows;
}

/** Puts claimed alerts back to waiting (their product went off sale between the claim and the e-mail). */
export async function rearm(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update stock_alerts set status = 'waiting', notified_at = null
     where id in (${parameterList(ids)})`);
}

/** Forgets visitors' requests whose confirmation link ran out more than `days` ago without being opened. */
export async function deleteUnconfirmed(db: Executor, days: number): Promise<number> {
  const { rowCount } = await db.execute(sql`
    delete from stock_alerts
     where status = 'pending' and confirm_expires_at < now() - make_interval(days => ${days})`);
  return rowCount ?? 0;
}
