import { and, count, desc, eq, getTableColumns, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { GrievanceOverdue, GrievanceStatus } from '~/shared/schemas/grievances';
import type { Executor } from '../../db/client';
import { grievanceMessages, grievances, grievanceTicketCounters } from '../../db/schema/grievances';
import { newId } from '../../lib/ids';
import { escapeLike } from '../../lib/sql-text';

export type GrievanceRow = Omit<typeof grievances.$inferSelect, 'ipAddress'> & { messageCount: number };

/**
 * The next number of the year's tickets. The counter's row is locked by the upsert until the
 * transaction ends, so complaints filed at the same moment queue here and never share a number.
 */
export async function nextTicketNumber(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(grievanceTicketCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: grievanceTicketCounters.year, set: { last: sql`${grievanceTicketCounters.last} + 1` } })
    .returning({ last: grievanceTicketCounters.last });
  return row!.last;
}

export async function insertGrievance(tx: Executor, values: Omit<typeof grievances.$inferInsert, 'id'>) {
  const [row] = await tx
    .insert(grievances)
    .values({ ...values, id: newId('grv') })
    .returning();
  return row!;
}

// Written out in full: inside a subquery the table names must be spelled, not left to the ORM.
const messageCount = sql<number>`(select count(*)::int from grievance_messages gm where gm.grievance_id = "grievances"."id")`.mapWith(
  Number,
);

export interface GrievanceFilter {
  userId?: string;
  orderId?: string;
  status?: GrievanceStatus;
  overdue?: GrievanceOverdue;
  q?: string;
}

/** Still received 48 hours after receipt. */
const acknowledgementOverdue = (now: Date) => and(eq(grievances.status, 'received'), lt(grievances.acknowledgeBy, now));
/** Neither resolved nor closed a month after receipt. */
const resolutionOverdue = (now: Date) => and(inArray(grievances.status, ['received', 'acknowledged']), lt(grievances.resolveBy, now));

function filterOf(filter: GrievanceFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.userId) conditions.push(eq(grievances.userId, filter.userId));
  if (filter.orderId) conditions.push(eq(grievances.orderId, filter.orderId));
  if (filter.status) conditions.push(eq(grievances.status, filter.status));
  if (filter.overdue === 'acknowledgement') conditions.push(acknowledgementOverdue(now));
  if (filter.overdue === 'resolution') conditions.push(resolutionOverdue(now));
  if (filter.overdue === 'any') conditions.push(or(acknowledgementOverdue(now), resolutionOverdue(now)));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(grievances.ticketNumber, pattern),
        ilike(grievances.name, pattern),
        ilike(grievances.email, pattern),
        ilike(grievances.mobile, pattern),
        ilike(grievances.orderNumber, pattern),
        ilike(grievances.description, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** One page of complaints, newest first, and how many match. */
export async function listGrievances(db: Executor, filter: GrievanceFilter, page: number, pageSize: number, now: Date) {
  const where = filterOf(filter, now);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...columns(), messageCount })
      .from(grievances)
      .where(where)
      .orderBy(desc(grievances.receivedAt), desc(grievances.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(grievances).where(where),
  ]);
  return { rows: rows as GrievanceRow[], total: total?.value ?? 0 };
}

/** Every column but the sender's address (kept for abuse, never shown). */
function columns() {
  const { ipAddress: _ip, ...rest } = getTableColumns(grievances);
  return rest;
}

/** A complaint; with `userId`, only when it is that person's. */
export async function findGrievance(db: Executor, grievanceId: string, userId?: string): Promise<GrievanceRow | undefined> {
  const [row] = await db
    .select({ ...columns(), messageCount })
    .from(grievances)
    .where(and(eq(grievances.id, grievanceId), userId ? eq(grievances.userId, userId) : undefined));
  return row as GrievanceRow | undefined;
}

/** The complaint's row, locked until the transaction ends: its replies and changes queue here. */
export async function lockGrievance(tx: Executor, grievanceId: string, userId?: string) {
  const [row] = await tx
    .select()
    .from(grievances)
    .where(and(eq(grievances.id, grievanceId), userId ? eq(grievances.userId, userId) : undefined))
    .for('update');
  return row;
}

export async function updateGrievance(
  tx: Executor,
  grievanceId: string,
  set: Partial<Pick<typeof grievances.$inferInsert, 'status' | 'acknowledgedAt' | 'resolvedAt' | 'closedAt' | 'resolution'>>,
) {
  await tx.update(grievances).set(set).where(eq(grievances.id, grievanceId));
}

export async function insertMessage(
  tx: Executor,
  message: { grievanceId: string; author: 'customer' | 'officer'; authorUserId: string | null; body: string },
) {
  const [row] = await tx
    .insert(grievanceMessages)
    .values({ ...message, id: newId('gmsg') })
    .returning({ id: grievanceMessages.id, createdAt: grievanceMessages.createdAt });
  return row!;
}

/** A complaint's thread, oldest first, with the admin who wrote each officer's message (the accounts' published view). */
export async function messagesOf(db: Executor, grievanceId: string) {
  const { rows } = await db.execute<{
    id: string;
    author: 'customer' | 'officer';
    body: string;
    created_at: Date | string;
    by_name: string | null;
  }>(
    sql`select m.id, m.author, m.body, m.created_at, a.name as by_name
      from grievance_messages m left join account_directory a on a.id = m.author_user_id
      where m.grievance_id = ${grievanceId}
      order by m.created_at, m.id`,
  );
  return rows;
}

/** How many open complaints are past each deadline now. */
export async function overdueCounts(db: Executor, now: Date) {
  const [row] = await db
    .select({
      acknowledgement: sql<number>`count(*) filter (where ${acknowledgementOverdue(now)})`.mapWith(Number),
      resolution: sql<number>`count(*) filter (where ${resolutionOverdue(now)})`.mapWith(Number),
      any: sql<number>`count(*) filter (where ${or(acknowledgementOverdue(now), resolutionOverdue(now))})`.mapWith(Number),
    })
    .from(grievances)
    .where(inArray(grievances.status, ['received', 'acknowledged']));
  return { acknowledgement: row?.acknowledgement ?? 0, resolution: row?.resolution ?? 0, any: row?.any ?? 0 };
}
