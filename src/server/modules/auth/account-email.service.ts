import { isAPIError } from 'better-auth/api';
import { EMAIL_LINK_HOURS } from '~/shared/schemas/account-recovery';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import * as repo from './account-tokens.repo';
import type { Auth } from './better-auth';
import { guardLinkTries } from './email-verification.service';
import { endLinksOf } from './account-links';

export const INVALID_CHANGE_LINK_MESSAGE =
  'This link has expired or has already been used. Your e-mail address has not changed; you can ask for the change again from your profile.';
const ADDRESS_TAKEN = 'Another account already uses this e-mail address.';

/** Requests of a change (each checks the password) per account. */
export const EMAIL_CHANGE_LIMIT = { max: 5, windowSeconds: 3600 };

interface ChangeValue {
  userId: string;
  newEmail: string;
  /** The session that asked: it stays signed in, every other one ends. */
  sessionId: string;
}

function isChangeValue(value: unknown): value is ChangeValue {
  const v = value as Partial<ChangeValue> | null;
  return typeof v?.userId === 'string' && typeof v.newEmail === 'string' && typeof v.sessionId === 'string';
}

const invalidLink = (message = INVALID_CHANGE_LINK_MESSAGE) => new AppError('VALIDATION', message, { fields: { token: message } });

/**
 * Changing one's e-mail address (decision 25): the current password is asked for, the new address
 * gets a single-use link (hashed at rest, 24 hours, bound to this purpose, the account and the
 * address), and only following it changes the address. Then the old address is told, and every
 * other session of the account ends.
 */
export function createAccountEmailService(deps: {
  db: Database;
  auth: Auth;
  mailService: MailService;
  limiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  config: Config;
}) {
  const { db, auth, mailService, limiter, audit, config } = deps;

  /** Drops ended sessions from better-auth's session cache (Redis) too, when there is one. */
  async function forgetCachedSessions(userId: string, tokens: string[]) {
    const cache = (await auth.$context).secondaryStorage;
    if (!cache) return;
    await Promise.all([...tokens.map((token) => cache.delete(token)), cache.delete(`active-sessions-${userId}`)]);
  }

  return {
    async requestChange(viewer: Viewer, input: { newEmail: string; password: string }, meta: RequestMeta): Promise<{ message: string }> {
      await limiter.hit(`email-change:user:${viewer.userId}`, EMAIL_CHANGE_LIMIT, 'Too many attempts to change your e-mail address.');
      try {
        await auth.api.verifyPassword({ body: { password: input.password }, headers: meta.headers });
      } catch (error) {
        if (isAPIError(error) && error.statusCode < 500) {
          const message = 'This password is not correct.';
          throw new AppError('VALIDATION', message, { fields: { password: message } });
        }
        throw error;
      }
      if (input.newEmail === viewer.email) {
        const message = 'This is already your e-mail address.';
        throw new AppError('VALIDATION', message, { fields: { newEmail: message } });
      }
      if (await repo.findAccountByEmail(db, input.newEmail)) {
        throw new AppError('CONFLICT', ADDRESS_TAKEN, { fields: { newEmail: ADDRESS_TAKEN } });
      }
      const token = repo.newToken();
      const value: ChangeValue = { userId: viewer.userId, newEmail: input.newEmail, sessionId: viewer.sessionId };
      await db.transaction(async (tx) => {
        await repo.insertToken(tx, 'change-email', token, value, new Date(Date.now() + EMAIL_LINK_HOURS * 3600_000));
        await mailService.enqueue(tx, {
          to: input.newEmail,
          toName: viewer.name,
          template: 'email_change_verify',
          data: {
            name: viewer.name,
            newEmail: input.newEmail,
            confirmUrl: `${config.PUBLIC_URL}/verify-email?change=${encodeURIComponent(token)}`,
            hours: EMAIL_LINK_HOURS,
          },
        });
      });
      return {
        message: `We have sent a link to ${input.newEmail}. Your e-mail address changes when you follow it; until then, keep using ${viewer.email}.`,
      };
    },

    /** Follows the link sent to the new address: the address changes, the old one is told, other sessions end. */
    async confirmChange(token: string, meta: RequestMeta): Promise<{ message: string }> {
      const tries = await guardLinkTries(limiter, meta);
      let changed: { userId: string; newEmail: string; endedTokens: string[] };
      try {
        changed = await db.transaction(async (tx) => {
          const found = await repo.consumeToken(tx, 'change-email', token);
          if (!found || found.expired || !isChangeValue(found.value)) throw invalidLink();
          const { userId, newEmail, sessionId } = found.value;
          const account = await repo.lockAccount(tx, userId);
          if (!account) throw invalidLink();
          if (account.email === newEmail) throw invalidLink('Your e-mail address has already been changed to this one.');
          await repo.setEmail(tx, userId, newEmail);
          const endedTokens = await repo.deleteOtherSessions(tx, userId, sessionId);
          // A reset link sent to the old address, or another change not confirmed, must not work from now on.
          await endLinksOf(tx, auth, userId);
          await mailService.enqueue(tx, {
            to: account.email,
            toName: account.name,
            template: 'email_changed_notice',
            data: { name: account.name, oldEmail: account.email, newEmail, changedOn: dayOf(new Date()) },
          });
          await audit.record(tx, {
            action: 'account.email_change',
            entityType: 'user',
            entityId: userId,
            summary: `Changed the sign-in e-mail address from ${account.email} to ${newEmail} (confirmed by a link to the new address)`,
            before: { email: account.email },
            after: { email: newEmail, sessionsEnded: endedTokens.length },
            actor: { userId, role: account.role, email: account.email },
          });
          return { userId, newEmail, endedTokens };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw invalidLink(ADDRESS_TAKEN);
        if (error instanceof AppError && error.code === 'VALIDATION') await tries.failed();
        throw error;
      }
      await forgetCachedSessions(changed.userId, changed.endedTokens);
      return { message: `Your e-mail address is now ${changed.newEmail}. Use it the next time you sign in.` };
    },
  };
}

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
