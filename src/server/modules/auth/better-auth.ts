import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SESSION_COOKIE_PREFIX } from '~/shared/constants';
import { PASSWORD_RESET_LINK_MINUTES } from '~/shared/schemas/account-recovery';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/auth';
import type { KeyValueStore } from '../../lib/kv-store';
import { generateRecoveryCodes, hashedRecoveryCodeStore } from './two-factor-codes';

const THIRTY_DAYS = 60 * 60 * 24 * 30;
/** How long the password step's pending two-factor state lasts. */
export const TWO_FACTOR_PENDING_SECONDS = 5 * 60;

/** What the password reset flow does with better-auth's token and after its reset (decision 25). */
export interface PasswordResetHooks {
  sendResetLink(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  passwordWasReset(user: { id: string; email: string; name: string }): Promise<void>;
}

/**
 * better-auth keeps passwords (scrypt) and sessions (database rows, HttpOnly signed
 * cookies). Its HTTP handler is not mounted: our own routes call `auth.api` so that every
 * route has one zod schema, one access rule and one error shape.
 */
export function createAuth(options: {
  config: Config;
  db: Database;
  secret: string;
  store: KeyValueStore | undefined;
  passwordReset?: PasswordResetHooks;
}) {
  const { config, db, secret, store, passwordReset } = options;
  return betterAuth({
    appName: 'Sahyadri Computers',
    baseURL: config.PUBLIC_URL,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    // With Redis, sessions are cached there and still written to PostgreSQL, the source of truth.
    // While Redis is away the store answers from this process's memory, which knows nothing of a
    // sign-out or a used token on another process: reads then go to PostgreSQL (decision 32).
    ...(store
      ? {
          secondaryStorage: {
            get: async (key: string) => (store.onOwnMemory?.() ? null : store.get(key)),
            getAndDelete: async (key: string) => {
              if (!store.onOwnMemory?.()) return store.getAndDelete(key);
              await store.delete(key);
              return null;
            },
            set: (key: string, value: string, ttl?: number) => store.set(key, value, ttl),
            delete: (key: string) => store.delete(key),
            increment: (key: string, ttl: number) => store.increment(key, ttl),
          },
        }
      : {}),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      // Reset links: random, stored hashed (below), single use, 30 minutes; a reset ends every session.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (!passwordReset) throw new Error('Password reset is not wired in this process.');
        await passwordReset.sendResetLink(user, token);
      },
      onPasswordReset: async ({ user }) => {
        await passwordReset?.passwordWasReset(user);
      },
    },
    // Tokens are kept as SHA-256 hashes, in PostgreSQL even when sessions are cached in Redis.
    verification: { storeIdentifier: 'hashed', storeInDatabase: true },
    session: {
      expiresIn: THIRTY_DAYS,
      updateAge: 60 * 60 * 24,
      storeSessionInDatabase: true,
    },
    // Sign-in throttling is ours (RateLimiter), counted per e-mail and per address.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Failed sign-ins are ours to report (as 401s in the request log); keep only its errors.
    logger: { disabled: config.NODE_ENV === 'test', level: 'error' },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { disableIpTracking: false },
    },
    plugins: [
      admin({ defaultRole: 'customer', adminRoles: ['admin'] }),
      // Two-step sign-in (decision 27): TOTP secrets encrypted, recovery codes stored as digests only.
      twoFactor({
        issuer: 'Sahyadri Computers',
        twoFactorCookieMaxAge: TWO_FACTOR_PENDING_SECONDS,
        backupCodeOptions: {
          customBackupCodesGenerate: generateRecoveryCodes,
          storeBackupCodes: hashedRecoveryCodeStore(secret),
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
