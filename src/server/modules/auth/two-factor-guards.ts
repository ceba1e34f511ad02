import { isAPIError } from 'better-auth/api';
import { SESSION_COOKIE_PREFIX } from '~/shared/constants';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { Auth } from './better-auth';
import { hashRecoveryCode, hashedRecoveryCodeStore } from './two-factor-codes';
import * as repo from './two-factor.repo';

export const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it has been used already.';
export const WRONG_PASSWORD = 'That password is not right.';
export const SIGN_IN_EXPIRED = 'Your sign-in has expired or had too many wrong codes. Please enter your password again.';
export const TOO_MANY = 'Too many wrong codes.';
export const USED_CODE = 'That code has been used already. Wait for the next code in your app (a new one every 30 seconds).';
/**
 * better-auth accepts a code of the step before and after the current one (clock drift), so a code
 * works for up to 90 seconds, and it does not remember codes it has accepted. We do (RFC 6238 §5.2).
 */
const CODE_LIFETIME_SECONDS = 3 * 30;
export const PENDING_COOKIE = `${SESSION_COOKIE_PREFIX}.two_factor`;

/** The better-auth error code of an APIError, when it has one. */
export function codeOf(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * What every step of two-step sign-in checks with: the failure limits per account and per client, a code
 * claimed once for as long as it could be accepted, a code checked against the signed-in account, the
 * recovery codes' digest store, the pending sign-in's account, and the audit entry of a change.
 */
export function createTwoFactorGuards(deps: {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
  audit: AuditService;
  secret: string;
}) {
  const { db, auth, limiter, config, audit, secret } = deps;
  const accountLimit = {
    max: config.LOGIN_MAX_FAILURES,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
  };
  const ipLimit = {
    max: config.LOGIN_MAX_FAILURES * 4,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
  };
  const store = hashedRecoveryCodeStore(secret);

  async function record(
    userId: string,
    action: string,
    summary: string,
    actor?: { userId: string; role: string; email: string },
  ): Promise<void> {
    await db.transaction((tx) =>
      audit.record(tx, {
        action,
        entityType: 'user',
        entityId: userId,
        summary,
        actor,
      }),
    );
  }

  /** The account of a live pending sign-in (better-auth's verification row, hashed or not as configured). */
  async function pendingUserId(identifier: string): Promise<string | undefined> {
    const context = await auth.$context;
    const found = await context.internalAdapter.findVerificationValue(identifier);
    return found && found.expiresAt > new Date() ? found.value : undefined;
  }

  /** Counts an attempt for the account (cleared by a success) and refuses a client past its failures. */
  async function throttle(userId: string, meta: RequestMeta) {
    await limiter.check(`2fa:ip:${meta.ip}`, ipLimit, TOO_MANY);
    await limiter.hit(`2fa:user:${userId}`, accountLimit, TOO_MANY);
  }

  /**
   * Claims an authenticator code for the account for as long as it could be accepted: a code works
   * once, even within its 30 seconds (a code seen over a shoulder or in a proxy log cannot be replayed).
   * Claimed before it is checked so two requests racing with one code cannot both pass; `release`
   * gives it back when the code was wrong or the action did not happen. Claims are rows in
   * PostgreSQL, so they hold across app processes with or without Redis (decision 32).
   */
  async function claimCode(userId: string, code: string, field: string) {
    if (config.TWO_FACTOR_CODE_REUSE) return { release: async () => undefined };
    const claim = repo.usedCodeId(userId, code);
    if (!(await repo.claimCode(db, claim, new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000)))) {
      throw new AppError('VALIDATION', USED_CODE, {
        fields: { [field]: USED_CODE },
      });
    }
    return { release: () => repo.releaseCode(db, claim) };
  }

  /** Checks a code against the signed-in account (no new session); recovery codes are used up. */
  async function checkOwnCode(userId: string, headers: Headers, code: string) {
    const compact = code.replace(/\s/g, '');
    const totp = /^\d{6}$/.test(compact);
    const claim = totp ? await claimCode(userId, compact, 'code') : undefined;
    try {
      if (totp) await auth.api.verifyTOTP({ body: { code: compact }, headers });
      else
        await auth.api.verifyBackupCode({
          body: { code: hashRecoveryCode(secret, code), disableSession: true },
          headers,
        });
    } catch (error) {
      await claim?.release();
      if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
        throw new AppError('VALIDATION', totp ? WRONG_CODE : WRONG_RECOVERY_CODE, {
          fields: { code: totp ? WRONG_CODE : WRONG_RECOVERY_CODE },
        });
      }
      throw error;
    }
  }

  return {
    accountLimit,
    ipLimit,
    store,
    record,
    pendingUserId,
    throttle,
    claimCode,
    checkOwnCode,
  };
}

export type TwoFactorGuards = ReturnType<typeof createTwoFactorGuards>;
