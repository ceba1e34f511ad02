import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { UserRole } from '~/shared/constants';
import type { Executor } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/auth';
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

export async function countUsersByRole(db: Executor) {
  return db.select({ role: users.role, value: count() }).from(users).groupBy(users.role);
}

/** Sign-ups per day (Asia/Kolkata calendar days) since `since`. */
export async function signupsByDay(db: Executor, since: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  return db.select({ date: day, value: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day).orderBy(day);
}

/** How long a session's last_seen_at may lag behind its use (decision 26). */
export const LAST_SEEN_STEP_MS = 5 * 60_000;

export async function updateProfile(db: Executor, userId: string, profile: { name: string; phone: string | null }) {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

/**
 * The account's live sessions: for its own page (`lastUse`, the default) the most recently used first, as
 * last_seen_at moves; for the admin's user page (`lastRefresh`) the most recently refreshed first, 50 at most.
 */
export async function liveSessions(db: Executor, userId: string, options: { order?: 'lastUse' | 'lastRefresh'; now?: Date } = {}) {
  const byRefresh = options.order === 'lastRefresh';
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, options.now ?? new Date())))
    .orderBy(
      ...(byRefresh ? [desc(sessions.updatedAt)] : [desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.updatedAt})`), asc(sessions.id)]),
    )
    .limit(byRefresh ? 50 : 100);
}

/** Deletes one of the account's own sessions; another account's id deletes nothing (null). */
export async function deleteOwnSession(db: Executor, userId: string, sessionId: string) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ token: sessions.token, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress });
  return row ?? null;
}

/** Deletes every session of the account except `keepSessionId` (null: all); returns their tokens. */
export async function deleteSessionsExcept(db: Executor, userId: string, keepSessionId: string | null): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ token: sessions.token });
  return rows.map((r) => r.token);
}

/**
 * Moves the session's last_seen_at to `now` when it is older than LAST_SEEN_STEP_MS: one indexed
 * update that usually changes no row.
 */
export async function touchSession(db: Executor, sessionId: string, now: Date) {
  const before = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lte(sessions.lastSeenAt, before))));
}

export async function setDeletionRequested(tx: Executor, userId: string, at: Date | null) {
  await tx.update(users).set({ deletionRequestedAt: at }).where(eq(users.id, userId));
}

/** Clears a pending deletion request; true when there was one. */
export async function cancelDeletionRequest(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Accounts whose deletion was asked for at or before `requestedBy` and is not done yet (users_deletion_due_idx). */
export async function dueDeletions(db: Executor, requestedBy: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionRequestedAt), isNull(users.deletedAt), lte(users.deletionRequestedAt, requestedBy)))
    .orderBy(asc(users.deletionRequestedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Admins who are active and not waiting to be deleted, other than `exceptUserId`. */
export async function otherStayingAdmins(tx: Executor, exceptUserId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        ne(users.id, exceptUserId),
        sql`${users.banned} is not true`,
        isNull(users.deletionRequestedAt),
        isNull(users.deletedAt),
      ),
    );
  return rows.length;
}

/**
 * The account row after erasure: placeholder name and e-mail, no mobile or picture, no password
 * (its credential row is deleted) and banned, so nothing can sign in to it again.
 */
export async function eraseAccountRow(tx: Executor, userId: string, values: { name: string; email: string; at: Date }) {
  await tx
    .update(users)
    .set({
      name: values.name,
      email: values.email,
      phone: null,
      image: null,
      emailVerified: false,
      banned: true,
      banReason: 'Account deleted at the owner’s request',
      deletionRequestedAt: null,
      deletedAt: values.at,
    })
    .where(eq(users.id, userId));
  const removed = await tx.delete(accounts).where(eq(accounts.userId, userId)).returning({ id: accounts.id });
  return { credentialsRemoved: removed.length };
}
