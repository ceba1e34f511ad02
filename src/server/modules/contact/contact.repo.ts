import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ContactMessagesQuery, ContactStatus } from '~/shared/schemas/contact';
import type { Database, Executor } from '../../db/client';
import { contactMessages, contactReplies } from '../../db/schema/contact';
import { newId } from '../../lib/ids';
import { escapeLike } from '../../lib/sql-text';

export type ContactMessageRow = typeof contactMessages.$inferSelect & { replyCount: number; lastReplyAt: Date | null };

export async function insertContactMessage(db: Database, message: Omit<typeof contactMessages.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, id: newId('msg') })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row!;
}

// Written out in full: inside a subquery the table names must be spelled, not left to the ORM.
const replyStats = {
  replyCount: sql<number>`(select count(*)::int from contact_replies cr where cr.message_id = "contact_messages"."id")`.mapWith(Number),
  lastReplyAt: sql<Date | null>`(select max(cr.created_at) from contact_replies cr where cr.message_id = "contact_messages"."id")`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};

function filterOf(query: Pick<ContactMessagesQuery, 'status' | 'q'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(contactMessages.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.mobile, pattern),
        ilike(contactMessages.topic, pattern),
        ilike(contactMessages.message, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** One page of messages, newest first (contact_messages_created_idx, or _status_idx by status), and how many match. */
export async function listContactMessages(db: Database, query: Pick<ContactMessagesQuery, 'status' | 'q' | 'page' | 'pageSize'>) {
  const where = filterOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...contactMessagesColumns(), ...replyStats })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(contactMessages).where(where),
  ]);
  return { rows: rows as ContactMessageRow[], total: total?.value ?? 0 };
}

function contactMessagesColumns() {
  const { id, name, email, mobile, topic, message, userId, ipAddress, status, createdAt } = contactMessages;
  return { id, name, email, mobile, topic, message, userId, ipAddress, status, createdAt };
}

export async function findContactMessage(db: Executor, messageId: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .select({ ...contactMessagesColumns(), ...replyStats })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  return row as ContactMessageRow | undefined;
}

/** The message's row, locked until the transaction ends: replies and status changes of one message queue here. */
export async function lockContactMessage(db: Executor, messageId: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update');
  return row;
}

export async function setStatus(db: Executor, messageId: string, status: ContactStatus) {
  await db.update(contactMessages).set({ status }).where(eq(contactMessages.id, messageId));
}

export async function insertReply(db: Executor, reply: { messageId: string; adminId: string; body: string }) {
  const [row] = await db
    .insert(contactReplies)
    .values({ ...reply, id: newId('rpl') })
    .returning({ id: contactReplies.id, createdAt: contactReplies.createdAt });
  return row!;
}

/** A message's replies, oldest first, with who wrote each (the accounts' published view). */
export async function repliesOf(db: Executor, messageId: string) {
  const { rows } = await db.execute<{
    id: string;
    body: string;
    created_at: Date | string;
    by_name: string | null;
    by_email: string | null;
  }>(
    sql`select r.id, r.body, r.created_at, a.name as by_name, a.email as by_email
      from contact_replies r left join account_directory a on a.id = r.admin_id
      where r.message_id = ${messageId}
      order by r.created_at, r.id`,
  );
  return rows;
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

export async function countByStatus(db: Database, status: ContactStatus): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages).where(eq(contactMessages.status, status));
  return row?.value ?? 0;
}

/** Deletes the messages a person sent (signed in, or from the same address), replies with them; returns how many. */
export async function deleteMessagesOf(db: Executor, person: { userId: string; email: string }): Promise<number> {
  const rows = await db
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, person.userId), sql`lower(${contactMessages.email}) = lower(${person.email})`))
    .returning({ id: contactMessages.id });
  return rows.length;
}
