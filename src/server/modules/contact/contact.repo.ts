import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact-messages';
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
