import { count, desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';
import { newId } from '../../lib/ids';

export async function insertContactMessage(db: Database, message: Omit<typeof contactMessages.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, id: newId('msg') })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row!;
}

export async function listContactMessages(db: Database, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(contactMessages),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countContactMessages(db: Database, since: Date) {
  const [row] = await db
    .select({
      total: count(),
      recent: sql<number>`count(*) filter (where ${contactMessages.createdAt} >= ${since.toISOString()})`.mapWith(Number),
    })
    .from(contactMessages);
  return { total: row?.total ?? 0, recent: row?.recent ?? 0 };
}
