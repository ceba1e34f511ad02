import { isAPIError } from 'better-auth/api';
import { PASSWORD_RESET_LINK_MINUTES, RESET_LINK_SENT_MESSAGE } from '~/shared/schemas/account-recovery';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { Auth, PasswordResetHooks } from './better-auth';
import { guardLinkTries } from './email-verification.service';
import type { KeyValueStore } from '../../lib/kv-store';
import { endLinksIn } from './account-links';

/** What the reset page shows for a link that is used, late, or not a reset link at all. */
export const INVALID_RESET_LINK_MESSAGE = 'This password reset link has expired or has already been used. Please ask for a new one.';

const HOUR = 3600;
/** Per address: a few links an hour, so nobody can flood someone's inbox. Per client: more, for a shared office address. */
export const RESET_LIMITS = {
  perEmail: { max: 3, windowSeconds: HOUR },
  perIp: { max: 20, windowSeconds: HOUR },
  /** Tries of a token (with a new password) per client address. */
  tokenTriesPerIp: { max: 20, windowSeconds: HOUR },
};
const TOO_MANY = 'Too many password reset requests.';
const invalidLink = () => new AppError('VALIDATION', INVALID_RESET_LINK_MESSAGE, { fields: { token: INVALID_RESET_LINK_MESSAGE } });

type ResetUser = Parameters<PasswordResetHooks['passwordWasReset']>[0] & { role?: string | null };

/**
 * What better-auth does with its reset token and after a reset (its hooks, given to createAuth): the
 * e-mails, the end of the account's other links and the audit entry. Built before better-auth itself,
 * which calls them, so it reaches the session cache through the store better-auth is handed.
 */
export function createPasswordResetHooks(deps: {
  db: Database;
  mailService: MailService;
  audit: Pick<AuditService, 'record'>;
  config: Config;
  /** The store given to createAuth as its session cache, when there is one (Redis). */
  sessionCache: KeyValueStore | undefined;
}): PasswordResetHooks {
  const { db, mailService, audit, config } = deps;
  return {
    async sendResetLink(user, token) {
      const resetUrl = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
      await db.transaction((tx) =>
        mailService.enqueue(tx, {
          to: user.email,
          toName: user.name,
          template: 'password_reset',
          data: { name: user.name, resetUrl, minutes: PASSWORD_RESET_LINK_MINUTES },
        }),
      );
    },

    async passwordWasReset(user: ResetUser) {
      await db.transaction(async (tx) => {
        // Other reset links and the account's verification links die with the old password (better-auth spent this one).
        await endLinksIn(tx, deps.sessionCache, user.id);
        await mailService.enqueue(tx, {
          to: user.email,
          toName: user.name,
          template: 'password_changed',
          data: { name: user.name, changedOn: dayOf(new Date()), forgotUrl: `${config.PUBLIC_URL}/forgot-password` },
        });
        await audit.record(tx, {
          action: 'account.password_reset',
          entityType: 'user',
          entityId: user.id,
          summary: `${user.email} chose a new password with an e-mailed link; every session and other e-mailed link was ended`,
          actor: { userId: user.id, role: user.role ?? 'customer', email: user.email },
        });
      });
    },
  };
}

/**
 * Forgot password (decision 25): better-auth makes the token (random, stored as a hash, single use,
 * 30 minutes, bound to its purpose by its identifier), checks it, sets the password and ends every
 * session; this service adds the rate limits (the e-mails and the audit entry are its hooks, above).
 */
export function createPasswordResetService(deps: { auth: Auth; limiter: RateLimiter }) {
  const { auth, limiter } = deps;

  return {
    /** Sends a reset link when the address has an account; the answer is the same either way. */
    async request(email: string, meta: RequestMeta): Promise<{ message: string }> {
      await limiter.hit(`reset:ip:${meta.ip}`, RESET_LIMITS.perIp, TOO_MANY);
      await limiter.hit(`reset:email:${email}`, RESET_LIMITS.perEmail, TOO_MANY);
      await auth.api.requestPasswordReset({ body: { email }, headers: meta.headers });
      return { message: RESET_LINK_SENT_MESSAGE };
    },

    /**
     * Whether a reset link still works, before the person types a new password: nothing is spent.
     * better-auth finds the token by its hash, as its reset does.
     */
    async check(token: string, meta: RequestMeta): Promise<{ expiresAt: string }> {
      const tries = await guardLinkTries(limiter, meta);
      const { internalAdapter } = await auth.$context;
      const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!found || new Date(found.expiresAt).getTime() <= Date.now()) {
        await tries.failed();
        throw invalidLink();
      }
      return { expiresAt: new Date(found.expiresAt).toISOString() };
    },

    /** Sets a new password with a reset link's token; every session of the account ends. */
    async reset(input: { token: string; password: string }, meta: RequestMeta): Promise<{ message: string }> {
      await limiter.hit(`reset-token:ip:${meta.ip}`, RESET_LIMITS.tokenTriesPerIp, 'Too many password reset attempts.');
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: meta.headers });
      } catch (error) {
        if (isAPIError(error) && error.statusCode === 400) throw invalidLink();
        throw error;
      }
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
