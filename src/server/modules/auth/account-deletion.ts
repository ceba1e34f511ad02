import { randomUUID } from 'node:crypto';
import type { UserRole } from '~/shared/constants';
import { ACCOUNT_DELETION_COOLING_OFF_DAYS } from '~/shared/schemas/account';
import type { Database } from '../../db/client';
import type { AlertsService } from '../alerts/alerts.service';
import type { AddressesService } from '../addresses/addresses.service';
import type { AuditService } from '../audit/audit.service';
import type { ContactService } from '../contact/contact.service';
import type { MailService } from '../mail/mail.service';
import type { OrdersOfUser } from '../orders/orders-of-user';
import type { OrdersService } from '../orders/orders.service';
import type { PayoutsService } from '../payouts/payouts.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { VendorsService } from '../vendors/vendors.service';
import type { WishlistService } from '../wishlist/wishlist.service';
import * as repo from './accounts.repo';
import type { Auth } from './better-auth';
import { endLinksOf } from './account-links';

const DAY_MS = 24 * 60 * 60 * 1000;
/** GST records (invoices, credit notes) are kept six years from the end of the financial year (decision 26). */
const GST_RETENTION = 'CGST Act 2017 s.36 and CGST Rules rule 56: accounts and invoices kept for six years';

/** What an erased account is called from then on. */
export const ERASED_NAMES: Record<UserRole, string> = {
  customer: 'Deleted customer',
  vendor: 'Deleted vendor',
  admin: 'Deleted admin',
};

export type ErasureOutcome = { userId: string; status: 'erased' | 'postponed' | 'skipped'; reason?: string };

/**
 * The erasure job of decision 26: every account whose cooling-off has ended is erased or anonymised
 * in ONE transaction per account, with an audit entry (system actor) that records what was removed,
 * what was kept and why. Run it with a clock (`runDue(now)`); main.ts starts it hourly.
 */
export function createAccountDeletionJob(deps: {
  db: Database;
  auth: Auth;
  mailService: Pick<MailService, 'enqueue' | 'eraseTo'>;
  contact: Pick<ContactService, 'eraseOf'>;
  alerts: Pick<AlertsService, 'eraseOf'>;
  audit: Pick<AuditService, 'record'>;
  addresses: Pick<AddressesService, 'eraseAllOf'>;
  orders: Pick<OrdersOfUser, 'forgetDeliveryAddresses' | 'openOrdersOfVendor'>;
  /** The refund bank accounts and return photos on the orders (decision 55). */
  returnData: Pick<OrdersService, 'forgetReturnDataOf'>;
  reviews: Pick<ReviewsService, 'ofUser'>;
  wishlist: Pick<WishlistService, 'clearOf'>;
  vendors: Pick<VendorsService, 'vendorOfUser' | 'suspendWithAccount'>;
  payouts: Pick<PayoutsService, 'vendorPayouts'>;
}) {
  const { db, auth, mailService, contact, alerts, audit, addresses, orders, returnData, reviews, wishlist, vendors, payouts } = deps;

  /** A vendor whose orders or money are not settled waits: the erasure is tried again on the next run. */
  async function vendorUnsettled(userId: string): Promise<string | null> {
    const vendor = await vendors.vendorOfUser(userId);
    if (!vendor) return null;
    const [open, money] = await Promise.all([orders.openOrdersOfVendor(vendor.id), payouts.vendorPayouts(vendor.id)]);
    if (open > 0) return `${open} open orders`;
    if (money.summary.payableNowPaise + money.summary.inReturnWindowPaise !== 0) return 'money not yet paid out';
    return null;
  }

  async function erase(userId: string, now: Date): Promise<ErasureOutcome> {
    const dueBy = new Date(now.getTime() - ACCOUNT_DELETION_COOLING_OFF_DAYS * DAY_MS);
    const pending = await repo.findUserById(db, userId);
    if (pending?.role === 'vendor') {
      const unsettled = await vendorUnsettled(userId);
      if (unsettled) return { userId, status: 'postponed', reason: unsettled };
    }
    const reviewCount = (await reviews.ofUser(userId, 1)).total;
    const outcome = await db.transaction(async (tx): Promise<ErasureOutcome & { tokens?: string[] }> => {
      await repo.lockStandings(tx);
      const row = await repo.lockUser(tx, userId);
      // A sign-in or "Cancel deletion" since the list was read, or another process was first.
      if (!row || row.deletedAt || !row.deletionRequestedAt || row.deletionRequestedAt > dueBy) {
        return { userId, status: 'skipped', reason: 'no longer due' };
      }
      const role = row.role as UserRole;
      if (role === 'admin' && (await repo.otherStayingAdmins(tx, userId)) === 0) {
        return { userId, status: 'postponed', reason: 'last admin' };
      }
      const tokens = await repo.deleteSessionsExcept(tx, userId, null);
      await endLinksOf(tx, auth, userId);
      const addressCount = await addresses.eraseAllOf(tx, userId);
      const wishlistCount = await wishlist.clearOf(tx, userId);
      const orderAddresses = await orders.forgetDeliveryAddresses(tx, userId);
      const returns = await returnData.forgetReturnDataOf(tx, userId);
      const contactMessages = await contact.eraseOf(tx, { userId, email: row.email });
      const stockAlerts = await alerts.eraseOf(tx, { userId, email: row.email });
      // The e-mails sent to the address go too; the notice of this erasure, written below, is the one left.
      const emails = await mailService.eraseTo(tx, row.email);
      const vendorStatus =
        role === 'vendor' ? await vendors.suspendWithAccount(tx, userId, userId, 'Account deleted at the owner’s request') : null;
      const { credentialsRemoved } = await repo.eraseAccountRow(tx, userId, {
        name: ERASED_NAMES[role],
        email: `deleted-${randomUUID()}@deleted.invalid`,
        at: now,
      });
      const kept = [
        ...(orderAddresses.addressesKept > 0
          ? [
              `${orderAddresses.addressesKept} order(s) with an issued GST invoice, with the delivery address printed on it: ${GST_RETENTION}.`,
            ]
          : []),
        ...(orderAddresses.orders > orderAddresses.addressesKept
          ? [
              `${orderAddresses.orders - orderAddresses.addressesKept} order(s) without an invoice: lines and amounts only (stock and sales figures); the address was removed.`,
            ]
          : []),
        ...(returns.ordersKeeping > 0
          ? [
              `${returns.ordersKeeping} return(s) not yet refunded: the bank account given for the refund and the photos sent with the return, until the refund is made; then they are removed.`,
            ]
          : []),
        ...(reviewCount > 0 ? [`${reviewCount} review(s): rating and text, shown as by "${ERASED_NAMES[role]}".`] : []),
        ...(vendorStatus !== null
          ? ['The business record (GSTIN, ledger, payouts): the TCS and GST returns it was reported in must be kept for six years.']
          : []),
      ];
      const summary = {
        requestedAt: row.deletionRequestedAt.toISOString(),
        erasedAt: now.toISOString(),
        role,
        erased: {
          name: true,
          email: true,
          mobile: row.phone !== null,
          password: credentialsRemoved > 0,
          sessions: tokens.length,
          addresses: addressCount,
          wishlist: wishlistCount,
          orderDeliveryAddresses: orderAddresses.addressesRemoved,
          refundAccounts: returns.refundAccountsRemoved,
          returnPhotos: returns.returnPhotosRemoved,
          contactMessages,
          stockAlerts,
          emails,
        },
        anonymised: { reviews: reviewCount, name: ERASED_NAMES[role] },
        kept,
        ...(vendorStatus !== null ? { vendorStatus } : {}),
      };
      await mailService.enqueue(tx, {
        to: row.email,
        toName: row.name,
        template: 'account_deleted',
        data: { name: row.name, kept: kept.length ? kept : ['Nothing: you had no orders with an issued invoice.'] },
      });
      await audit.record(tx, {
        action: 'account.erase',
        entityType: 'user',
        entityId: userId,
        summary: `Erased the personal data of a ${role} account deleted at its owner’s request`,
        after: summary,
        actor: { userId: null, role: 'system', email: null },
      });
      return { userId, status: 'erased', tokens };
    });
    if (outcome.tokens?.length) {
      const cache = (await auth.$context).secondaryStorage;
      if (cache) await Promise.all([...outcome.tokens.map((t) => cache.delete(t)), cache.delete(`active-sessions-${userId}`)]);
    }
    return { userId: outcome.userId, status: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}) };
  }

  return {
    /** Erases every account whose cooling-off ended by `now` (up to `limit` per run); returns what happened to each. */
    async runDue(now = new Date(), limit = 20): Promise<ErasureOutcome[]> {
      const dueBy = new Date(now.getTime() - ACCOUNT_DELETION_COOLING_OFF_DAYS * DAY_MS);
      const ids = await repo.dueDeletions(db, dueBy, limit);
      const outcomes: ErasureOutcome[] = [];
      for (const id of ids) outcomes.push(await erase(id, now));
      return outcomes;
    },
  };
}

export type AccountDeletionJob = ReturnType<typeof createAccountDeletionJob>;
