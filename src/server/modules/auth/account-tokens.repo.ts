import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users, verifications } from '../../db/schema/auth';
import { newId } from '../../lib/ids';

/**
 * The e-mail links of our own flows (decision 25). The purpose is part of the stored identifier,
 * so a token of one flow is never found by another; only the SHA-256 of the token is stored.
 */
export type TokenPurpose = 'verify-email' | 'change-email';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function identifierOf(purpose: TokenPurpose, token: string): string {
  return `${purpose}:${createHash('sha256').update(token).digest('base64url')}`;
}

export async function insertToken(tx: Executor, purpose: TokenPurpose, token: string, value: unknown, expiresAt: Date) {
  await tx.insert(verifications).values({
    id: newId('vrf', 24),
    identifier: identifierOf(purpose, token),
    value: JSON.stringify(value),
    expiresAt,
  });
}

/**
 * Deletes the token's row and returns what it held: of two requests with the same token only one
 * gets it (single use). A late token is deleted too, and comes back with `expired`.
 */
export async function consumeToken(tx: Executor, purpose: TokenPurpose, token: string, now = new Date()) {
  const [row] = await tx
    .delete(verifications)
    .where(eq(verifications.identifier, identifierOf(purpose, token)))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  if (!row) return undefined;
  return { value: JSON.parse(row.value) as unknown, expired: row.expiresAt.getTime() <= now.getTime() };
}

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findAccountByEmail(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Marks the address verified, only while the account still uses it; undefined otherwise. */
export async function markVerified(tx: Executor, userId: string, email: string) {
  const [row] = await tx
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id, email: users.email, role: users.role });
  return row;
}

/** Locks the account's row and returns its current address. */
export async function lockAccount(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row;
}

export async function setEmail(tx: Executor, userId: string, email: string) {
  await tx.update(users).set({ email, emailVerified: true }).where(eq(users.id, userId));
}

/** Deletes the account's sessions but `keepSessionId`; returns the deleted tokens (for the session cache). */
export async function deleteOtherSessions(tx: Executor, userId: string, keepSessionId: string | null): Promise<string[]> {
  const condition = keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId);
  const rows = await tx.delete(sessions).where(condition).returning({ token: sessions.token });
  return rows.map((r) => r.token);
}

/**
 * Deletes every link and pending step of the account kept in `verifications`: better-auth's reset
 * links and two-step sign-ins (their value is the user id; their identifier is hashed) and our own
 * verification and change-of-address links (their JSON value names the user). Returns the stored
 * identifiers of the rows deleted (better-auth keeps copies under them in Redis: `account-links.ts`).
 */
export async function deleteLinksOf(tx: Executor, userId: string): Promise<string[]> {
  const named = `"userId":${JSON.stringify(userId)}`;
  const rows = await tx
    .delete(verifications)
    .where(or(eq(verifications.value, userId), sql`strpos(${verifications.value}, ${named}) > 0`))
    .returning({ identifier: verifications.identifier });
  return rows.map((r) => r.identifier);
}
