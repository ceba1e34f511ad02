import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import { replicaFromConfig } from './db/read-replica';
import { createChangeBus } from './lib/change-bus';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './lib/kv-store';
import { RateLimiter } from './lib/rate-limiter';
import { createResponseCache } from './lib/response-cache';
import { createAuditService } from './modules/audit/audit.service';
import { createJobQueue } from './modules/jobs/job-queue';
import { createJobsService } from './modules/jobs/jobs.service';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createRestockNotifier } from './modules/alerts/restock-notifier';
import { createAddressesService } from './modules/addresses/addresses.service';
import { createAuthService } from './modules/auth/auth.service';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { createAccountEmailService } from './modules/auth/account-email.service';
import { createEmailVerificationService } from './modules/auth/email-verification.service';
import { createPasswordResetHooks, createPasswordResetService } from './modules/auth/password-reset.service';
import { createAuth } from './modules/auth/better-auth';
import { createAccountErasureService } from './modules/auth/account-erasure.service';
import { createAccountStandingService } from './modules/auth/account-standing.service';
import { createAccountService } from './modules/auth/account.service';
import { createCartService } from './modules/cart/cart.service';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createInventoryService } from './modules/catalogue/inventory.service';
import { createProductRecords } from './modules/catalogue/product-records.service';
import { createSeo } from './modules/catalogue/seo';
import { createProductImportsService } from './modules/products/product-imports.service';
import { createVendorProductsService } from './modules/products/products.vendor.service';
import { createProductsAdminService } from './modules/products/products.admin.service';
import { createCartLines, createCheckoutService } from './modules/checkout/checkout.service';
import { createContactService } from './modules/contact/contact.service';
import { createCouponsService } from './modules/coupons/coupons.service';
import { createDashboardService } from './modules/reporting/dashboard.admin.service';
import { transportFromConfig } from './modules/mail/mailer';
import { createMailService } from './modules/mail/mail.service';
import { createMediaStorage } from './modules/media/create-storage';
import { createPictureFetcher } from './modules/media/fetch-picture';
import { createMediaService } from './modules/media/media.service';
import { createOrderReads } from './modules/orders/order-reads';
import { createOrdersOfUser } from './modules/orders/orders-of-user';
import type { OrderFlowCalls } from './modules/orders/order-flow-calls';
import { createOrdersService } from './modules/orders/orders.service';
import { createAdminAnalytics } from './modules/reporting/analytics.admin.service';
import { createVendorAnalytics } from './modules/reporting/analytics.vendor.service';
import { createPayoutsService } from './modules/payouts/payouts.service';
import { createGstReports } from './modules/reporting/gst.admin.service';
import { createReturnsReport } from './modules/reporting/returns.admin.service';
import { createPayoutsReports } from './modules/reporting/ledger.admin.service';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSettingsService, settingsDefaults } from './modules/settings/settings.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createVendorProfileService } from './modules/vendors/profile.vendor.service';
import { createVendorsService } from './modules/vendors/vendors.service';
import { createSealer, dataEncryptionKey } from './lib/sealed';
import { sealPlainBankAccounts } from './lib/sealed-bank-account';
import { createWishlistService } from './modules/wishlist/wishlist.service';
import { createEraseAccount, createSettlementCheck } from './flows/erase-account';
import { createApplyPayment } from './flows/apply-payment';
import { createCancelOrder } from './flows/cancel-order';
import { createCancelOrderLines } from './flows/cancel-order-lines';
import { createDeliverOrder } from './flows/deliver-order';
import { createOrderMoney } from './flows/order-money';
import { createPlaceOrder } from './flows/place-order';
import { createReceiveReturn } from './flows/receive-return';
import { createRefundOrderLines } from './flows/refund-order-lines';
import { createRefundReturn } from './flows/refund-return';
import { createReactivateAccount } from './flows/reactivate-account';
import { createSuspendAccount } from './flows/suspend-account';
import { createProfiles } from './surfaces/account/profile';
import { createAdminUsersService } from './surfaces/admin/users/users.admin.service';

/**
 * Every service of the app, wired once per process (or per test app). The order is the modules'
 * dependency order: a service gets the services of the modules it calls, never their repos.
 */
export function createServices(options: { config: Config; database: DatabaseHandle; authSecret: string }) {
  const { config, database } = options;
  const { db } = database;
  const store: KeyValueStore = config.REDIS_URL ? createRedisStore(config.REDIS_URL, config.REDIS_PREFIX) : createMemoryStore();
  /** Losing and regaining the bus's or the replica's connection is told on stderr, like the database's (decision 24). */
  const connectionLog =
    config.NODE_ENV === 'test' ? undefined : (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  /** Tells every process what changed, so none keeps stale copies (decision 32): Redis pub/sub, or LISTEN/NOTIFY without Redis. */
  const bus = createChangeBus(config, database.pool, { log: connectionLog });
  /** Every admin and vendor write is recorded here, in its own transaction (a hash chain). */
  const auditService = createAuditService({ db });
  /** Background jobs (decision 33): added inside the writes they follow, run by the worker (SERVER_MODE all or worker). */
  const jobQueue = createJobQueue();
  /** E-mails: SMTP when configured, otherwise kept for the development mailbox. */
  const mailService = createMailService({ db, transport: transportFromConfig(config), jobs: jobQueue });
  /** better-auth's session cache: Redis when configured. */
  const sessionCache = config.REDIS_URL ? store : undefined;
  const auth = createAuth({
    config,
    db,
    secret: options.authSecret,
    store: sessionCache,
    // Forgot password (decision 25): better-auth hands its token and its reset to these hooks.
    passwordReset: createPasswordResetHooks({ db, mailService, audit: auditService, config, sessionCache }),
  });
  /** Forgot password, e-mail verification and e-mail change (decision 25). */
  const emailVerificationService = createEmailVerificationService({
    db,
    mailService,
    limiter: new RateLimiter(store),
    audit: auditService,
    config,
  });
  const authService = createAuthService({
    db,
    auth,
    limiter: new RateLimiter(store),
    config,
    // A person who registers is sent a link to verify the address, in the registration's transaction.
    onRegistered: (tx, account) => emailVerificationService.sendLink(tx, account),
  });
  /** Two-step sign-in (decision 27): authenticator codes and recovery codes. */
  const twoFactorService = createTwoFactorService({
    db,
    auth,
    limiter: new RateLimiter(store),
    config,
    audit: auditService,
    secret: options.authSecret,
  });
  const passwordResetService = createPasswordResetService({ auth, limiter: new RateLimiter(store) });
  const accountEmailService = createAccountEmailService({
    db,
    auth,
    mailService,
    limiter: new RateLimiter(store),
    audit: auditService,
    config,
  });
  const addressesService = createAddressesService({ db });
  /** Public catalogue answers for CATALOGUE_CACHE_SECONDS; shared through Redis when configured. */
  const responseCache = createResponseCache({
    ttlSeconds: config.CATALOGUE_CACHE_SECONDS,
    shared: config.REDIS_URL ? store : undefined,
    bus,
  });
  /** The shop's settings an admin changes (invoice details, delivery charges, COD limit, return window, payment timeout). */
  const settingsService = createSettingsService({
    db,
    audit: auditService,
    defaults: settingsDefaults(config.ORDER_PAYMENT_TIMEOUT_MINUTES),
    cache: responseCache,
    bus,
  });
  const vendorsService = createVendorsService({
    db,
    authService,
    audit: auditService,
    mailService,
    publicUrl: config.PUBLIC_URL,
    emailVerification: { resendAsAdmin: (userId, subject) => emailVerificationService.resendAsAdmin(userId, subject) },
  });
  /** The profile the web app keeps after sign-in: the account, its address book, a vendor's business record. */
  const profiles = createProfiles({ auth: authService, addresses: addressesService, vendors: vendorsService });
  /** DATABASE_REPLICA_URL (decision 34): on the replica whenever it has replayed every change this process knows of. */
  const readReplica = replicaFromConfig(config, database, { freshSince: () => responseCache.freshSince(), log: connectionLog });
  /** The catalogue as shoppers read it (routes, pages, the cart, the wishlist): on the replica when it has caught up. */
  const catalogueService = createCatalogueService({ db, reads: readReplica?.read });
  /** The same on the primary, for what decides a write: a back-in-stock alert's e-mail, reviews, the admin's figures. */
  const primaryCatalogue = readReplica ? createCatalogueService({ db }) : catalogueService;
  const inventoryService = createInventoryService({ db, cache: responseCache });
  /**
   * Coupons; the admin's changes are audited, a coupon's redemptions show the orders' discounts and the
   * checkout's offers are judged on the cart as orders price it (through what the orders publish to it).
   */
  const orderReads = createOrderReads({ db });
  const couponsService = createCouponsService({
    db,
    audit: auditService,
    orderDiscounts: orderReads.couponDiscounts,
    cartLines: createCartLines({ db, inventory: inventoryService }),
  });
  /** The catalogue's statements on the products table, for the products module (sellers' and admins' writes, decision 68). */
  const productRecords = createProductRecords();
  const vendorProductsService = createVendorProductsService({
    db,
    cache: responseCache,
    audit: auditService,
    records: productRecords,
    publicUrl: config.PUBLIC_URL,
  });
  /** Manage Products: hiding, featuring, brands; writes audited, the shop's cached answers dropped. */
  const productsAdminService = createProductsAdminService({ db, cache: responseCache, audit: auditService, records: productRecords });
  const mediaStorage = createMediaStorage(config);
  const mediaService = createMediaService({
    db,
    storage: mediaStorage,
    jobs: jobQueue,
    // Picture addresses of sellers' CSVs (decision 61): public addresses on ports 80 and 443 only, unless allowed for tests.
    fetchPicture: createPictureFetcher({
      allowPrivate: config.PICTURE_FETCH_ALLOW_PRIVATE,
      allowAnyPort: config.PICTURE_FETCH_ALLOW_PRIVATE,
    }),
    publicUrl: config.PUBLIC_URL,
  });
  /** Back-in-stock alerts (decision 28): asked for on sold-out products; the job e-mails them once. */
  const alertDeps = { db, catalogueService: primaryCatalogue, mailService, publicUrl: config.PUBLIC_URL, secret: options.authSecret };
  const alertsService = createAlertsService({
    ...alertDeps,
    limiter: new RateLimiter(store),
    publicFormLimitPerHour: config.PUBLIC_FORM_LIMIT_PER_HOUR,
  });
  /** Contact messages; the admins' replies go out by e-mail. */
  const contactService = createContactService({ db, authService, mailService, audit: auditService });
  /** Razorpay when its keys are set, otherwise the built-in test gateway (then also `testGateway`). */
  const payments = createPaymentProvider({ config, db, authSecret: options.authSecret });
  const paymentsService = createPaymentsService({ db, provider: payments.provider });
  /** Seals bank accounts at rest (decision 52): DATA_ENCRYPTION_KEY, or a key derived from the auth secret. */
  const sealer = createSealer(dataEncryptionKey(config.DATA_ENCRYPTION_KEY, options.authSecret));
  const vendorProfileService = createVendorProfileService({ db, mailService, publicUrl: config.PUBLIC_URL, sealer });
  /** The vendor ledger and weekly payouts; a seller without a GSTIN is asked for its PAN (TDS under section 194-O). */
  const payoutsService = createPayoutsService({
    db,
    panOf: async (vendorId) => (await vendorProfileService.read(vendorId)).profile.pan,
    bankAccountsOf: (vendorIds) => vendorProfileService.payoutAccounts(vendorIds),
    returnWindowDays: async () => (await settingsService.current()).returnWindowDays,
    shopGstin: async () => (await settingsService.current()).invoice.gstin,
    audit: auditService,
  });
  const ordersService = createOrdersService({
    db,
    payments: paymentsService,
    mailService,
    publicUrl: config.PUBLIC_URL,
    settings: settingsService,
    audit: auditService,
    media: mediaService,
    sealer,
    isErased: (userId, executor) => authService.isErased(userId, executor),
  });

  /** The checkout: the quote, and the steps of placing an order that the flow below runs. */
  const checkoutService = createCheckoutService({
    db,
    inventory: inventoryService,
    coupons: couponsService,
    addresses: addressesService,
    settings: settingsService,
    orders: ordersService.record,
  });
  /** The flow `place-order`: the order, its payment record, the coupon's use and the stock, in one transaction. */
  const placeOrder = createPlaceOrder({
    db,
    checkout: checkoutService.placement,
    orders: ordersService.record,
    payments: paymentsService,
    coupons: couponsService,
    inventory: inventoryService,
    settings: settingsService,
  });
  /** The stock and money steps the order flows below share: stock back, money back with its timeline entry. */
  const orderMoney = createOrderMoney({ orders: ordersService.steps, payments: paymentsService, inventory: inventoryService });
  const orderFlowDeps = { db, orders: ordersService.steps, money: orderMoney, audit: auditService };
  /** The flow `cancel-order-lines`: lines cancelled before they ship (stock, money, coupon, the order). */
  const cancelOrderLines = createCancelOrderLines({
    ...orderFlowDeps,
    vendorOrders: ordersService,
    payments: paymentsService,
    coupons: couponsService,
  });
  /** The flow `cancel-order`: the customer's, the admin's and the expiry's cancellation (stock, coupon, money, the order). */
  const cancelOrder = createCancelOrder({
    ...orderFlowDeps,
    admin: ordersService.admin,
    cancelLines: cancelOrderLines.cancelLines,
    payments: paymentsService,
    coupons: couponsService,
  });
  /** The flow `refund-order-lines`: the admin refunds shipped units (the vendor ledger, money, the order). */
  const refundOrderLines = createRefundOrderLines({ ...orderFlowDeps, admin: ordersService.admin, payouts: payoutsService });
  /** The flow `apply-payment`: paying online, the provider's return and webhooks (payments, the order). */
  const applyPayment = createApplyPayment({ ...orderFlowDeps, payments: paymentsService, publicUrl: config.PUBLIC_URL });
  /** The flow `deliver-order`: delivery (the order, the vendor ledger, cash on delivery collected). */
  const deliverOrder = createDeliverOrder({
    ...orderFlowDeps,
    vendorOrders: ordersService,
    payments: paymentsService,
    payouts: payoutsService,
  });
  /** The flow `receive-return`: returned items back and checked (the order, the stock). */
  const receiveReturn = createReceiveReturn({ ...orderFlowDeps, vendorOrders: ordersService });
  /** The flow `refund-return`: a received return refunded (the vendor ledger, money, the order). */
  const refundReturn = createRefundReturn({
    ...orderFlowDeps,
    vendorOrders: ordersService,
    payments: paymentsService,
    payouts: payoutsService,
  });
  /** What the orders' routes call of the flows above. */
  const orderFlows: OrderFlowCalls = {
    customer: { cancel: cancelOrder.byCustomer, startPayment: applyPayment.startPayment },
    provider: { paymentReturn: applyPayment.paymentReturn, webhook: applyPayment.webhook },
    admin: {
      cancel: cancelOrder.byAdmin,
      refundLines: refundOrderLines.byAdmin,
      deliver: deliverOrder.byAdmin,
      receiveReturn: receiveReturn.byAdmin,
      refundReturn: refundReturn.byAdmin,
    },
    vendor: {
      deliver: deliverOrder.byVendor,
      cancelLines: cancelOrderLines.byVendor,
      receiveReturn: receiveReturn.byVendor,
      refundReturn: refundReturn.byVendor,
    },
  };
  /** A person's orders as their account and the admin's user page show them (one instance for both). */
  const ordersOfUser = createOrdersOfUser({ db, payments: paymentsService });
  const reviewsService = createReviewsService({ db, catalogueService: primaryCatalogue, ordersService, audit: auditService });
  /** An account's standing (suspend, reactivate) on identity's tables; the flows below add the vendor record. */
  const accountStanding = createAccountStandingService({ db, auth });
  const adminUsersService = createAdminUsersService({
    db,
    accounts: accountStanding,
    vendors: vendorsService,
    addresses: addressesService,
    orders: ordersOfUser,
    reviews: reviewsService,
    suspend: createSuspendAccount({ db, standing: accountStanding, vendors: vendorsService, audit: auditService }),
    reactivate: createReactivateAccount({ db, standing: accountStanding, vendors: vendorsService, audit: auditService }),
  });
  /** The person's own account page and the erasure of deleted accounts (decision 26). */
  const wishlistService = createWishlistService({ db, catalogueService });
  /** A vendor's open orders and money not paid out: the account waits for them to settle before it is deleted. */
  const settlement = createSettlementCheck({ vendors: vendorsService, orders: ordersOfUser, payouts: payoutsService });
  const accountService = createAccountService({
    db,
    auth,
    mailService,
    audit: auditService,
    limiter: new RateLimiter(store),
    // "Download my data": what the modules above identity keep of the person, through their owners.
    dataOf: async (userId) => {
      const [addresses, orders, reviews, wishlist] = await Promise.all([
        addressesService.list(userId),
        ordersOfUser.exportOf(userId),
        reviewsService.exportOf(userId),
        wishlistService.exportOf(userId),
      ]);
      return { addresses, orders, reviews, wishlist };
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
    audit: auditService,
    addresses: addressesService,
    orders: ordersOfUser,
    returnData: ordersService,
    contact: contactService,
    alerts: alertsService,
    reviews: reviewsService,
    wishlist: wishlistService,
    vendors: vendorsService,
  });

  /** The seller centre's figures (orders' numbers, the catalogue's stock counts). */
  const vendorAnalytics = createVendorAnalytics({
    db,
    orders: ordersService,
    productCounts: (vendorId) => vendorProductsService.counts(vendorId),
    cache: createResponseCache({
      ttlSeconds: config.VENDOR_DASHBOARD_CACHE_SECONDS,
      shared: config.REDIS_URL ? store : undefined,
      namespace: 'vendor-dashboard',
      bus,
    }),
  });
  /** Vendors' CSV imports (decision 35): queued with the upload, written by the job `catalogue.import-csv`. */
  const productImportsService = createProductImportsService({
    db,
    jobs: jobQueue,
    audit: auditService,
    cache: responseCache,
    vendors: vendorsService,
    publicUrl: config.PUBLIC_URL,
    media: mediaService,
    onImported: () => vendorAnalytics.changed(),
    records: productRecords,
  });

  return {
    config,
    database,
    store,
    bus,
    cacheKind: (config.REDIS_URL ? 'redis' : 'memory') as 'redis' | 'memory',
    authService,
    twoFactorService,
    emailVerificationService,
    passwordResetService,
    accountEmailService,
    /** The whole profile of an account, as the routes that sign a person in answer it (surfaces/account). */
    profile: profiles.profile,
    /** Who is calling, from the session cookie: the access rules of every route ask this (and move its "last seen"). */
    resolveViewer: async (headers: Headers) => {
      const viewer = await authService.viewer(headers);
      // Only the "last seen" of the sessions list: a failure here must not fail the request.
      if (viewer) await accountService.touch(viewer.sessionId).catch(() => undefined);
      return viewer;
    },
    accountService,
    /** Erases accounts whose deletion cooling-off has ended (main.ts runs it hourly). */
    accountDeletionJob,
    vendorsService,
    /** The seller centre's profile: bank account, GSTIN and their change log (e-mails through mailService). */
    vendorProfileService,
    /**
     * Sellers' payout accounts and customers' refund accounts still kept in plain (a database restored
     * from an old backup) are sealed: at every start before serving (main.ts), and by the job
     * `bank-accounts.seal` when one is queued (decision 52).
     */
    sealPlainBankAccounts: () => sealPlainBankAccounts(database.url, sealer),
    contactService,
    alertsService,
    /** The alert job: e-mails waiting alerts of products back in stock (main.ts runs it every STOCK_ALERT_INTERVAL_SECONDS). */
    restockNotifier: createRestockNotifier(alertDeps),
    dashboardService: createDashboardService({
      authService,
      vendorsService,
      contactService,
      adminAnalytics: createAdminAnalytics({ db }),
      paymentsService,
      catalogueService: primaryCatalogue,
      cache: createResponseCache({
        ttlSeconds: config.ADMIN_DASHBOARD_CACHE_SECONDS,
        shared: config.REDIS_URL ? store : undefined,
        namespace: 'admin-dashboard',
        bus,
      }),
    }),
    /** Product pictures: the MEDIA_DIR folder or an S3-compatible bucket (MEDIA_STORAGE). */
    mediaService,
    catalogueService,
    inventoryService,
    vendorProductsService,
    productsAdminService,
    /** The seller centre's figures (orders' numbers, the catalogue's stock counts). */
    vendorAnalytics,
    productImportsService,
    seo: createSeo({
      catalogueService,
      publicUrl: config.PUBLIC_URL,
      settings: () => settingsService.current(),
      reviews: async (productId) => (await reviewsService.list(productId, 1)).items,
    }),
    responseCache,
    /** The replica of DATABASE_URL when DATABASE_REPLICA_URL is set (health reports it). */
    readReplica,
    auditService,
    jobQueue,
    /** The admin's view of the background jobs: failed ones with Retry and Dismiss. */
    jobsService: createJobsService({ db, audit: auditService }),
    wishlistService,
    reviewsService,
    /** The admin's accounts (surfaces/admin/users): list, CSV, a user's page, suspension (flows over auth and vendors). */
    adminUsersService,
    cartService: createCartService({ catalogueService, settings: settingsService }),
    settingsService,
    addressesService,
    couponsService,
    mailService,
    paymentProvider: payments.provider,
    paymentsService,
    ordersService,
    checkoutService,
    placeOrder,
    /** The flows the orders' routes call (cancel, pay, deliver, receive and refund a return, refund lines). */
    orderFlows,
    /** The flow `cancel-order`; the worker's job `orders.expire-unpaid` runs its `expireUnpaid`. */
    cancelOrder,
    /** The vendor ledger and weekly payouts. */
    payoutsService,
    /** The admin's monthly reports: GSTR-1 from the orders, GSTR-8 and payouts from the vendor ledger (decision 19). */
    gstReports: createGstReports({ db }),
    returnsReports: createReturnsReport({ db }),
    payoutsReports: createPayoutsReports({ db }),
    testGateway: payments.testGateway,
    close: async () => {
      mailService.close();
      mediaStorage.close?.();
      await bus.close();
      await readReplica?.close();
      return store.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
