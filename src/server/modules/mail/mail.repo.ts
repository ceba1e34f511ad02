import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema/mail';
import { newId } from '../../lib/ids';

/** The database or a transaction of the caller. */
export type MailExecutor = Pick<Database, 'insert' | 'execute'>;

export type MailRow = typeof mailMessages.$inferSelect;

/** Writes e-mails in one statement; their ids, in the order given. */
export async function insertMails(tx: MailExecutor, messages: Omit<typeof mailMessages.$inferInsert, 'id'>[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((message) => ({ ...message, id: newId('mail') }));
  await tx.insert(mailMessages).values(rows);
  return rows.map((row) => row.id);
}

/** Queued e-mails written before `before` (the sweep gives each a job unless it has one). */
export async function queuedBefore(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'queued'), lt(mailMessages.createdAt, before)))
    .orderBy(asc(mailMessages.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function updateMail(db: Database, id: string, changes: Partial<typeof mailMessages.$inferInsert>) {
  await db.update(mailMessages).set(changes).where(eq(mailMessages.id, id));
}

export async function listMail(db: Database, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailMessages.id,
        toAddress: mailMessages.toAddress,
        toName: mailMessages.toName,
        subject: mailMessages.subject,
        template: mailMessages.template,
        status: mailMessages.status,
        createdAt: mailMessages.createdAt,
      })
      .from(mailMessages)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(mailMessages),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findMail(db: Database, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

/** Deletes every e-mail to an address (an erased account's, decision 26); returns how many. */
export async function deleteMailTo(db: Pick<Database, 'delete'>, address: string): Promise<number> {
  const rows = await db
    .delete(mailMessages)
    .where(sql`lower(${mailMessages.toAddress}) = lower(${address})`)
    .returning({ id: mailMessages.id });
  return rows.length;
}
