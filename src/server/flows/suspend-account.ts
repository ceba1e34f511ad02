import type { AccountStandingResponse } from '~/shared/schemas/auth';
import type { Database } from '../db/client';
import type { AuditService } from '../modules/audit/audit.service';
import type { AccountStandingService } from '../modules/auth/account-standing.service';
import type { VendorsService } from '../modules/vendors/vendors.service';

/**
 * Suspends an account (the admin's user page): in one transaction the account is banned and signed out
 * everywhere (identity), a vendor's business is suspended with it (vendors; the catalogue's trigger takes
 * its products off sale) and one audit entry records both. Afterwards the ended sessions leave the
 * session cache too.
 */
export function createSuspendAccount(deps: {
  db: Database;
  standing: Pick<AccountStandingService, 'suspend' | 'forgetSessions'>;
  vendors: Pick<VendorsService, 'suspendWithAccount'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, standing, vendors, audit } = deps;
  return async function suspendAccount(userId: string, reason: string, actorId: string): Promise<AccountStandingResponse> {
    const result = await db.transaction(async (tx) => {
      const target = await standing.suspend(tx, userId, reason, actorId);
      // One suspension is one audit entry: the business suspended with the account is a step of it.
      const { result: vendorStatus, held } = await audit.gather(tx, async () =>
        target.role === 'vendor' ? vendors.suspendWithAccount(tx, userId, actorId, reason) : null,
      );
      await audit.record(tx, {
        action: 'account.suspend',
        entityType: 'user',
        entityId: userId,
        vendorId: held[0]?.vendorId ?? null,
        summary: `Suspended the ${target.role} account ${target.email}: ${reason}`,
        before: { suspended: false, reason: null },
        after: {
          suspended: true,
          reason,
          sessionsEnded: target.tokens.length,
          ...(vendorStatus ? { vendorStatus } : {}),
          ...(held.length > 0 ? { steps: held.map((h) => h.summary) } : {}),
        },
      });
      return { tokens: target.tokens, vendorStatus };
    });
    await standing.forgetSessions(userId, result.tokens);
    return {
      uid: userId,
      suspended: true,
      suspendedReason: reason,
      vendorStatus: result.vendorStatus,
      sessionsEnded: result.tokens.length,
    };
  };
}

export type SuspendAccount = ReturnType<typeof createSuspendAccount>;
