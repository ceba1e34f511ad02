import { and, asc, count, desc, eq, gt, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '~/shared/constants';
import { type ADMIN_USER_SORTS, type AdminUsersQuery } from '~/shared/schemas/auth';
import { parseSort } from '~/shared/schemas/common';
import type { Executor } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/auth';
import { sellerDirectory } from '../../db/views/vendors';
import { escapeLike } from '../../lib/sql-text';
import { newId } from '../../lib/ids';

export interface NewAccount {
  name: string;
  email: string;
  role: UserRole;
  passwordHash: string;
  /** False unless the address is known to be the person's (decision 25). */
  emailVerified?: boolean;
  /** The person's mobile (+91XXXXXXXXXX) when the registration asked for one (a vendor's does). */
  phone?: string | null;
}

/** Inserts the user and its credential row; the caller runs it in a transaction. */
export async function insertAccount(tx: Executor, account: NewAccount): Promise<string> {
  const id = newId('usr', 24);
  await tx.insert(users).values({
    id,
    name: account.name,
    email: account.email,
    role: account.role,
    emailVerified: account.emailVerified ?? false,
    phone: account.phone ?? null,
  });
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

/** What narrows the admin's list of accounts: its query, and the accounts whose mobile matched the text. */
export type UserFilter = Pick<AdminUsersQuery, 'role' | 'status' | 'q' | 'sort'> & { mobileUserIds?: string[] };

/** Never null (a customer has no vendor record), so `not` of it is true for every active account. */
const suspendedSql = sql`(${users.banned} is true or ${sellerDirectory.status} is not distinct from 'suspended')`;

function userConditions(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status === 'active') conditions.push(sql`not ${suspendedSql}`);
  else if (filter.status === 'suspended') conditions.push(suspendedSql);
  else if (filter.status) conditions.push(eq(sellerDirectory.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const text = [ilike(users.email, pattern), ilike(users.name, pattern), ilike(sellerDirectory.businessName, pattern)];
    if (filter.mobileUserIds?.length) text.push(inArray(users.id, filter.mobileUserIds));
    conditions.push(or(...text)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** One page (limit, offset) of accounts with their vendor record, in the filter's order. */
export async function selectUsers(db: Executor, filter: UserFilter, limit: number, offset: number) {
  const { column, descending } = parseSort(filter.sort);
  const direction = descending ? desc : asc;
  return db
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
    .where(userConditions(filter))
    .orderBy(direction(USER_ORDER[column]), direction(users.id))
    .limit(limit)
    .offset(offset);
}

/** Accounts of every role with their vendor record, narrowed by role, status or text (name, e-mail, business, mobile). */
export async function listUsers(db: Executor, filter: UserFilter & Pick<AdminUsersQuery, 'page' | 'pageSize'>) {
  const [rows, [total]] = await Promise.all([
    selectUsers(db, filter, filter.pageSize, (filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(users).leftJoin(sellerDirectory, eq(sellerDirectory.userId, users.id)).where(userConditions(filter)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Serialises every change of an account's standing (suspend, reactivate) for the rest of the
 * transaction, so "at least one other active admin remains" holds when two admins act at once.
 */
export async function lockStandings(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('auth:account-standing'))`);
}

export async function lockUser(tx: Executor, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** Admins who are not suspended. */
export async function activeAdminIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.banned} is not true`));
  return rows.map((r) => r.id);
}

/** better-auth's admin fields: a banned account cannot make a session (its hook refuses sign-in). */
export async function setBanned(tx: Executor, id: string, banned: boolean, reason: string | null) {
  await tx.update(users).set({ banned, banReason: reason, banExpires: null }).where(eq(users.id, id));
}

/** Ends every session of the account; returns their tokens (to drop from the session cache too). */
export async function deleteSessionsOf(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ token: sessions.token });
  return rows.map((r) => r.token);
}

/** The account's live sessions, most recently seen first. */
export async function liveSessionsOf(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt))
    .limit(50);
}

export async function countUsersByRole(db: Executor) {
  return db.select({ role: users.role, value: count() }).from(users).groupBy(users.role);
}

/** Sign-ups per day (Asia/Kolkata calendar days) since `since`. */
export async function signupsByDay(db: Executor, since: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  return db.select({ date: day, value: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day).orderBy(day);
}
