import { isAPIError } from 'better-auth/api';
import { symmetricEncrypt } from 'better-auth/crypto';
import { SESSION_COOKIE_PREFIX, type UserRole } from '~/shared/constants';
import type { TwoFactorStatus } from '~/shared/schemas/two-factor';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { Auth } from './better-auth';
import { countStoredCodes, generateRecoveryCodes, hashRecoveryCode, hashedRecoveryCodeStore } from './two-factor-codes';
import * as repo from './two-factor.repo';

const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it has been used already.';
const WRONG_PASSWORD = 'That password is not right.';
const SIGN_IN_EXPIRED = 'Your sign-in has expired or had too many wrong codes. Please enter your password again.';
const TOO_MANY = 'Too many wrong codes.';
const USED_CODE = 'That code has been used already. Wait for the next code in your app (a new one every 30 seconds).';
/**
 * better-auth accepts a code of the step before and after the current one (clock drift), so a code
 * works for up to 90 seconds, and it does not remember codes it has accepted. We do (RFC 6238 §5.2).
 */
const CODE_LIFETIME_SECONDS = 3 * 30;
const PENDING_COOKIE = `${SESSION_COOKIE_PREFIX}.two_factor`;

/** The better-auth error code of an APIError, when it has one. */
function codeOf(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

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
 */
export function createTwoFactorService(deps: {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
  audit: AuditService;
  secret: string;
}) {
  const { db, auth, limiter, config, audit, secret } = deps;
  const accountLimit = { max: config.LOGIN_MAX_FAILURES, windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS };
  const ipLimit = { max: config.LOGIN_MAX_FAILURES * 4, windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS };
  const store = hashedRecoveryCodeStore(secret);

  async function record(
    userId: string,
    action: string,
    summary: string,
    actor?: { userId: string; role: string; email: string },
  ): Promise<void> {
    await db.transaction((tx) => audit.record(tx, { action, entityType: 'user', entityId: userId, summary, actor }));
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
      throw new AppError('VALIDATION', USED_CODE, { fields: { [field]: USED_CODE } });
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
      else await auth.api.verifyBackupCode({ body: { code: hashRecoveryCode(secret, code), disableSession: true }, headers });
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

  const service = {
    /** Whether the account has it on, must have it (admins), and how many recovery codes are left. */
    async status(userId: string): Promise<TwoFactorStatus> {
      const state = await repo.findTwoFactorState(db, userId);
      if (!state) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      return {
        enabled: state.enabled,
        required: state.role === 'admin',
        recoveryCodesLeft: state.enabled ? countStoredCodes(state.backupCodes) : 0,
      };
    },

    /** Makes a new key (after the password) for the app to scan; nothing changes until a code confirms it. */
    async startSetup(viewer: Viewer, password: string, meta: RequestMeta) {
      const state = await service.status(viewer.userId);
      if (state.enabled) throw new AppError('CONFLICT', 'Two-step sign-in is already on for this account.');
      await limiter.hit(`2fa:password:${viewer.userId}`, accountLimit, 'Too many wrong passwords.');
      let totpURI: string;
      try {
        ({ totpURI } = (await auth.api.enableTwoFactor({ body: { password }, headers: meta.headers })) as { totpURI: string });
      } catch (error) {
        if (codeOf(error) === 'INVALID_PASSWORD') {
          throw new AppError('VALIDATION', WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
        }
        throw error;
      }
      await limiter.reset(`2fa:password:${viewer.userId}`);
      return { otpauthUri: totpURI, key: new URL(totpURI).searchParams.get('secret') ?? '' };
    },

    /**
     * Turns it on with the first code from the app and returns ten fresh recovery codes (shown once;
     * only their digests are kept). The session is renewed: `cookies` replace the old one.
     */
    async confirmSetup(viewer: Viewer, code: string, meta: RequestMeta) {
      const state = await repo.findTwoFactorState(db, viewer.userId);
      if (!state?.backupCodes) throw new AppError('CONFLICT', 'Start the set-up first: no key has been made yet.');
      if (state.enabled) throw new AppError('CONFLICT', 'Two-step sign-in is already on for this account.');
      const claim = await claimCode(viewer.userId, code, 'code');
      await throttle(viewer.userId, meta).catch(async (error: unknown) => {
        await claim.release();
        throw error;
      });
      let cookies: string[];
      try {
        const result = await auth.api.verifyTOTP({ body: { code }, headers: meta.headers, returnHeaders: true });
        cookies = result.headers.getSetCookie();
      } catch (error) {
        await claim.release();
        if (codeOf(error) === 'INVALID_CODE') {
          await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
          throw new AppError('VALIDATION', WRONG_CODE, { fields: { code: WRONG_CODE } });
        }
        throw error;
      }
      await limiter.reset(`2fa:user:${viewer.userId}`);
      const recoveryCodes = generateRecoveryCodes();
      await repo.replaceBackupCodes(db, viewer.userId, await store.encrypt(JSON.stringify(recoveryCodes)));
      await record(viewer.userId, 'user.two-factor-enable', `Two-step sign-in turned on for ${viewer.email}`);
      return { recoveryCodes, cookies };
    },

    /** Ten new recovery codes, shown once, after the password; the ones left stop working. */
    async newRecoveryCodes(viewer: Viewer, password: string, meta: RequestMeta) {
      const state = await service.status(viewer.userId);
      if (!state.enabled) throw new AppError('CONFLICT', 'Two-step sign-in is not on for this account.');
      await limiter.hit(`2fa:password:${viewer.userId}`, accountLimit, 'Too many wrong passwords.');
      let recoveryCodes: string[];
      try {
        // The plugin makes them with our generator and stores them through our digest store.
        ({ backupCodes: recoveryCodes } = await auth.api.generateBackupCodes({ body: { password }, headers: meta.headers }));
      } catch (error) {
        if (codeOf(error) === 'INVALID_PASSWORD') {
          throw new AppError('VALIDATION', WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
        }
        throw error;
      }
      await limiter.reset(`2fa:password:${viewer.userId}`);
      await record(
        viewer.userId,
        'user.two-factor-recovery-codes',
        `New recovery codes made for ${viewer.email} (the old ones stopped working)`,
      );
      return { recoveryCodes };
    },

    /** Turns it off with the password and a current code (or a recovery code). Admins cannot. */
    async disable(viewer: Viewer, input: { password: string; code: string }, meta: RequestMeta) {
      if (viewer.role === 'admin') {
        throw new AppError('FORBIDDEN', 'Two-step sign-in is required for admin accounts and cannot be turned off.');
      }
      const state = await service.status(viewer.userId);
      if (!state.enabled) throw new AppError('CONFLICT', 'Two-step sign-in is not on for this account.');
      await throttle(viewer.userId, meta);
      // The password first: a wrong one must not use up the code, least of all a recovery code.
      try {
        await auth.api.verifyPassword({ body: { password: input.password }, headers: meta.headers });
      } catch (error) {
        if (codeOf(error) === 'INVALID_PASSWORD') {
          await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
          throw new AppError('VALIDATION', WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
        }
        throw error;
      }
      try {
        await checkOwnCode(viewer.userId, meta.headers, input.code);
      } catch (error) {
        // A code used already is no guess: it does not count against the address.
        if (!(error instanceof AppError && error.message === USED_CODE)) await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
        throw error;
      }
      const result = await auth.api.disableTwoFactor({
        body: { password: input.password },
        headers: meta.headers,
        returnHeaders: true,
      });
      const cookies = result.headers.getSetCookie();
      await limiter.reset(`2fa:user:${viewer.userId}`);
      await record(viewer.userId, 'user.two-factor-disable', `Two-step sign-in turned off for ${viewer.email}`);
      return { cookies };
    },

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
          : await auth.api.verifyTOTP({ body: { code: input.code ?? '' }, headers: meta.headers, returnHeaders: true });
        cookies = result.headers.getSetCookie();
      } catch (error) {
        await claim?.release();
        const code = codeOf(error);
        if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') {
          await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
          const field = input.recoveryCode ? 'recoveryCode' : 'code';
          const message = input.recoveryCode ? WRONG_RECOVERY_CODE : WRONG_CODE;
          throw new AppError('VALIDATION', message, { fields: { [field]: message } });
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
          const actor = { userId, role: state.role as UserRole, email: state.email };
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

    /** Enrols an account with a known key (the seed's demo admin): `rawSecret` is what the app's Base32 key encodes. */
    async enrolWithKey(userId: string, rawSecret: string, recoveryCodes: string[]): Promise<void> {
      await repo.enrolAccount(db, {
        id: newId('tfa'),
        userId,
        secret: await symmetricEncrypt({ key: secret, data: rawSecret }),
        backupCodes: await store.encrypt(JSON.stringify(recoveryCodes)),
      });
    },
  };
  return service;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
