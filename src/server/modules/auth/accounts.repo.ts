import { and, asc, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '~/shared/constants';
import { type ADMIN_USER_SORTS, type AdminUsersQuery } from '~/shared/schemas/auth';
import { parseSort } from '~/shared/schemas/common';
import type { Executor } from '../../db/client';
import { accounts, users } from '../../db/schema/auth';
import { sellerDirectory } from '../../db/views/vendors';
import { escapeLike } from '../../lib/sql-text';
import { newId } from '../../lib/ids';

export interface NewAccount {
  name: string;
  email: string;
  role: UserRole;
  passwordHash: string;
}

/** Inserts the user and its credential row; the caller runs it in a transaction. */
export async function insertAccount(tx: Executor, account: NewAccount): Promise<string> {
  const id = newId('usr', 24);
  await tx.insert(users).values({ id, name: account.name, email: account.email, role: account.role, emailVerified: false });
  await tx.insert(accounts).values({
    id: newId('acc', 24),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: account.passwordHash,
  });
  return id;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The vendor record of an account, as the vendors module publishes it. */
export async function findSellerOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: sellerDirectory.id, businessName: sellerDirectory.businessName, status: sellerDirectory.status })
    .from(sellerDirectory)
    .where(eq(sellerDirectory.userId, userId))
    .limit(1);
  return row;
}

const USER_ORDER: Record<(typeof ADMIN_USER_SORTS)[number], SQL> = {
  createdAt: sql`${users.createdAt}`,
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
};

/** Accounts of every role with their vendor record, narrowed by role or text (name, e-mail, business name). */
export async function listUsers(db: Executor, filter: AdminUsersQuery) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(sellerDirectory.businessName, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { column, descending } = parseSort(filter.sort);
  const direction = descending ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user: users,
        vendor: {
          id: sellerDirectory.id,
          businessName: sellerDirectory.businessName,
          status: sellerDirectory.status,
          gstin: sellerDirectory.gstin,
          pickupCity: sellerDirectory.pickupCity,
          pickupState: sellerDirectory.pickupState,
        },
      })
      .from(users)
      .leftJoin(sellerDirectory, eq(sellerDirectory.userId, users.id))
      .where(where)
      .orderBy(direction(USER_ORDER[column]), direction(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(users).leftJoin(sellerDirectory, eq(sellerDirectory.userId, users.id)).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countUsersByRole(db: Executor) {
  return db.select({ role: users.role, value: count() }).from(users).groupBy(users.role);
}

/** Sign-ups per day (Asia/Kolkata calendar days) since `since`. */
export async function signupsByDay(db: Executor, since: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  return db.select({ date: day, value: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day).orderBy(day);
}
