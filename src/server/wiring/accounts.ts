import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { createEraseAccount, createSettlementCheck } from '../flows/erase-account';
import { createReactivateAccount } from '../flows/reactivate-account';
import { createSuspendAccount } from '../flows/suspend-account';
import type { KeyValueStore } from '../lib/kv-store';
import { RateLimiter } from '../lib/rate-limiter';
import type { AddressesService } from '../modules/addresses/addresses.service';
import type { AlertsService } from '../modules/alerts/alerts.service';
import type { AuditService } from '../modules/audit/audit.service';
import { createAccountErasureService } from '../modules/auth/account-erasure.service';
import { createAccountStandingService } from '../modules/auth/account-standing.service';
import { createAccountService } from '../modules/auth/account.service';
import type { createAuth } from '../modules/auth/better-auth';
import type { ContactService } from '../modules/contact/contact.service';
import type { MailService } from '../modules/mail/mail.service';
import type { OrdersOfUser } from '../modules/orders/orders-of-user';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { ReviewsService } from '../modules/reviews/reviews.service';
import type { VendorsService } from '../modules/vendors/vendors.service';
import type { WishlistService } from '../modules/wishlist/wishlist.service';
import { createAdminUsersService } from '../surfaces/admin/users/users.admin.service';

/**
 * A person's account above identity: the account page with "Download my data" and "Delete my
 * account" (decision 26), the admin's user pages with suspension and reactivation (flows over
 * identity and the vendor record), and the erasure of deleted accounts once their cooling-off ends
 * (the flow `erase-account`, each module erasing its own rows in one transaction).
 */
export function createAccounts(deps: {
  config: Config;
  db: Database;
  store: KeyValueStore;
  auth: ReturnType<typeof createAuth>;
  mailService: MailService;
  audit: AuditService;
  vendors: VendorsService;
  addresses: AddressesService;
  ordersOfUser: OrdersOfUser;
  /** The refund bank accounts and return photos on the orders (decision 55). */
  returnData: Pick<ReturnsService, 'forgetReturnDataOf'>;
  reviews: ReviewsService;
  wishlist: WishlistService;
  payouts: PayoutsService;
  contact: ContactService;
  alerts: AlertsService;
}) {
  const { config, db, auth, mailService, audit, vendors, addresses, ordersOfUser, reviews, wishlist } = deps;
  /** An account's standing (suspend, reactivate) on identity's tables; the flows add the vendor record. */
  const accountStanding = createAccountStandingService({ db, auth });
  const adminUsersService = createAdminUsersService({
    db,
    accounts: accountStanding,
    vendors,
    addresses,
    orders: ordersOfUser,
    reviews,
    suspend: createSuspendAccount({ db, standing: accountStanding, vendors, audit }),
    reactivate: createReactivateAccount({ db, standing: accountStanding, vendors, audit }),
  });
  /** A vendor's open orders and money not paid out: the account waits for them to settle before it is deleted. */
  const settlement = createSettlementCheck({ vendors, orders: ordersOfUser, payouts: deps.payouts });
  const accountService = createAccountService({
    db,
    auth,
    mailService,
    audit,
    limiter: new RateLimiter(deps.store),
    // "Download my data": what the modules above identity keep of the person, through their owners.
    dataOf: async (userId) => {
      const [addressBook, orders, reviewsOf, wishlistOf] = await Promise.all([
        addresses.list(userId),
        ordersOfUser.exportOf(userId),
        reviews.exportOf(userId),
        wishlist.exportOf(userId),
      ]);
      return { addresses: addressBook, orders, reviews: reviewsOf, wishlist: wishlistOf };
    },
    deletionBlocker: (userId, role) => settlement.deletionBlocker(userId, role),
    publicUrl: config.PUBLIC_URL,
  });
  /** The flow `erase-account`: each module erases its own rows of a deleted account, in one transaction. */
  const accountDeletionJob = createEraseAccount({
    db,
    accounts: createAccountErasureService({ db, auth }),
    settlement,
    mailService,
    audit,
    addresses,
    orders: ordersOfUser,
    returnData: deps.returnData,
    contact: deps.contact,
    alerts: deps.alerts,
    reviews,
    wishlist,
    vendors,
  });
  return { adminUsersService, accountService, accountDeletionJob };
}
