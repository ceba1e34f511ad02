import type { VendorDecision, VendorProfile, registerVendorSchema } from '~/shared/schemas/vendor';
import type { z } from 'zod';
import type { VendorStatus } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { AuthService, SignedIn } from '../auth/auth.service';
import type { EmailVerificationService } from '../auth/email-verification.service';
import type { MailService } from '../mail/mail.service';
import * as profileRepo from './profile.vendor.repo';
import * as repo from './vendors.repo';

/** Why a vendor that is not approved may not change anything, as the vendor reads it. */
export const NOT_SELLING: Record<Exclude<VendorStatus, 'approved'>, string> = {
  pending: 'Your seller application is still being reviewed. You can list and sell once an admin approves it.',
  rejected: 'Your seller application was not approved, so you cannot list or sell.',
  suspended: 'Your seller account is suspended: you can read your panel but change nothing. Contact us to resolve it.',
};

/** An application is approved only once its e-mail address is known to be the applicant's (decision 25). */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'This vendor has not verified its e-mail address yet, so the application cannot be approved. Send it a new link with "Resend verification e-mail", or the vendor can resend it from the seller centre.';

type VendorRegistration = z.output<typeof registerVendorSchema>;

/** Each admin decision moves a vendor from one status to another, and only from that one. */
const TRANSITIONS: Record<VendorDecision, { from: VendorStatus; to: VendorStatus }> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  suspend: { from: 'approved', to: 'suspended' },
  reinstate: { from: 'suspended', to: 'approved' },
};

const DECISION_VERBS: Record<VendorDecision, string> = {
  approve: 'Approved the seller application of',
  reject: 'Rejected the seller application of',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
};

function decisionRefusal(decision: VendorDecision, current: VendorStatus): string {
  if (decision === 'approve' || decision === 'reject') return `This vendor has already been ${current}.`;
  if (decision === 'suspend') return `Only an approved vendor can be suspended; this one is ${current}.`;
  return `Only a suspended vendor can be reinstated; this one is ${current}.`;
}

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
    trusted: row.trusted,
  };
}

export function createVendorsService(deps: {
  db: Database;
  authService: AuthService;
  audit: Pick<AuditService, 'record'>;
  /** Tells the vendor the admin's decision (the registration page promises a review). */
  mailService: Pick<MailService, 'enqueue'>;
  publicUrl: string;
  /** The auth module's e-mail verification (decision 25): a new link sent at an admin's request, audited and rate limited. */
  emailVerification: Pick<EmailVerificationService, 'resendAsAdmin'>;
}) {
  const { db, authService, audit, mailService, publicUrl, emailVerification } = deps;
  return {
    /**
     * Creates a vendor account and its business record in one transaction. The vendor starts
     * `pending`: it can sign in and sees that it awaits an admin's approval. The demo data's sellers are
     * `trusted` (their products go on sale without the review queue, decision 70).
     */
    async registerVendor(
      input: VendorRegistration,
      meta: RequestMeta | null,
      status: VendorStatus = 'pending',
      options: { trusted?: boolean } = {},
    ): Promise<SignedIn> {
      try {
        // The one mobile the registration asks for is the person's as well as the business's: the
        // account page shows it from the start, and each can be changed on its own page afterwards.
        return await authService.registerAccount({ ...input, phone: input.mobile }, 'vendor', meta, async (tx, userId) => {
          await repo.insertVendor(tx, {
            userId,
            businessName: input.businessName,
            mobile: input.mobile,
            gstin: input.gstin ?? null,
            pickupLine1: input.pickupLine1,
            pickupLine2: input.pickupLine2 ?? null,
            pickupCity: input.pickupCity,
            pickupState: input.pickupState,
            pickupPinCode: input.pickupPinCode,
            status,
            trusted: options.trusted ?? false,
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

    /** Where a seller's parcels leave from, with its name and GSTIN (the e-way bills' Part A). */
    async dispatchFrom(vendorId: string) {
      const row = await repo.findVendorById(db, vendorId);
      if (!row) throw new AppError('NOT_FOUND', 'No such vendor.');
      const { businessName, gstin, pickupCity, pickupState, pickupPinCode } = row;
      return { businessName, gstin, pickupCity, pickupState, pickupPinCode };
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

    /**
     * Admin: approves or rejects a vendor that is waiting, suspends an approved one or reinstates a
     * suspended one. The change is conditional on the status it starts from, so of concurrent decisions
     * one wins and the others are told what happened; it is audited in the same transaction. The reason
     * of a rejection or suspension is kept for the vendor to read (the catalogue's trigger takes a
     * suspended vendor's products out of the shop).
     */
    async decide(
      vendorId: string,
      decision: VendorDecision,
      adminId: string,
      reason?: string,
    ): Promise<{ id: string; status: VendorStatus }> {
      const vendor = await repo.findVendorById(db, vendorId);
      if (!vendor) throw new AppError('NOT_FOUND', 'This vendor was not found.');
      if (decision === 'approve' && vendor.status === 'pending' && !(await authService.isEmailVerified(vendor.userId))) {
        throw new AppError('CONFLICT', EMAIL_NOT_VERIFIED_MESSAGE);
      }
      const { from, to } = TRANSITIONS[decision];
      const kept = to === 'rejected' || to === 'suspended' ? (reason ?? null) : null;
      const updated = await db.transaction(async (tx) => {
        const changed = vendor.status === from ? await repo.changeStatus(tx, vendorId, from, to, adminId, kept) : undefined;
        if (changed) {
          await audit.record(tx, {
            action: `vendor.${decision}`,
            entityType: 'vendor',
            entityId: vendorId,
            vendorId,
            summary: `${DECISION_VERBS[decision]} ${vendor.businessName}${kept ? `: ${kept}` : ''}`,
            // An approval has no reason to record; the other decisions keep the reason the vendor reads.
            before: decision === 'approve' ? { status: vendor.status } : { status: vendor.status, statusReason: vendor.statusReason },
            after: decision === 'approve' ? { status: to } : { status: to, statusReason: kept },
          });
          const account = await profileRepo.findAccount(tx, vendor.userId);
          if (account) {
            await mailService.enqueue(tx, {
              to: account.email,
              toName: account.name,
              template: 'vendor_decision',
              data: {
                recipientName: account.name,
                businessName: vendor.businessName,
                decision,
                reason: kept,
                dashboardUrl: new URL(paths.vendor.dashboard, publicUrl).toString(),
              },
            });
          }
        }
        return changed;
      });
      if (!updated) {
        const current = ((await repo.findVendorById(db, vendorId))?.status ?? vendor.status) as VendorStatus;
        throw new AppError('CONFLICT', decisionRefusal(decision, current));
      }
      return { id: updated.id, status: updated.status as VendorStatus };
    },

    /**
     * Admin: marks the seller trusted (the products it lists go on sale at once) or takes the mark away (its
     * next new products wait for the review queue again; those on sale stay). Audited `vendor.trust` /
     * `vendor.untrust` when it changes; 404 for no such seller.
     */
    async setTrusted(vendorId: string, trusted: boolean): Promise<{ id: string; trusted: boolean }> {
      await db.transaction(async (tx) => {
        const before = await repo.setTrusted(tx, vendorId, trusted);
        if (!before) throw new AppError('NOT_FOUND', 'This vendor was not found.');
        if (before.was === trusted) return;
        await audit.record(tx, {
          action: trusted ? 'vendor.trust' : 'vendor.untrust',
          entityType: 'vendor',
          entityId: vendorId,
          vendorId,
          summary: trusted
            ? `Marked ${before.businessName} as a trusted seller: its new products go on sale without review`
            : `Took the trusted mark from ${before.businessName}: its new products wait for review`,
          before: { trusted: before.was },
          after: { trusted },
        });
      });
      return { id: vendorId, trusted };
    },

    /**
     * From which invoice date e-invoicing applies to the seller (its aggregate turnover above ₹5
     * crore, decision 76), YYYY-MM-DD; null when it does not. 404 for no such seller.
     */
    async eInvoicingFromOf(vendorId: string, executor: Executor = db): Promise<string | null> {
      const vendor = await repo.findVendorById(executor, vendorId);
      if (!vendor) throw new AppError('NOT_FOUND', 'This vendor was not found.');
      return vendor.eInvoicingFrom;
    },

    /**
     * The seller as the supplier on its e-invoices (decision 76): its GSTIN, legal name (the business
     * name when unset), its place of business (the pickup address) and its care contacts; null for a
     * seller without a GSTIN, who cannot issue one.
     */
    async supplierOf(vendorId: string, executor: Executor = db) {
      const v = await repo.findVendorById(executor, vendorId);
      if (!v?.gstin) return null;
      return {
        gstin: v.gstin,
        legalName: v.legalName ?? v.businessName,
        tradeName: v.businessName,
        line1: v.pickupLine1 ?? v.pickupCity,
        line2: v.pickupLine2,
        city: v.pickupCity,
        state: v.pickupState,
        pinCode: v.pickupPinCode,
        phone: v.carePhone ?? v.mobile,
        email: v.careEmail ?? v.contactEmail,
      };
    },

    /** Records from which invoice date e-invoicing applies to the seller (null: it does not); audited `vendor.e_invoicing`. */
    async setEInvoicingFrom(vendorId: string, from: string | null): Promise<{ eInvoicingFrom: string | null }> {
      await db.transaction(async (tx) => {
        const before = await repo.setEInvoicingFrom(tx, vendorId, from);
        if (!before) throw new AppError('NOT_FOUND', 'This vendor was not found.');
        if (before.was === from) return;
        await audit.record(tx, {
          action: 'vendor.e_invoicing',
          entityType: 'vendor',
          entityId: vendorId,
          vendorId,
          summary: from
            ? `E-invoicing applies to ${before.businessName} from ${from} (aggregate turnover above ₹5 crore)`
            : `E-invoicing no longer applies to ${before.businessName}`,
          before: { eInvoicingFrom: before.was },
          after: { eInvoicingFrom: from },
        });
      });
      return { eInvoicingFrom: from };
    },

    /** Whether the seller is trusted (its new products skip the review queue), read in the caller's transaction. */
    async isTrusted(vendorId: string, executor: Executor = db): Promise<boolean> {
      return (await repo.findVendorById(executor, vendorId))?.trusted ?? false;
    },

    /** Where a seller is written to: its sign-in address and name, with its business name (the product review's e-mails). */
    async contactOf(vendorId: string, executor: Executor = db): Promise<{ email: string; name: string; businessName: string } | null> {
      const vendor = await repo.findVendorById(executor, vendorId);
      if (!vendor) return null;
      const account = await profileRepo.findAccount(executor, vendor.userId);
      return account ? { ...account, businessName: vendor.businessName } : null;
    },

    /**
     * Admin: sends a pending vendor's owner a new e-mail verification link, so that the application
     * can be approved (decision 25). 409 once the address is verified; the owner's own resends count
     * towards the same hourly limit.
     */
    async resendVerification(vendorId: string): Promise<{ message: string }> {
      const vendor = await repo.findVendorById(db, vendorId);
      if (!vendor) throw new AppError('NOT_FOUND', 'This vendor was not found.');
      return emailVerification.resendAsAdmin(vendor.userId, {
        entityType: 'vendor',
        entityId: vendor.id,
        vendorId: vendor.id,
        name: vendor.businessName,
      });
    },

    /**
     * Admin, inside the account's suspension: an approved vendor is suspended with the same reason (its
     * products leave the shop at once). Other statuses are kept: a pending or rejected vendor sells nothing.
     */
    async suspendWithAccount(tx: Executor, userId: string, adminId: string, reason: string) {
      const vendor = await repo.lockVendorOfUser(tx, userId);
      if (!vendor || vendor.status !== 'approved') return vendor ? (vendor.status as VendorStatus) : null;
      await repo.changeStatus(tx, vendor.id, 'approved', 'suspended', adminId, reason);
      await audit.record(tx, {
        action: 'vendor.suspend',
        entityType: 'vendor',
        entityId: vendor.id,
        vendorId: vendor.id,
        summary: `Suspended ${vendor.businessName} with its account: ${reason}`,
        before: { status: vendor.status, statusReason: vendor.statusReason },
        after: { status: 'suspended', statusReason: reason },
      });
      return 'suspended' as const;
    },

    /** Admin, inside the account's reactivation: a suspended vendor is approved again (its products return). */
    async reinstateWithAccount(tx: Executor, userId: string, adminId: string) {
      const vendor = await repo.lockVendorOfUser(tx, userId);
      if (!vendor || vendor.status !== 'suspended') return vendor ? (vendor.status as VendorStatus) : null;
      await repo.changeStatus(tx, vendor.id, 'suspended', 'approved', adminId, null);
      await audit.record(tx, {
        action: 'vendor.reinstate',
        entityType: 'vendor',
        entityId: vendor.id,
        vendorId: vendor.id,
        summary: `Reinstated ${vendor.businessName} with its account`,
        before: { status: vendor.status, statusReason: vendor.statusReason },
        after: { status: 'approved', statusReason: null },
      });
      return 'approved' as const;
    },

    /** Admin: the business record of an account, or null when it is not a vendor. */
    async vendorOfUser(userId: string): Promise<VendorProfile | null> {
      const row = await repo.findVendorByUserId(db, userId);
      return row ? toProfile(row) : null;
    },

    /** Admin search: accounts whose vendor mobile contains these digits. */
    async userIdsWithMobile(digits: string, limit = 500): Promise<string[]> {
      return repo.userIdsWithMobile(db, digits, limit);
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
