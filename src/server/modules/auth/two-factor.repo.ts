import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactors, users, verifications } from '../../db/schema/auth';

/** The account's role and two-factor state, with its stored recovery-code digests. */
export async function findTwoFactorState(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      enabled: users.twoFactorEnabled,
      verified: twoFactors.verified,
      backupCodes: twoFactors.backupCodes,
    })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

/** Replaces the account's recovery-code digests (a JSON list). */
export async function replaceBackupCodes(db: Executor, userId: string, stored: string): Promise<void> {
  await db.update(twoFactors).set({ backupCodes: stored }).where(eq(twoFactors.userId, userId));
}

/** Enrols an account with a known (encrypted) secret and recovery-code digests: the seed's demo admin. */
export async function enrolAccount(db: Executor, input: { id: string; userId: string; secret: string; backupCodes: string }) {
  await db
    .insert(twoFactors)
    .values({ ...input, verified: true })
    .onConflictDoUpdate({ target: twoFactors.userId, set: { secret: input.secret, backupCodes: input.backupCodes, verified: true } });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, input.userId));
}

/** The row that says an account's authenticator code was used: a digest, never the code itself. */
export function usedCodeId(userId: string, code: string): string {
  return `2fa-used:${createHash('sha256').update(`${userId}:${code}`).digest('base64url')}`;
}

/**
 * Marks a code used until `until`: true when this call did, false when it was used already and
 * that has not expired. One statement, so two requests (on any two processes) cannot both claim it.
 */
export async function claimCode(db: Executor, id: string, until: Date): Promise<boolean> {
  const claimed = await db
    .insert(verifications)
    .values({ id, identifier: id, value: '', expiresAt: until })
    .onConflictDoUpdate({
      target: verifications.id,
      set: { expiresAt: until, updatedAt: sql`now()` },
      setWhere: sql`${verifications.expiresAt} <= now()`,
    })
    .returning({ id: verifications.id });
  return claimed.length === 1;
}

/** Gives a claimed code back (it was wrong, or the action did not happen). */
export async function releaseCode(db: Executor, id: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, id));
}
