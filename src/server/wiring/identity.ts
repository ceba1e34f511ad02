import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { KeyValueStore } from '../lib/kv-store';
import { RateLimiter } from '../lib/rate-limiter';
import type { AuditService } from '../modules/audit/audit.service';
import { createAccountEmailService } from '../modules/auth/account-email.service';
import { createAuthService } from '../modules/auth/auth.service';
import { createAuth } from '../modules/auth/better-auth';
import { createEmailVerificationService } from '../modules/auth/email-verification.service';
import { createPasswordResetHooks, createPasswordResetService } from '../modules/auth/password-reset.service';
import { createTwoFactorService } from '../modules/auth/two-factor.service';
import type { MailService } from '../modules/mail/mail.service';

/**
 * Identity, wired at the bottom (decision 65): better-auth with its session cache, sign-in and
 * registration, e-mail verification, forgot password, the change of e-mail and two-step sign-in. It
 * is given only the infrastructure (the database, the store, e-mail and the audit log).
 */
export function createIdentity(deps: {
  config: Config;
  db: Database;
  store: KeyValueStore;
  secret: string;
  mailService: MailService;
  audit: AuditService;
}) {
  const { config, db, store, mailService, audit } = deps;
  /** better-auth's session cache: Redis when configured. */
  const sessionCache = config.REDIS_URL ? store : undefined;
  const auth = createAuth({
    config,
    db,
    secret: deps.secret,
    store: sessionCache,
    // Forgot password (decision 25): better-auth hands its token and its reset to these hooks.
    passwordReset: createPasswordResetHooks({ db, mailService, audit, config, sessionCache }),
  });
  /** Forgot password, e-mail verification and e-mail change (decision 25). */
  const emailVerificationService = createEmailVerificationService({ db, mailService, limiter: new RateLimiter(store), audit, config });
  const authService = createAuthService({
    db,
    auth,
    limiter: new RateLimiter(store),
    config,
    // A person who registers is sent a link to verify the address, in the registration's transaction.
    onRegistered: (tx, account) => emailVerificationService.sendLink(tx, account),
  });
  /** Two-step sign-in (decision 27): authenticator codes and recovery codes. */
  const twoFactorService = createTwoFactorService({ db, auth, limiter: new RateLimiter(store), config, audit, secret: deps.secret });
  const passwordResetService = createPasswordResetService({ auth, limiter: new RateLimiter(store) });
  const accountEmailService = createAccountEmailService({ db, auth, mailService, limiter: new RateLimiter(store), audit, config });
  return { auth, emailVerificationService, authService, twoFactorService, passwordResetService, accountEmailService };
}
