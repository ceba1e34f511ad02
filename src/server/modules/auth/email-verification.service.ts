import { EMAIL_LINK_HOURS, type EmailVerificationStatus } from '~/shared/schemas/account-recovery';
import type { Config } from '../../config/env';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import * as repo from './account-tokens.repo';

/** What the verify page shows for a link that is used, late, or not a verification link. */
export const INVALID_VERIFY_LINK_MESSAGE =
  'This verification link has expired or has already been used. Sign in and press "Resend" for a new one.';

/** Resends of the verification e-mail per account. */
export const RESEND_LIMIT = { max: 3, windowSeconds: 3600 };

/**
 * Links that did not work (unknown, used, late) per client address and hour, for every e-mailed
 * link of our own: a token has 256 random bits, so this only keeps a script from hammering the door.
 */
export const FAILED_LINK_LIMIT = { max: 30, windowSeconds: 3600 };
const TOO_MANY_LINKS = 'Too many e-mail links that did not work were opened from your network.';

/** Refuses a client that opened too many dead links lately; `failed()` counts one more. */
export async function guardLinkTries(limiter: RateLimiter, meta: RequestMeta) {
  const key = `email-link-fail:ip:${meta.ip}`;
  await limiter.check(key, FAILED_LINK_LIMIT, TOO_MANY_LINKS);
  return { failed: () => limiter.count(key, FAILED_LINK_LIMIT) };
}

interface VerifyValue {
  userId: string;
  email: string;
}

function isVerifyValue(value: unknown): value is VerifyValue {
  const v = value as Partial<VerifyValue> | null;
  return typeof v?.userId === 'string' && typeof v.email === 'string';
}

/**
 * E-mail verification (decision 25): a link to the account's address whose token is random,
 * stored as its SHA-256 only, single use, valid 24 hours and bound to the purpose and the address
 * it was sent to. better-auth's own links are signed JWTs that work until they expire, any number
 * of times, so they are not used.
 */
export function createEmailVerificationService(deps: {
  db: Database;
  mailService: MailService;
  limiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  config: Config;
}) {
  const { db, mailService, limiter, audit, config } = deps;

  const service = {
    /** Writes a verification link for the account's address and its e-mail inside `tx`. */
    async sendLink(tx: Executor, account: { id: string; email: string; name: string }) {
      const token = repo.newToken();
      const value: VerifyValue = { userId: account.id, email: account.email };
      await repo.insertToken(tx, 'verify-email', token, value, new Date(Date.now() + EMAIL_LINK_HOURS * 3600_000));
      await mailService.enqueue(tx, {
        to: account.email,
        toName: account.name,
        template: 'verify_email',
        data: {
          name: account.name,
          verifyUrl: `${config.PUBLIC_URL}/verify-email?token=${encodeURIComponent(token)}`,
          hours: EMAIL_LINK_HOURS,
        },
      });
    },

    async status(userId: string): Promise<EmailVerificationStatus> {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      return { email: account.email, emailVerified: account.emailVerified };
    },

    /** Whether the account's current address is verified (a vendor application needs it to be approved). */
    async isVerified(userId: string): Promise<boolean> {
      return (await repo.findAccount(db, userId))?.emailVerified ?? false;
    },

    /** Sends a new link to a signed-in account that is not verified yet, a few times an hour. */
    async resend(userId: string): Promise<{ message: string }> {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      if (account.emailVerified) throw new AppError('CONFLICT', 'Your e-mail address is already verified.');
      await limiter.hit(`verify-resend:user:${userId}`, RESEND_LIMIT, 'You have asked for the verification e-mail too many times.');
      await db.transaction((tx) => service.sendLink(tx, account));
      return { message: `We have sent a new verification link to ${account.email}.` };
    },

    /**
     * An admin sends a new link to an account that is not verified yet (a vendor whose application
     * waits for it). The owner's own resends and the admin's count together ({@link RESEND_LIMIT}); the
     * link and its audit entry, on `subject` (the vendor), are written in one transaction.
     */
    async resendAsAdmin(
      userId: string,
      subject: { entityType: string; entityId: string; vendorId?: string; name: string },
    ): Promise<{ message: string }> {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      if (account.emailVerified) {
        throw new AppError('CONFLICT', `${subject.name} has already verified its e-mail address (${account.email}): no link is needed.`);
      }
      await limiter.hit(
        `verify-resend:user:${userId}`,
        RESEND_LIMIT,
        `The verification e-mail has been sent to ${account.email} too many times in the last hour.`,
      );
      await db.transaction(async (tx) => {
        await service.sendLink(tx, account);
        await audit.record(tx, {
          action: 'account.email_verify_resend',
          entityType: subject.entityType,
          entityId: subject.entityId,
          vendorId: subject.vendorId,
          summary: `Resent the e-mail verification link of ${subject.name} to ${account.email}`,
        });
      });
      return { message: `A new verification link is on its way to ${account.email}. ${subject.name} can be approved once it follows it.` };
    },

    /**
     * Follows a verification link: the account's address is verified if it is still the one the link
     * was sent to. A vendor's or an admin's verification goes to the audit log (an application can be
     * approved from then on).
     */
    async verify(token: string, meta: RequestMeta): Promise<{ message: string }> {
      const tries = await guardLinkTries(limiter, meta);
      try {
        return await db.transaction(async (tx) => {
          const found = await repo.consumeToken(tx, 'verify-email', token);
          if (!found || found.expired || !isVerifyValue(found.value)) {
            throw new AppError('VALIDATION', INVALID_VERIFY_LINK_MESSAGE, { fields: { token: INVALID_VERIFY_LINK_MESSAGE } });
          }
          const verified = await repo.markVerified(tx, found.value.userId, found.value.email);
          if (!verified) {
            const message = 'This link was sent to an address this account no longer uses.';
            throw new AppError('VALIDATION', message, { fields: { token: message } });
          }
          if (verified.role !== 'customer') {
            await audit.record(tx, {
              action: 'account.email_verify',
              entityType: 'user',
              entityId: verified.id,
              summary: `Verified the e-mail address ${verified.email} with the link sent to it`,
              actor: { userId: verified.id, role: verified.role, email: verified.email },
            });
          }
          return { message: `Thank you: ${found.value.email} is verified.` };
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION') await tries.failed();
        throw error;
      }
    },
  };
  return service;
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
