import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Contact messages nobody has answered or closed yet (status 'new'). */
export async function countUnanswered(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages where status = 'new'`);
  return rows[0]?.n ?? 0;
}
