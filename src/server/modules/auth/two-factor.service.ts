import { isAPIError } from 'better-auth/api';
import type { UserRole } from '~/shared/constants';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { Auth } from './better-auth';
import { countStoredCodes, hashRecoveryCode } from './two-factor-codes';
import {
  codeOf,
  createTwoFactorGuards,
  PENDING_COOKIE,
  SIGN_IN_EXPIRED,
  TOO_MANY,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from './two-factor-guards';
import { createTwoFactorSetup } from './two-factor-setup';
import * as repo from './two-factor.repo';

/** The pending-sign-in identifier from the signed cookie the password step set (`<identifier>.<signature>`). */
function pendingIdentifier(headers: Headers): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === PENDING_COOKIE || name === `__Secure-${PENDING_COOKIE}`) {
      const value = decodeURIComponent(rest.join('='));
      const dot = value.lastIndexOf('.');
      return dot > 0 ? value.slice(0, dot) : undefined;
    }
  }
  return undefined;
}

/**
 * Two-step sign-in (decision 27) over better-auth's two-factor plugin: set-up with the password,
 * confirmation with a first code, recovery codes shown once and stored as digests, the code step of
 * a sign-in, and turning it off with the password and a code. Codes are throttled like passwords.
 * Composed of the guards every step checks with, the account's own set-up, and the code step of a sign-in.
 */
export function createTwoFactorService(deps: {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
  audit: AuditService;
  secret: string;
}) {
  const { db, auth, limiter, secret } = deps;
  const guards = createTwoFactorGuards(deps);
  const { ipLimit, record, pendingUserId, throttle, claimCode } = guards;
  return {
    ...createTwoFactorSetup({ db, auth, limiter, secret, guards }),

    /**
     * The code step of a sign-in: with the pending cookie the password step set, a code from the app or
     * a recovery code (used up) ends the sign-in with a session. Throttled per account and per client.
     */
    async completeSignIn(input: { code?: string; recoveryCode?: string }, meta: RequestMeta) {
      const identifier = pendingIdentifier(meta.headers);
      const userId = identifier ? await pendingUserId(identifier) : undefined;
      if (!userId) throw new AppError('UNAUTHENTICATED', SIGN_IN_EXPIRED);
      // A code used already is refused before it counts as an attempt: it is no guess, and parallel
      // sign-ins of one account (a shared demo admin) must not lock each other out with it.
      const claim = input.recoveryCode ? undefined : await claimCode(userId, input.code ?? '', 'code');
      await throttle(userId, meta).catch(async (error: unknown) => {
        await claim?.release();
        throw error;
      });
      let cookies: string[];
      try {
        const result = input.recoveryCode
          ? await auth.api.verifyBackupCode({
              body: { code: hashRecoveryCode(secret, input.recoveryCode) },
              headers: meta.headers,
              returnHeaders: true,
            })
          : await auth.api.verifyTOTP({
              body: { code: input.code ?? '' },
              headers: meta.headers,
              returnHeaders: true,
            });
        cookies = result.headers.getSetCookie();
      } catch (error) {
        await claim?.release();
        const code = codeOf(error);
        if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') {
          await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
          const field = input.recoveryCode ? 'recoveryCode' : 'code';
          const message = input.recoveryCode ? WRONG_RECOVERY_CODE : WRONG_CODE;
          throw new AppError('VALIDATION', message, {
            fields: { [field]: message },
          });
        }
        if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
          throw new AppError('RATE_LIMITED', `${TOO_MANY} Please try again in 15 minutes.`, { retryAfterSeconds: 900 });
        }
        if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
          throw new AppError('UNAUTHENTICATED', SIGN_IN_EXPIRED);
        }
        throw error;
      }
      await limiter.reset(`2fa:user:${userId}`);
      if (input.recoveryCode) {
        const state = await repo.findTwoFactorState(db, userId);
        if (state) {
          const actor = {
            userId,
            role: state.role as UserRole,
            email: state.email,
          };
          await record(
            userId,
            'user.two-factor-recovery-code-use',
            `Recovery code used to sign in (${countStoredCodes(state.backupCodes)} left)`,
            actor,
          );
        }
      }
      return { userId, cookies };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
