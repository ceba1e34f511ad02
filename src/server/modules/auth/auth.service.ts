import { isAPIError } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import { SHOP, type UserRole } from '~/shared/constants';
import { EMAIL_IN_USE_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '~/shared/errors';
import type { LoginPortal, Profile } from '~/shared/schemas/auth';
import type { Config } from '../../config/env';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import * as repo from './accounts.repo';
import { findUserByEmail } from './two-factor.repo';
import type { Auth } from './better-auth';

export interface SignedIn {
  userId: string;
  /** Set-Cookie values to send back. */
  cookies: string[];
  /** The password was right but the account has two-step sign-in: `cookies` hold the pending state, a code comes next. */
  twoFactorRequired?: boolean;
}

/** What a suspended account is told when it tries to sign in. */
export const ACCOUNT_SUSPENDED_MESSAGE = `This account has been suspended. Please contact ${SHOP.supportEmail}.`;

const PORTAL_REFUSALS: Record<Exclude<LoginPortal, 'customer'>, string> = {
  admin: 'This account does not have admin access. Customers sign in at /login and vendors at /vendor/login.',
  vendor: 'This is not a vendor account. Customers sign in at /login; to sell with us, register as a vendor first.',
};

export function createAuthService(deps: {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  config: Config;
  /** Runs in the transaction of a registration made by a person (the e-mail verification link). */
  onRegistered?: (tx: Executor, account: { id: string; email: string; name: string }) => Promise<void>;
}) {
  const { db, auth, limiter, config } = deps;
  const emailLimit = { max: config.LOGIN_MAX_FAILURES, windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS };
  const ipLimit = { max: config.LOGIN_MAX_FAILURES * 4, windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS };
  const formLimit = { max: config.PUBLIC_FORM_LIMIT_PER_HOUR, windowSeconds: 3600 };

  async function signIn(email: string, password: string, meta: RequestMeta) {
    const result = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: meta.headers,
      returnHeaders: true,
    });
    // With two-step sign-in on, better-auth answers `twoFactorRedirect` (no user, no session) and sets the pending cookie.
    const response = result.response as { user?: { id: string; role?: string | null }; twoFactorRedirect?: boolean };
    return { user: response.user, twoFactorRequired: response.twoFactorRedirect === true, cookies: result.headers.getSetCookie() };
  }

  const service = {
    /** Throttles anonymous form posts (registration, contact) per client address. */
    async throttlePublicForm(meta: RequestMeta) {
      await limiter.hit(`form:ip:${meta.ip}`, formLimit, 'You have sent this form too many times.');
    },

    /**
     * Creates an account with the role the server chose (never one from the request), runs
     * `alsoWithin` in the same transaction (the vendor record, say), then signs the new user in.
     */
    async registerAccount(
      input: { name: string; email: string; password: string; phone?: string },
      role: UserRole,
      meta: RequestMeta | null,
      alsoWithin?: (tx: Executor, userId: string) => Promise<void>,
    ): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          // Without a request (the seed, admin:create) the operator gave the address: it counts as verified.
          const emailVerified = meta === null;
          const id = await repo.insertAccount(tx, {
            name: input.name,
            email: input.email,
            role,
            passwordHash,
            emailVerified,
            phone: input.phone ?? null,
          });
          await alsoWithin?.(tx, id);
          if (!emailVerified) await deps.onRegistered?.(tx, { id, email: input.email, name: input.name });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) {
          throw new AppError('CONFLICT', EMAIL_IN_USE_MESSAGE, { fields: { email: EMAIL_IN_USE_MESSAGE } });
        }
        throw error;
      }
      if (!meta) return { userId, cookies: [] };
      const { cookies } = await signIn(input.email, input.password, meta);
      return { userId, cookies };
    },

    /**
     * Signs in with e-mail and password. Attempts are counted per e-mail (cleared by a
     * success) and failures per client address; past the limit the answer is 429.
     */
    async login(input: { email: string; password: string; portal: LoginPortal }, meta: RequestMeta): Promise<SignedIn> {
      const ipKey = `login:ip:${meta.ip}`;
      const emailKey = `login:email:${input.email}`;
      const tooMany = 'Too many failed sign-in attempts.';
      await limiter.check(ipKey, ipLimit, tooMany);
      await limiter.hit(emailKey, emailLimit, tooMany);

      let signedIn: Awaited<ReturnType<typeof signIn>>;
      try {
        signedIn = await signIn(input.email, input.password, meta);
      } catch (error) {
        if (isAPIError(error) && error.statusCode === 401) {
          await limiter.count(ipKey, ipLimit);
          throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
        }
        if (isAPIError(error) && error.statusCode === 403) {
          throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED_MESSAGE);
        }
        throw error;
      }
      await limiter.reset(emailKey);

      if (signedIn.twoFactorRequired || !signedIn.user) {
        // Check the door before asking for the code; the pending state is not handed out at the wrong one.
        const pending = await findUserByEmail(db, input.email);
        if (!pending) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
        if (input.portal !== 'customer' && pending.role !== input.portal) {
          throw new AppError('FORBIDDEN', PORTAL_REFUSALS[input.portal]);
        }
        return { userId: pending.id, cookies: signedIn.cookies, twoFactorRequired: true };
      }
      if (input.portal !== 'customer' && signedIn.user.role !== input.portal) {
        // Right password, wrong door: end the session just made and say where to go.
        await service.logout(cookieHeaders(signedIn.cookies));
        throw new AppError('FORBIDDEN', PORTAL_REFUSALS[input.portal]);
      }
      await repo.cancelDeletionRequest(db, signedIn.user.id); // A sign-in cancels a scheduled deletion (decision 26).
      return { userId: signedIn.user.id, cookies: signedIn.cookies };
    },

    /** Ends the session on the server (the row is deleted) and returns the cookies that clear it. */
    async logout(headers: Headers): Promise<string[]> {
      try {
        const result = await auth.api.signOut({ headers, returnHeaders: true });
        return result.headers.getSetCookie();
      } catch (error) {
        // No session to end (4xx) is a done sign-out; a failure to end it (the database away) is not:
        // answering 204 then would leave the session valid while the person believes it ended.
        if (isAPIError(error) && error.statusCode < 500) return [];
        throw error;
      }
    },

    async viewer(headers: Headers): Promise<Viewer | null> {
      if (!headers.get('cookie')) return null;
      const session = await auth.api.getSession({ headers, query: { disableRefresh: false } });
      if (!session) return null;
      const user = session.user as typeof session.user & {
        role?: string | null;
        banned?: boolean | null;
        twoFactorEnabled?: boolean | null;
      };
      // Suspending ends every session; this also refuses one made by a sign-in racing the suspension.
      if (user.banned) return null;
      return {
        userId: user.id,
        sessionId: session.session.id,
        role: (user.role ?? 'customer') as UserRole,
        email: user.email,
        name: user.name,
        twoFactorEnabled: user.twoFactorEnabled === true,
      };
    },

    /**
     * The account part of the profile the web app keeps; the address book and a vendor's business
     * record come from the modules above identity (surfaces/account/profile.ts adds them).
     */
    async accountOf(userId: string): Promise<Omit<Profile, 'addresses' | 'vendor'>> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      return {
        uid: user.id,
        email: user.email,
        name: user.name,
        role: user.role as UserRole,
        createdAt: user.createdAt.toISOString(),
        twoFactorEnabled: user.twoFactorEnabled === true,
      };
    },

    /** Whether the account's e-mail address is verified (an unverified vendor cannot be approved). */
    async isEmailVerified(userId: string): Promise<boolean> {
      return (await repo.findUserById(db, userId))?.emailVerified ?? false;
    },

    /**
     * Whether the account was erased at its owner's request (decision 26), read in the caller's
     * transaction: the orders module then removes what it kept for a refund once the refund is made.
     */
    async isErased(userId: string, executor: Executor = db): Promise<boolean> {
      return (await repo.findUserById(executor, userId))?.deletedAt != null;
    },

    /** How many accounts each role has. */
    async countByRole(): Promise<Record<UserRole, number>> {
      const byRole = Object.fromEntries((await repo.countUsersByRole(db)).map((r) => [r.role, r.value]));
      return { customer: byRole.customer ?? 0, vendor: byRole.vendor ?? 0, admin: byRole.admin ?? 0 };
    },

    /** Sign-ups per India calendar day (YYYY-MM-DD) since `since`; days without one are absent. */
    async signupsByDay(since: Date): Promise<Map<string, number>> {
      return new Map((await repo.signupsByDay(db, since)).map((s) => [s.date, s.value]));
    },
  };
  return service;
}

function cookieHeaders(setCookies: string[]): Headers {
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  return new Headers({ cookie });
}

export type AuthService = ReturnType<typeof createAuthService>;
/** The whole profile of an account (surfaces/account/profile.ts), as the routes that sign a person in answer it. */
export type ProfileOf = (userId: string) => Promise<Profile>;
