import { symmetricEncrypt } from 'better-auth/crypto';
import type { TwoFactorStatus } from '~/shared/schemas/two-factor';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import type { Auth } from './better-auth';
import { countStoredCodes, generateRecoveryCodes } from './two-factor-codes';
import { codeOf, USED_CODE, WRONG_CODE, WRONG_PASSWORD, type TwoFactorGuards } from './two-factor-guards';
import * as repo from './two-factor.repo';

/**
 * The account's own two-step sign-in: its status, set-up with the password and a first code, new recovery
 * codes, turning it off with the password and a code, and the seed's enrolment with a known key.
 */
export function createTwoFactorSetup(deps: { db: Database; auth: Auth; limiter: RateLimiter; secret: string; guards: TwoFactorGuards }) {
  const { db, auth, limiter, secret } = deps;
  const { accountLimit, ipLimit, store, record, throttle, claimCode, checkOwnCode } = deps.guards;

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
        ({ totpURI } = (await auth.api.enableTwoFactor({
          body: { password },
          headers: meta.headers,
        })) as { totpURI: string });
      } catch (error) {
        if (codeOf(error) === 'INVALID_PASSWORD') {
          throw new AppError('VALIDATION', WRONG_PASSWORD, {
            fields: { password: WRONG_PASSWORD },
          });
        }
        throw error;
      }
      await limiter.reset(`2fa:password:${viewer.userId}`);
      return {
        otpauthUri: totpURI,
        key: new URL(totpURI).searchParams.get('secret') ?? '',
      };
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
        const result = await auth.api.verifyTOTP({
          body: { code },
          headers: meta.headers,
          returnHeaders: true,
        });
        cookies = result.headers.getSetCookie();
      } catch (error) {
        await claim.release();
        if (codeOf(error) === 'INVALID_CODE') {
          await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
          throw new AppError('VALIDATION', WRONG_CODE, {
            fields: { code: WRONG_CODE },
          });
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
        ({ backupCodes: recoveryCodes } = await auth.api.generateBackupCodes({
          body: { password },
          headers: meta.headers,
        }));
      } catch (error) {
        if (codeOf(error) === 'INVALID_PASSWORD') {
          throw new AppError('VALIDATION', WRONG_PASSWORD, {
            fields: { password: WRONG_PASSWORD },
          });
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
        await auth.api.verifyPassword({
          body: { password: input.password },
          headers: meta.headers,
        });
      } catch (error) {
        if (codeOf(error) === 'INVALID_PASSWORD') {
          await limiter.count(`2fa:ip:${meta.ip}`, ipLimit);
          throw new AppError('VALIDATION', WRONG_PASSWORD, {
            fields: { password: WRONG_PASSWORD },
          });
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
