import type { UserRole } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { ACCOUNT_DELETION_COOLING_OFF_DAYS } from '~/shared/schemas/account';
import type { Database } from '../db/client';
import type { AddressesService } from '../modules/addresses/addresses.service';
import type { AlertsService } from '../modules/alerts/alerts.service';
import type { AuditService } from '../modules/audit/audit.service';
import { ERASED_NAMES, type AccountErasureService } from '../modules/auth/account-erasure.service';
import type { ContactService } from '../modules/contact/contact.service';
import type { MailService } from '../modules/mail/mail.service';
import type { OrdersOfUser } from '../modules/orders/orders-of-user';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { ReviewsService } from '../modules/reviews/reviews.service';
import type { VendorsService } from '../modules/vendors/vendors.service';
import type { WishlistService } from '../modules/wishlist/wishlist.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** GST records (invoices, credit notes) are kept six years from the end of the financial year (decision 26). */
const GST_RETENTION = 'CGST Act 2017 s.36 and CGST Rules rule 56: accounts and invoices kept for six years';

export type ErasureOutcome = { userId: string; status: 'erased' | 'postponed' | 'skipped'; reason?: string };

/** A vendor's business that is not settled: its open orders and the money not yet paid out either way. */
export interface Unsettled {
  openOrders: number;
  unpaidPaise: number;
}

/** What the vendors, orders and payouts modules tell of a vendor's business before its account may go. */
export function createSettlementCheck(deps: {
  vendors: Pick<VendorsService, 'vendorOfUser'>;
  orders: Pick<OrdersOfUser, 'openOrdersOfVendor'>;
  payouts: Pick<PayoutsService, 'vendorPayouts'>;
}) {
  /** The account's business when it is not settled, or null (no business, or nothing open or owed). */
  async function unsettled(userId: string): Promise<Unsettled | null> {
    const vendor = await deps.vendors.vendorOfUser(userId);
    if (!vendor) return null;
    const [openOrders, money] = await Promise.all([deps.orders.openOrdersOfVendor(vendor.id), deps.payouts.vendorPayouts(vendor.id)]);
    const unpaidPaise = money.summary.payableNowPaise + money.summary.inReturnWindowPaise;
    return openOrders === 0 && unpaidPaise === 0 ? null : { openOrders, unpaidPaise };
  }

  return {
    unsettled,
    /** Why a vendor may not ask for its account's deletion yet, or null ("Delete my account", decision 26). */
    async deletionBlocker(userId: string, role: UserRole): Promise<string | null> {
      if (role !== 'vendor') return null;
      const found = await unsettled(userId);
      if (!found) return null;
      const { openOrders: open, unpaidPaise: unpaid } = found;
      const reasons = [
        open > 0 ? `${open} open order${open === 1 ? '' : 's'} to ship or settle` : null,
        unpaid !== 0 ? `${formatPaise(unpaid)} not yet paid out` : null,
      ].filter(Boolean);
      return `Your business still has ${reasons.join(' and ')}. You can delete your account once every order is settled and your last payout is made.`;
    },
  };
}

export type SettlementCheck = ReturnType<typeof createSettlementCheck>;

/**
 * Erases an account deleted at its owner's request (decision 26), once its cooling-off has ended: each
 * module erases its own rows through its own writing function, all in ONE transaction per account, with
 * an audit entry (system actor) that records what was removed, what was kept and why. Run it with a
 * clock (`runDue(now)`); the job `accounts.erase-due` runs it hourly.
 */
export function createEraseAccount(deps: {
  db: Database;
  accounts: AccountErasureService;
  settlement: Pick<SettlementCheck, 'unsettled'>;
  mailService: Pick<MailService, 'enqueue' | 'eraseTo'>;
  contact: Pick<ContactService, 'eraseOf'>;
  alerts: Pick<AlertsService, 'eraseOf'>;
  audit: Pick<AuditService, 'record'>;
  addresses: Pick<AddressesService, 'eraseAllOf'>;
  orders: Pick<OrdersOfUser, 'forgetDeliveryAddresses'>;
  /** The refund bank accounts and return photos on the orders (decision 55). */
  returnData: Pick<ReturnsService, 'forgetReturnDataOf'>;
  reviews: Pick<ReviewsService, 'ofUser'>;
  wishlist: Pick<WishlistService, 'clearOf'>;
  vendors: Pick<VendorsService, 'suspendWithAccount'>;
}) {
  const { db, accounts, settlement, mailService, contact, alerts, audit, addresses, orders, returnData, reviews, wishlist, vendors } = deps;

  async function erase(userId: string, now: Date): Promise<ErasureOutcome> {
    const dueBy = new Date(now.getTime() - ACCOUNT_DELETION_COOLING_OFF_DAYS * DAY_MS);
    // A vendor whose orders or money are not settled waits: the erasure is tried again on the next run.
    if ((await accounts.roleOf(userId)) === 'vendor') {
      const unsettled = await settlement.unsettled(userId);
      if (unsettled) {
        const reason = unsettled.openOrders > 0 ? `${unsettled.openOrders} open orders` : 'money not yet paid out';
        return { userId, status: 'postponed', reason };
      }
    }
    const reviewCount = (await reviews.ofUser(userId, 1)).total;
    const outcome = await db.transaction(async (tx): Promise<ErasureOutcome & { tokens?: string[] }> => {
      const begun = await accounts.begin(tx, userId, dueBy);
      if (!('account' in begun)) return { userId, ...begun };
      const { account } = begun;
      const { role } = account;
      const tokens = await accounts.endSessions(tx, userId);
      const addressCount = await addresses.eraseAllOf(tx, userId);
      const wishlistCount = await wishlist.clearOf(tx, userId);
      const orderAddresses = await orders.forgetDeliveryAddresses(tx, userId);
      const returns = await returnData.forgetReturnDataOf(tx, userId);
      const contactMessages = await contact.eraseOf(tx, { userId, email: account.email });
      const stockAlerts = await alerts.eraseOf(tx, { userId, email: account.email });
      // The e-mails sent to the address go too; the notice of this erasure, written below, is the one left.
      const emails = await mailService.eraseTo(tx, account.email);
      const vendorStatus =
        role === 'vendor' ? await vendors.suspendWithAccount(tx, userId, userId, 'Account deleted at the owner’s request') : null;
      const { credentialsRemoved } = await accounts.eraseRow(tx, account, now);
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
        requestedAt: account.deletionRequestedAt.toISOString(),
        erasedAt: now.toISOString(),
        role,
        erased: {
          name: true,
          email: true,
          mobile: account.phone !== null,
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
        to: account.email,
        toName: account.name,
        template: 'account_deleted',
        data: { name: account.name, kept: kept.length ? kept : ['Nothing: you had no orders with an issued invoice.'] },
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
    await accounts.forgetSessions(userId, outcome.tokens ?? []);
    return { userId: outcome.userId, status: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}) };
  }

  return {
    /** Erases every account whose cooling-off ended by `now` (up to `limit` per run); returns what happened to each. */
    async runDue(now = new Date(), limit = 20): Promise<ErasureOutcome[]> {
      const dueBy = new Date(now.getTime() - ACCOUNT_DELETION_COOLING_OFF_DAYS * DAY_MS);
      const ids = await accounts.due(dueBy, limit);
      const outcomes: ErasureOutcome[] = [];
      for (const id of ids) outcomes.push(await erase(id, now));
      return outcomes;
    },
  };
}

export type EraseAccount = ReturnType<typeof createEraseAccount>;
