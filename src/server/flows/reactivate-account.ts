import type { AccountStandingResponse } from '~/shared/schemas/auth';
import type { Database } from '../db/client';
import type { AuditService } from '../modules/audit/audit.service';
import type { AccountStandingService } from '../modules/auth/account-standing.service';
import type { VendorsService } from '../modules/vendors/vendors.service';

/**
 * Reactivates a suspended account (the admin's user page): in one transaction the ban is lifted
 * (identity), a vendor suspended with its account is approved again (vendors) and one audit entry
 * records both.
 */
export function createReactivateAccount(deps: {
  db: Database;
  standing: Pick<AccountStandingService, 'reactivate'>;
  vendors: Pick<VendorsService, 'reinstateWithAccount'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, standing, vendors, audit } = deps;
  return async function reactivateAccount(userId: string, reason: string, actorId: string): Promise<AccountStandingResponse> {
    return db.transaction(async (tx) => {
      const target = await standing.reactivate(tx, userId);
      const { result: vendorStatus, held } = await audit.gather(tx, async () =>
        target.role === 'vendor' ? vendors.reinstateWithAccount(tx, userId, actorId) : null,
      );
      await audit.record(tx, {
        action: 'account.reactivate',
        entityType: 'user',
        entityId: userId,
        vendorId: held[0]?.vendorId ?? null,
        summary: `Reactivated the ${target.role} account ${target.email}: ${reason}`,
        before: { suspended: true, reason: target.suspendedReason },
        after: {
          suspended: false,
          reason,
          ...(vendorStatus ? { vendorStatus } : {}),
          ...(held.length > 0 ? { steps: held.map((h) => h.summary) } : {}),
        },
      });
      return { uid: userId, suspended: false, suspendedReason: null, vendorStatus, sessionsEnded: 0 };
    });
  };
}

export type ReactivateAccount = ReturnType<typeof createReactivateAccount>;
