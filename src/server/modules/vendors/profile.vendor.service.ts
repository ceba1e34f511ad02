import type { VendorStatus } from '~/shared/constants';
import { maskAccountNumber } from '~/shared/india-tax-ids';
import { paths } from '~/shared/paths';
import type { UpdateVendorProfile, VendorProfileChangeField, VendorProfileDetails, VendorProfileResponse } from '~/shared/schemas/vendor';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { dayOf } from '../../lib/dates';
import type { ResponseCache } from '../../lib/response-cache';
import type { Sealer } from '../../lib/sealed';
import type { MailService } from '../mail/mail.service';
import * as repo from './profile.vendor.repo';
import { findVendorById, type VendorRow } from './vendors.repo';

/** How many recorded changes of bank account and GSTIN the profile lists. */
const RECENT_CHANGES = 10;

/**
 * Why a rejected or suspended vendor may not change its profile, as the vendor reads it. A pending
 * vendor may: its profile is its application, and it may correct it while it waits.
 */
export const PROFILE_LOCKED: Record<Extract<VendorStatus, 'rejected' | 'suspended'>, string> = {
  rejected: 'Your seller application was not approved, so your profile cannot be changed. Contact us if you think this is a mistake.',
  suspended: 'Your seller account is suspended: you can read your profile but change nothing. Contact us to resolve it.',
};

const lockedReason = (status: string): string | null => (status === 'rejected' || status === 'suspended' ? PROFILE_LOCKED[status] : null);

interface BankAccount {
  holderName: string;
  number: string;
  ifsc: string;
}

/** A bank account as the change log and the e-mail show it: never the whole number. */
const describeBank = (b: BankAccount | null) => (b ? `${maskAccountNumber(b.number)} · ${b.ifsc} · ${b.holderName}` : null);

const sameBank = (a: BankAccount | null, b: BankAccount | null) =>
  a?.number === b?.number && a?.ifsc === b?.ifsc && a?.holderName === b?.holderName;

const CHANGE_LABEL: Record<VendorProfileChangeField, string> = { bank_account: 'bank account for payouts', gstin: 'GSTIN' };

const GSTIN_TAKEN = 'Another seller has registered this GSTIN. Check it, or contact us if it is yours.';

export function createVendorProfileService(deps: {
  db: Database;
  mailService: MailService;
  publicUrl: string;
  sealer: Sealer;
  /** The storefront's cached answers: product pages show the seller's details (decision 73). */
  cache?: Pick<ResponseCache, 'invalidate'>;
}) {
  const { db, mailService, publicUrl, sealer, cache } = deps;

  function bankOf(row: VendorRow): BankAccount | null {
    const account = repo.bankAccountOf(sealer, row);
    return account ? { holderName: account.holderName, number: account.accountNumber, ifsc: account.ifsc } : null;
  }

  function details(row: VendorRow, account: { name: string; email: string }): VendorProfileDetails {
    const bank = bankOf(row);
    return {
      id: row.id,
      status: row.status as VendorStatus,
      statusReason: row.statusReason,
      editable: lockedReason(row.status) === null,
      lockedReason: lockedReason(row.status),
      businessName: row.businessName,
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      mobile: row.mobile,
      gstin: row.gstin,
      pan: row.pan,
      bankAccount: bank ? { holderName: bank.holderName, maskedNumber: maskAccountNumber(bank.number), ifsc: bank.ifsc } : null,
      pickupLine1: row.pickupLine1,
      pickupLine2: row.pickupLine2,
      pickupCity: row.pickupCity,
      pickupState: row.pickupState,
      pickupPinCode: row.pickupPinCode,
      legalName: row.legalName,
      carePhone: row.carePhone,
      careEmail: row.careEmail,
      accountName: account.name,
      accountEmail: account.email,
    };
  }

  async function accountOf(db: Executor, userId: string) {
    const account = await repo.findAccount(db, userId);
    if (!account) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return account;
  }

  /** Records an approved vendor's changes of bank account and GSTIN and e-mails its sign-in address, inside `tx`. */
  async function recordChanges(
    tx: Executor,
    before: VendorRow,
    changes: { field: VendorProfileChangeField; from: string | null; to: string | null }[],
    changedBy: string,
  ) {
    for (const c of changes) {
      await repo.insertProfileChange(tx, { vendorId: before.id, field: c.field, fromValue: c.from, toValue: c.to, changedBy });
    }
    const account = await accountOf(tx, before.userId);
    await mailService.enqueue(tx, {
      to: account.email,
      toName: account.name,
      template: 'vendor_profile_changed',
      data: {
        recipientName: account.name,
        businessName: before.businessName,
        changes: changes.map((c) => ({ what: CHANGE_LABEL[c.field], from: c.from, to: c.to })),
        changedOn: dayOf(new Date()),
        byYou: changedBy === before.userId,
        profileUrl: new URL(paths.vendor.profile, publicUrl).toString(),
      },
    });
  }

  /** The vendor's profile (bank account masked) and its latest recorded changes. */
  async function read(vendorId: string): Promise<VendorProfileResponse> {
    const row = await findVendorById(db, vendorId);
    if (!row) throw new AppError('NOT_FOUND', 'No vendor record belongs to this account.');
    const [account, changes] = await Promise.all([accountOf(db, row.userId), repo.listProfileChanges(db, vendorId, RECENT_CHANGES)]);
    return {
      profile: details(row, account),
      changes: changes.map((c) => ({
        id: c.id,
        field: c.field as VendorProfileChangeField,
        from: c.fromValue,
        to: c.toValue,
        changedAt: c.changedAt.toISOString(),
        byYou: c.changedBy === row.userId,
      })),
    };
  }

  return {
    read,

    /**
     * The bank accounts payouts are sent to, whole (for the admin's bank-upload file only: no
     * vendor-facing answer carries the whole number); null for a vendor that has given none.
     */
    async payoutAccounts(vendorIds: readonly string[]): Promise<Map<string, BankAccount | null>> {
      const rows = await Promise.all([...new Set(vendorIds)].map((id) => findVendorById(db, id)));
      return new Map(rows.flatMap((row) => (row ? [[row.id, bankOf(row)] as const] : [])));
    },

    /**
     * Saves the whole profile in one transaction under the vendor's row lock. Pending and approved
     * vendors may; rejected and suspended ones are refused. The bank account changes only when a new
     * one is given. For an approved vendor, a change of bank account or GSTIN is recorded (masked)
     * and e-mailed to the vendor's sign-in address in the same transaction.
     */
    async update(vendorId: string, userId: string, input: UpdateVendorProfile): Promise<VendorProfileResponse> {
      try {
        await db.transaction(async (tx) => {
          const before = await repo.lockVendor(tx, vendorId);
          if (!before) throw new AppError('NOT_FOUND', 'No vendor record belongs to this account.');
          const locked = lockedReason(before.status);
          if (locked) throw new AppError('FORBIDDEN', locked);

          const oldBank = bankOf(before);
          const newBank = input.bankAccount
            ? { holderName: input.bankAccount.holderName, number: input.bankAccount.accountNumber, ifsc: input.bankAccount.ifsc }
            : oldBank;
          const gstin = input.gstin ?? null;
          await repo.updateProfile(tx, vendorId, {
            businessName: input.businessName,
            contactName: input.contactName,
            contactEmail: input.contactEmail,
            mobile: input.mobile,
            gstin,
            pan: input.pan ?? null,
            ...repo.bankAccountValues(
              sealer,
              vendorId,
              newBank && { holderName: newBank.holderName, accountNumber: newBank.number, ifsc: newBank.ifsc },
            ),
            pickupLine1: input.pickupLine1,
            pickupLine2: input.pickupLine2 ?? null,
            pickupCity: input.pickupCity,
            pickupState: input.pickupState,
            pickupPinCode: input.pickupPinCode,
            // A form of before, without them, leaves them as they are.
            ...(input.legalName !== undefined && { legalName: input.legalName }),
            ...(input.carePhone !== undefined && { carePhone: input.carePhone }),
            ...(input.careEmail !== undefined && { careEmail: input.careEmail }),
          });

          if (before.status !== 'approved') return;
          const changes: { field: VendorProfileChangeField; from: string | null; to: string | null }[] = [];
          if (!sameBank(oldBank, newBank)) changes.push({ field: 'bank_account', from: describeBank(oldBank), to: describeBank(newBank) });
          // A GSTIN is public (printed on every invoice), so the log keeps it whole; the bank account is masked.
          if (before.gstin !== gstin) changes.push({ field: 'gstin', from: before.gstin, to: gstin });
          if (changes.length > 0) await recordChanges(tx, before, changes, userId);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'vendors_gstin_unique'))
          throw new AppError('CONFLICT', GSTIN_TAKEN, { fields: { gstin: GSTIN_TAKEN } });
        throw error;
      }
      // The product pages disclose the seller's name, address and contact (decision 73): drop their cached answers.
      await cache?.invalidate();
      return read(vendorId);
    },
  };
}

export type VendorProfileService = ReturnType<typeof createVendorProfileService>;
