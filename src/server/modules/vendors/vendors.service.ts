import type { VendorProfile, registerVendorSchema } from '~/shared/schemas/vendor';
import type { z } from 'zod';
import type { VendorStatus } from '~/shared/constants';
import type { Database } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { AuthService, SignedIn } from '../auth/auth.service';
import * as repo from './vendors.repo';

/** Why a vendor that is not approved may not change anything, as the vendor reads it. */
export const NOT_SELLING: Record<Exclude<VendorStatus, 'approved'>, string> = {
  pending: 'Your seller application is still being reviewed. You can list and sell once an admin approves it.',
  rejected: 'Your seller application was not approved, so you cannot list or sell.',
  suspended: 'Your seller account is suspended: you can read your panel but change nothing. Contact us to resolve it.',
};

type VendorRegistration = z.output<typeof registerVendorSchema>;

function toProfile(row: repo.VendorRow): VendorProfile {
  return {
    id: row.id,
    businessName: row.businessName,
    mobile: row.mobile,
    gstin: row.gstin,
    pickupCity: row.pickupCity,
    pickupState: row.pickupState,
    pickupPinCode: row.pickupPinCode,
    status: row.status as VendorStatus,
    statusReason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function createVendorsService(deps: { db: Database; authService: AuthService; audit: Pick<AuditService, 'record'> }) {
  const { db, authService, audit } = deps;
  return {
    /**
     * Creates a vendor account and its business record in one transaction. The vendor starts
     * `pending`: it can sign in and sees that it awaits an admin's approval.
     */
    async registerVendor(input: VendorRegistration, meta: RequestMeta | null, status: VendorStatus = 'pending'): Promise<SignedIn> {
      try {
        return await authService.registerAccount(input, 'vendor', meta, async (tx, userId) => {
          await repo.insertVendor(tx, {
            userId,
            businessName: input.businessName,
            mobile: input.mobile,
            gstin: input.gstin ?? null,
            pickupCity: input.pickupCity,
            pickupState: input.pickupState,
            pickupPinCode: input.pickupPinCode,
            status,
            decidedAt: status === 'pending' ? null : new Date(),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'vendors_gstin_unique')) {
          const message = 'A vendor with this GSTIN is already registered. Sign in to that account, or contact us.';
          throw new AppError('CONFLICT', message, { fields: { gstin: message } });
        }
        throw error;
      }
    },

    async ownVendor(userId: string): Promise<VendorProfile> {
      const row = await repo.findVendorByUserId(db, userId);
      if (!row) throw new AppError('NOT_FOUND', 'No vendor record belongs to this account.');
      return toProfile(row);
    },

    /**
     * The vendor of a signed-in vendor account: every vendor route filters by this id, taken from
     * the session, never from the request.
     */
    async vendorIdOf(userId: string): Promise<string> {
      const row = await repo.findVendorByUserId(db, userId);
      if (!row) throw new AppError('FORBIDDEN', 'No vendor record belongs to this account.');
      return row.id;
    },

    /**
     * The vendor of a signed-in vendor account, for a route that changes something (a product, an
     * order line, a payout): only an approved vendor may. Pending, rejected and suspended vendors can
     * read their panel and are refused here with a message that says why.
     */
    async sellingVendorIdOf(userId: string): Promise<string> {
      const row = await repo.findVendorByUserId(db, userId);
      if (!row) throw new AppError('FORBIDDEN', 'No vendor record belongs to this account.');
      if (row.status !== 'approved') throw new AppError('FORBIDDEN', NOT_SELLING[row.status as Exclude<VendorStatus, 'approved'>]);
      return row.id;
    },

    /** Admin: approves or rejects a vendor that is waiting; a decided vendor cannot be decided again here. */
    async decide(vendorId: string, decision: 'approve' | 'reject', adminId: string): Promise<{ id: string; status: VendorStatus }> {
      const vendor = await repo.findVendorById(db, vendorId);
      if (!vendor) throw new AppError('NOT_FOUND', 'This vendor was not found.');
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const updated = await db.transaction(async (tx) => {
        const changed = vendor.status === 'pending' ? await repo.changeStatus(tx, vendorId, 'pending', status, adminId) : undefined;
        if (changed) {
          await audit.record(tx, {
            action: `vendor.${decision}`,
            entityType: 'vendor',
            entityId: vendorId,
            vendorId,
            summary: `${decision === 'approve' ? 'Approved' : 'Rejected'} the seller application of ${vendor.businessName}`,
            before: { status: vendor.status },
            after: { status },
          });
        }
        return changed;
      });
      if (!updated) {
        const current = (await repo.findVendorById(db, vendorId))?.status ?? vendor.status;
        throw new AppError('CONFLICT', `This vendor has already been ${current}.`);
      }
      return { id: updated.id, status: updated.status as VendorStatus };
    },

    /** How many vendors are in each status. */
    async countByStatus(): Promise<Record<VendorStatus, number>> {
      const byStatus = Object.fromEntries((await repo.countVendorsByStatus(db)).map((s) => [s.status, s.value]));
      return {
        pending: byStatus.pending ?? 0,
        approved: byStatus.approved ?? 0,
        rejected: byStatus.rejected ?? 0,
        suspended: byStatus.suspended ?? 0,
      };
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
