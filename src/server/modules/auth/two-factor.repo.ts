import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactors, users } from '../../db/schema/auth';

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
