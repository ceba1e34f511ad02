import { isAPIError } from 'better-auth/api';
import type { UserRole } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { ACCOUNT_DELETION_COOLING_OFF_DAYS, type AccountResponse, type AccountSession, type UpdateAccount } from '~/shared/schemas/account';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { approximatePlace } from './account-place';
import * as repo from './accounts.repo';
import type { Auth } from './better-auth';
import { deviceName } from './device-name';
import { endLinksOf, forgetCachedSessions } from './account-links';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many password checks (password change, deletion request) an account gets per window. */
const PASSWORD_CHECKS = { max: 10, windowSeconds: 15 * 60 };
/** At most this many sessions are remembered as "touched" by one process before the memo is cleared. */
const TOUCH_MEMO_LIMIT = 10_000;

export interface AccountServiceDeps {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  mailService: Pick<MailService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  /**
   * The person's data the modules above identity keep (address book, orders with lines, reviews,
   * wishlist), for "Download my data": wired by services.ts through their owners' services.
   */
  dataOf: (userId: string) => Promise<AccountDataParts>;
  /**
   * Why the account may not ask for its deletion yet (a vendor's open orders or money not paid out), or
   * null: the erasure flow's settlement check, wired by services.ts.
   */
  deletionBlocker: (userId: string, role: UserRole) => Promise<string | null>;
  publicUrl: string;
}

/** What "Download my data" holds from the modules above identity, each list as its owner exports it. */
export interface AccountDataParts {
  addresses: unknown[];
  orders: unknown[];
  reviews: unknown[];
  wishlist: unknown[];
}

/** Only vendors' and admins' own changes go to the audit log (its scope, decision 18); customers' do not. */
const audited = (role: UserRole) => role !== 'customer';

/** Where each role's account page is (the e-mails link to it). */
export const ACCOUNT_PAGE: Record<UserRole, string> = {
  customer: paths.accountProfile,
  vendor: paths.vendor.account,
  admin: paths.admin.account,
};

/**
 * The account's own page (decision 26): its details, password, sessions, the export of its data and
 * the request to delete it. Every call acts on the viewer's own account and sessions only.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, auth, limiter, mailService, audit } = deps;
  /** Sessions whose last_seen_at this process moved lately: saves the no-op update on most requests. */
  const touched = new Map<string, number>();

  async function checkPassword(viewer: Viewer, password: string, meta: RequestMeta, field: string) {
    await limiter.hit(`account:password:${viewer.userId}`, PASSWORD_CHECKS, 'Too many password attempts.');
    try {
      await auth.api.verifyPassword({ body: { password }, headers: meta.headers });
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) throw wrongPassword(field);
      throw error;
    }
  }

  async function account(userId: string, executor: Executor = db) {
    const row = await repo.findUserById(executor, userId);
    if (!row || row.deletedAt) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return row;
  }

  async function sessionsOf(viewer: Viewer): Promise<AccountSession[]> {
    const rows = await repo.liveSessions(db, viewer.userId);
    const places = await Promise.all(rows.map((s) => approximatePlace(s.ipAddress)));
    return rows.map((s, i) => ({
      id: s.id,
      device: deviceName(s.userAgent),
      place: places[i]!,
      signedInAt: s.createdAt.toISOString(),
      lastSeenAt: (s.lastSeenAt && s.lastSeenAt > s.updatedAt ? s.lastSeenAt : s.updatedAt).toISOString(),
      current: s.id === viewer.sessionId,
    }));
  }

  return {
    /**
     * Moves the session's "last seen" at most every 5 minutes: the memo saves the database a no-op update
     * on most requests; the update's own condition keeps it right across processes.
     */
    async touch(sessionId: string, now = new Date()): Promise<void> {
      const last = touched.get(sessionId);
      if (last !== undefined && now.getTime() - last < repo.LAST_SEEN_STEP_MS) return;
      if (touched.size >= TOUCH_MEMO_LIMIT) touched.clear();
      touched.set(sessionId, now.getTime());
      await repo.touchSession(db, sessionId, now);
    },

    async read(userId: string): Promise<AccountResponse> {
      const row = await account(userId);
      return {
        uid: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        role: row.role as UserRole,
        createdAt: row.createdAt.toISOString(),
        deletion: row.deletionRequestedAt
          ? {
              requestedAt: row.deletionRequestedAt.toISOString(),
              dueAt: new Date(row.deletionRequestedAt.getTime() + ACCOUNT_DELETION_COOLING_OFF_DAYS * DAY_MS).toISOString(),
            }
          : null,
      };
    },

    async update(viewer: Viewer, input: UpdateAccount): Promise<AccountResponse> {
      await db.transaction(async (tx) => {
        const before = await account(viewer.userId, tx);
        await repo.updateProfile(tx, viewer.userId, { name: input.name, phone: input.phone });
        if (audited(viewer.role)) {
          // Which fields changed, not their values: the audit log is never erased (decision 26).
          const changed = [before.name !== input.name ? 'name' : null, before.phone !== input.phone ? 'mobile' : null].filter(Boolean);
          await audit.record(tx, {
            action: 'account.update',
            entityType: 'user',
            entityId: viewer.userId,
            summary: changed.length ? `Changed their own ${changed.join(' and ')}` : 'Saved their own details unchanged',
            after: { changed },
          });
        }
      });
      return this.read(viewer.userId);
    },

    /**
     * Changes the password (the current one must be right) through better-auth, which ends every
     * session of the account and opens a new one for this browser; returns its cookies.
     */
    async changePassword(viewer: Viewer, input: { currentPassword: string; newPassword: string }, meta: RequestMeta) {
      await limiter.hit(`account:password:${viewer.userId}`, PASSWORD_CHECKS, 'Too many password attempts.');
      const tokens = (await repo.liveSessions(db, viewer.userId)).length;
      let cookies: string[];
      try {
        const result = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers: meta.headers,
          returnHeaders: true,
        });
        cookies = result.headers.getSetCookie();
      } catch (error) {
        if (isAPIError(error) && error.statusCode === 400) throw wrongPassword('currentPassword');
        throw error;
      }
      await db.transaction(async (tx) => {
        // Reset and verification links asked for before the change die with the old password, as its sessions did.
        const linksEnded = await endLinksOf(tx, auth, viewer.userId);
        if (audited(viewer.role)) {
          await audit.record(tx, {
            action: 'account.password_change',
            entityType: 'user',
            entityId: viewer.userId,
            summary: 'Changed their own password; every other session and e-mailed link was ended',
            after: { sessionsEnded: Math.max(0, tokens - 1), linksEnded },
          });
        }
      });
      return cookies;
    },

    sessions: sessionsOf,

    /** Ends one of the viewer's own sessions; another account's session is NOT_FOUND. */
    async endSession(viewer: Viewer, sessionId: string): Promise<void> {
      const token = await db.transaction(async (tx) => {
        const ended = await repo.deleteOwnSession(tx, viewer.userId, sessionId);
        if (!ended) throw new AppError('NOT_FOUND', 'This session has already ended, or is not yours.');
        if (audited(viewer.role)) {
          await audit.record(tx, {
            action: 'account.session_end',
            entityType: 'user',
            entityId: viewer.userId,
            summary: `Signed out one of their own sessions (${deviceName(ended.userAgent)}, ${await approximatePlace(ended.ipAddress)})`,
            before: { sessionId },
          });
        }
        return ended.token;
      });
      await forgetCachedSessions(auth, viewer.userId, [token]);
    },

    /** Ends every session of the viewer but the one making the request. */
    async endOtherSessions(viewer: Viewer): Promise<number> {
      const tokens = await db.transaction(async (tx) => {
        const ended = await repo.deleteSessionsExcept(tx, viewer.userId, viewer.sessionId);
        if (audited(viewer.role) && ended.length > 0) {
          await audit.record(tx, {
            action: 'account.sessions_end_others',
            entityType: 'user',
            entityId: viewer.userId,
            summary: `Signed out everywhere else: ${ended.length} other session${ended.length === 1 ? '' : 's'} ended`,
            after: { sessionsEnded: ended.length },
          });
        }
        return ended;
      });
      await forgetCachedSessions(auth, viewer.userId, tokens);
      return tokens.length;
    },

    /** "Download my data": the profile, addresses, orders with lines, reviews, wishlist and sessions, through their owners. */
    async exportData(viewer: Viewer, now = new Date()) {
      const [profile, parts, sessionList] = await Promise.all([this.read(viewer.userId), deps.dataOf(viewer.userId), sessionsOf(viewer)]);
      return {
        exportedAt: now.toISOString(),
        about: 'Your data held by the shop, as JSON. Amounts are in paise (₹1 = 100 paise).',
        profile,
        addresses: parts.addresses,
        orders: parts.orders,
        reviews: parts.reviews,
        wishlist: parts.wishlist,
        sessions: sessionList,
      };
    },

    /**
     * "Delete my account" (decision 26): with the password, schedules the erasure after the cooling-off,
     * ends every other session and e-mails the owner. A vendor with open orders or money not paid out,
     * and the last admin, are refused (409).
     */
    async requestDeletion(viewer: Viewer, password: string, meta: RequestMeta, now = new Date()): Promise<AccountResponse> {
      await checkPassword(viewer, password, meta, 'password');
      const blocker = await deps.deletionBlocker(viewer.userId, viewer.role);
      if (blocker) throw new AppError('CONFLICT', blocker);
      const dueAt = new Date(now.getTime() + ACCOUNT_DELETION_COOLING_OFF_DAYS * DAY_MS);
      const tokens = await db.transaction(async (tx) => {
        await repo.lockStandings(tx);
        const row = await repo.lockUser(tx, viewer.userId);
        if (!row || row.deletedAt) throw new AppError('NOT_FOUND', 'This account no longer exists.');
        if (row.deletionRequestedAt) throw new AppError('CONFLICT', 'Deleting this account is already scheduled.');
        if (row.role === 'admin' && (await repo.otherStayingAdmins(tx, row.id)) === 0) {
          throw new AppError('CONFLICT', 'You are the last admin: the shop needs another admin before this account can be deleted.');
        }
        await repo.setDeletionRequested(tx, row.id, now);
        const ended = await repo.deleteSessionsExcept(tx, row.id, viewer.sessionId);
        await mailService.enqueue(tx, {
          to: row.email,
          toName: row.name,
          template: 'account_deletion_scheduled',
          data: {
            name: row.name,
            requestedOn: dayOf(now),
            dueOn: dayOf(dueAt),
            accountUrl: `${deps.publicUrl}${ACCOUNT_PAGE[viewer.role]}`,
          },
        });
        if (audited(viewer.role)) {
          await audit.record(tx, {
            action: 'account.deletion_request',
            entityType: 'user',
            entityId: row.id,
            summary: `Asked for their ${row.role} account to be deleted on ${dueAt.toISOString().slice(0, 10)}`,
            after: { dueAt: dueAt.toISOString(), sessionsEnded: ended.length },
          });
        }
        return ended;
      });
      await forgetCachedSessions(auth, viewer.userId, tokens);
      return this.read(viewer.userId);
    },

    /** "Cancel deletion" on the account page. */
    async cancelDeletion(viewer: Viewer): Promise<AccountResponse> {
      await db.transaction(async (tx) => {
        if (!(await repo.cancelDeletionRequest(tx, viewer.userId))) {
          throw new AppError('CONFLICT', 'No deletion of this account is scheduled.');
        }
        if (audited(viewer.role)) {
          await audit.record(tx, {
            action: 'account.deletion_cancel',
            entityType: 'user',
            entityId: viewer.userId,
            summary: 'Cancelled the deletion of their account',
          });
        }
      });
      return this.read(viewer.userId);
    },
  };
}

function wrongPassword(field: string) {
  const message = 'That is not your current password.';
  return new AppError('VALIDATION', message, { fields: { [field]: message } });
}

export type AccountService = ReturnType<typeof createAccountService>;
