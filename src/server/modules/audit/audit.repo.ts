import { and, asc, count, desc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '~/shared/schemas/audit';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { escapeLike } from '../../lib/sql-text';

export type AuditRow = typeof auditLog.$inferSelect;

/** One lock for the whole log: entries are chained one after another, never two on one predecessor. */
const CHAIN_LOCK = sql`hashtextextended('audit_log:chain', 0)`;

export async function lockChain(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
}

export async function lastHash(db: Executor): Promise<string | undefined> {
  const [row] = await db.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.hash;
}

export async function insertEntry(db: Executor, values: Omit<typeof auditLog.$inferInsert, 'id'>): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** Entries after `afterId` in order, for verifying the chain a batch at a time. */
export async function entriesAfter(db: Executor, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}

function where(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    // An entry's own number (as audit:verify names it) finds that entry too.
    const entryId = /^\d{1,15}$/.test(query.q) ? eq(auditLog.id, Number(query.q)) : undefined;
    conditions.push(or(ilike(auditLog.summary, like), eq(auditLog.entityId, query.q), ilike(auditLog.actorEmail, like), entryId)!);
  }
  if (query.action)
    conditions.push(query.action.includes('.') ? eq(auditLog.action, query.action) : ilike(auditLog.action, `${query.action}.%`));
  if (query.role) conditions.push(eq(auditLog.actorRole, query.role));
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.vendorId) conditions.push(eq(auditLog.vendorId, query.vendorId));
  // Dates are days in India (UTC+05:30).
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00+05:30`)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00+05:30`).getTime() + 86_400_000)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listEntries(db: Executor, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const filter = where(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}
