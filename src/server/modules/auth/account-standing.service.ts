import type { UserRole } from '~/shared/constants';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './accounts.repo';
import type { Auth } from './better-auth';
import { forgetCachedSessions } from './account-links';

const NOT_FOUND = 'This account was not found. It may have been deleted.';

/** The account whose standing changed, as the flow that changed it records it. */
export interface StandingTarget {
  userId: string;
  role: UserRole;
  email: string;
}

/**
 * An account's standing as the admin changes it (suspend, reactivate), on identity's tables only:
 * better-auth's admin fields (`banned`, `ban_reason`), whose hook refuses a banned account a new
 * session, and the account's sessions. Each change runs in the caller's transaction (the flows
 * `suspend-account` and `reactivate-account`, which also change the vendor record and write the audit
 * entry) and is serialised by a lock, so that at least one active admin always remains.
 */
export function createAccountStandingService(deps: { db: Database; auth: Auth }) {
  const { db, auth } = deps;
  return {
    /** The account row, or NOT_FOUND (the admin's user page). */
    async account(userId: string) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', NOT_FOUND);
      return user;
    },

    /** The account's live sessions, most recently refreshed first (the admin's user page). */
    async liveSessions(userId: string) {
      return repo.liveSessions(db, userId, { order: 'lastRefresh' });
    },

    /**
     * Suspends the account in `tx`: banned with the reason, every session deleted (their tokens are
     * returned, for `forgetSessions` after the commit). No admin suspends themselves; the acting admin
     * must still be active, and an admin is suspended only while another active admin remains.
     */
    async suspend(tx: Executor, userId: string, reason: string, actorId: string): Promise<StandingTarget & { tokens: string[] }> {
      if (userId === actorId) {
        throw new AppError('CONFLICT', 'You cannot suspend your own account. Another admin can, if it must be done.');
      }
      await repo.lockStandings(tx);
      const actor = await repo.lockUser(tx, actorId);
      if (!actor || actor.banned) throw new AppError('FORBIDDEN', 'Your own account has just been suspended.');
      const target = await repo.lockUser(tx, userId);
      if (!target) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (target.banned) throw new AppError('CONFLICT', 'This account is already suspended.');
      if (target.role === 'admin') {
        const others = (await repo.activeAdminIds(tx)).filter((id) => id !== userId);
        if (others.length === 0) {
          throw new AppError('CONFLICT', 'This is the last active admin: it cannot be suspended, or no one could run the shop.');
        }
      }
      await repo.setBanned(tx, userId, true, reason);
      const tokens = await repo.deleteSessionsExcept(tx, userId, null);
      return { userId, role: target.role as UserRole, email: target.email, tokens };
    },

    /** Lifts the suspension in `tx` (the account may sign in again); returns the reason it was suspended for. */
    async reactivate(tx: Executor, userId: string): Promise<StandingTarget & { suspendedReason: string | null }> {
      await repo.lockStandings(tx);
      const target = await repo.lockUser(tx, userId);
      if (!target) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (!target.banned) throw new AppError('CONFLICT', 'This account is not suspended.');
      await repo.setBanned(tx, userId, false, null);
      return { userId, role: target.role as UserRole, email: target.email, suspendedReason: target.banReason };
    },

    /** Drops the ended sessions from the session cache (Redis), after the transaction that ended them. */
    async forgetSessions(userId: string, tokens: string[]): Promise<void> {
      await forgetCachedSessions(auth, userId, tokens);
    },
  };
}

export type AccountStandingService = ReturnType<typeof createAccountStandingService>;
