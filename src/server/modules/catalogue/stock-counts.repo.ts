import { sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '~/shared/constants';
import type { Executor } from '../../db/client';

/** Products on sale running low (1 to LOW_STOCK_THRESHOLD left), of every vendor: the admin products list's `status=active&stock=low`. */
export async function countLowStock(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from products where status = 'active' and stock between 1 and ${LOW_STOCK_THRESHOLD}`,
  );
  return rows[0]?.n ?? 0;
}
