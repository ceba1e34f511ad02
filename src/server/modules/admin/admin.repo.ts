import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '~/shared/constants';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { contactMessages } from '../../db/schema/contact-messages';
import { vendors } from '../../db/schema/vendors';

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(db: Database, filter: { page: number; pageSize: number; role?: UserRole; q?: string }) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(vendors.businessName, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, vendor: vendors })
      .from(users)
      .leftJoin(vendors, eq(vendors.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(users).leftJoin(vendors, eq(vendors.userId, users.id)).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countUsersByRole(db: Database) {
  return db.select({ role: users.role, value: count() }).from(users).groupBy(users.role);
}

export async function countVendorsByStatus(db: Database) {
  return db.select({ status: vendors.status, value: count() }).from(vendors).groupBy(vendors.status);
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

/** Sign-ups per day (Asia/Kolkata calendar days) since `since`. */
export async function signupsByDay(db: Database, since: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  return db.select({ date: day, value: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day).orderBy(day);
}

export async function findVendorById(db: Database, id: string) {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  return row;
}

/** Moves a vendor out of `pending`; returns nothing when it was no longer pending (decided concurrently). */
export async function decidePendingVendor(db: Database, id: string, status: 'approved' | 'rejected', decidedBy: string) {
  const [row] = await db
    .update(vendors)
    .set({ status, decidedAt: new Date(), decidedBy })
    .where(and(eq(vendors.id, id), eq(vendors.status, 'pending')))
    .returning({ id: vendors.id, status: vendors.status });
  return row;
}
