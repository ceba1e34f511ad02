import { randomUUID } from 'node:crypto';
import type { UserRole } from '~/shared/constants';
import type { Database, Executor } from '../../db/client';
import * as repo from './accounts.repo';
import type { Auth } from './better-auth';
import { endLinksOf, forgetCachedSessions } from './account-links';

/** What an erased account is called from then on. */
export const ERASED_NAMES: Record<UserRole, string> = {
  customer: 'Deleted customer',
  vendor: 'Deleted vendor',
  admin: 'Deleted admin',
};

/** The account as it was when its erasure began (its e-mail and mobile are gone once it ends). */
export interface AccountBeingErased {
  userId: string;
  role: UserRole;
  name: string;
  email: string;
  phone: string | null;
  deletionRequestedAt: Date;
}

/**
 * Identity's part of erasing an account deleted at its owner's request (decision 26): which accounts are
 * due, and, in the transaction of the flow `erase-account` (which erases the other modules' rows between
 * them), the start (the account locked and checked still due) and the end (sessions, e-mailed links,
 * name, e-mail, mobile and password gone; banned, so nothing signs in to it again).
 */
export function createAccountErasureService(deps: { db: Database; auth: Auth }) {
  const { db, auth } = deps;
  return {
    /** Accounts whose deletion was asked for at or before `requestedBy` and is not done yet. */
    async due(requestedBy: Date, limit: number): Promise<string[]> {
      return repo.dueDeletions(db, requestedBy, limit);
    },

    /** The account's role, read outside any transaction (a vendor's erasure waits for its business to settle). */
    async roleOf(userId: string): Promise<UserRole | null> {
      return ((await repo.findUserById(db, userId))?.role as UserRole | undefined) ?? null;
    },

    /**
     * Locks the account in `tx` (and the standings: no suspension races the erasure) and says whether it
     * is still due: not if a sign-in or "Cancel deletion" came since the list was read, or another process
     * was first ('skipped'); the last admin waits ('postponed').
     */
    async begin(
      tx: Executor,
      userId: string,
      dueBy: Date,
    ): Promise<{ account: AccountBeingErased } | { status: 'skipped' | 'postponed'; reason: string }> {
      await repo.lockStandings(tx);
      const row = await repo.lockUser(tx, userId);
      if (!row || row.deletedAt || !row.deletionRequestedAt || row.deletionRequestedAt > dueBy) {
        return { status: 'skipped', reason: 'no longer due' };
      }
      const role = row.role as UserRole;
      if (role === 'admin' && (await repo.otherStayingAdmins(tx, userId)) === 0) return { status: 'postponed', reason: 'last admin' };
      const { name, email, phone, deletionRequestedAt } = row;
      return { account: { userId, role, name, email, phone, deletionRequestedAt } };
    },

    /** Ends every session and e-mailed link of the account in `tx`; returns the sessions' tokens. */
    async endSessions(tx: Executor, userId: string): Promise<string[]> {
      const tokens = await repo.deleteSessionsExcept(tx, userId, null);
      await endLinksOf(tx, auth, userId);
      return tokens;
    },

    /** The account row erased in `tx`: placeholder name and e-mail, no mobile, picture or password, banned. */
    async eraseRow(tx: Executor, account: AccountBeingErased, now: Date): Promise<{ credentialsRemoved: number }> {
      return repo.eraseAccountRow(tx, account.userId, {
        name: ERASED_NAMES[account.role],
        email: `deleted-${randomUUID()}@deleted.invalid`,
        at: now,
      });
    },

    /** Drops the ended sessions from the session cache (Redis), after the erasure commits. */
    async forgetSessions(userId: string, tokens: string[]): Promise<void> {
      if (tokens.length > 0) await forgetCachedSessions(auth, userId, tokens);
    },
  };
}

export type AccountErasureService = ReturnType<typeof createAccountErasureService>;
