import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/shared/constants';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';
import type { KeyValueStore } from '../../lib/kv-store';

export const SESSION_COOKIE_PREFIX = 'shop';
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/**
 * better-auth keeps passwords (scrypt) and sessions (database rows, HttpOnly signed
 * cookies). Its HTTP handler is not mounted: our own routes call `auth.api` so that every
 * route has one zod schema, one access rule and one error shape.
 */
export function createAuth(options: { config: Config; db: Database; secret: string; store: KeyValueStore | undefined }) {
  const { config, db, secret, store } = options;
  return betterAuth({
    appName: 'Sahyadri Computers',
    baseURL: config.PUBLIC_URL,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // With Redis, sessions are cached there and still written to PostgreSQL, the source of truth.
    ...(store
      ? {
          secondaryStorage: {
            get: (key: string) => store.get(key),
            getAndDelete: (key: string) => store.getAndDelete(key),
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
    },
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
    plugins: [admin({ defaultRole: 'customer', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
