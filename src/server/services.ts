import { createHmac } from 'node:crypto';
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
import { createMergeProducts } from './flows/merge-products';
import { createPictureConfiguration } from './flows/picture-configuration';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createRestockNotifier } from './modules/alerts/restock-notifier';
import { createAddressesService } from './modules/addresses/addresses.service';
import { createBusinessesService } from './modules/addresses/businesses.service';
import { createCartService } from './modules/cart/cart.service';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createInventoryService } from './modules/catalogue/inventory.service';
import { createProductRecords } from './modules/catalogue/product-records.service';
import { createSeo } from './modules/catalogue/seo';
import { createProductImportsService } from './modules/products/product-imports.service';
import { createProductConfigurationsService } from './modules/products/configurations.service';
import { createVendorOffersService } from './modules/products/offers.vendor.service';
import { createVendorProductsService } from './modules/products/products.vendor.service';
import { createProductsAdminService } from './modules/products/products.admin.service';
import { createCartLines } from './modules/checkout/checkout.service';
import { createContactService } from './modules/contact/contact.service';
import { createGrievancesService } from './modules/grievances/grievances.service';
import { createCouponsService } from './modules/coupons/coupons.service';
import { createEInvoiceProvider } from './modules/einvoices/create-einvoice-provider';
import { createEInvoicesService } from './modules/einvoices/einvoices.service';
import { transportFromConfig } from './modules/mail/mailer';
import { createMailService } from './modules/mail/mail.service';
import { createMediaStorage } from './modules/media/create-storage';
import { createPictureFetcher } from './modules/media/fetch-picture';
import { createMediaService } from './modules/media/media.service';
import { createOrderReads } from './modules/orders/order-reads';
import { createOrdersOfUser } from './modules/orders/orders-of-user';
import { createPayoutsService } from './modules/payouts/payouts.service';
import { createQuotesService } from './modules/quotes/quotes.service';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSettingsService, settingsDefaults } from './modules/settings/settings.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createProductReviewService } from './modules/products/product-review.admin.service';
import { createVendorProfileService } from './modules/vendors/profile.vendor.service';
import { createVendorsService } from './modules/vendors/vendors.service';
import { createSealer, dataEncryptionKey } from './lib/sealed';
import { sealPlainBankAccounts } from './lib/sealed-bank-account';
import { createProductDelivery } from './modules/shipping/product-delivery';
import { createWishlistService } from './modules/wishlist/wishlist.service';
import { createProfiles } from './surfaces/account/profile';
import { createAccounts } from './wiring/accounts';
import { createOrderFlows } from './wiring/order-flows';
import { createIdentity } from './wiring/identity';
import { createReporting } from './wiring/reporting';

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
  /** Identity at the bottom (decision 65): sign-in, registration, e-mail verification, forgot password, two-step sign-in. */
  const identity = createIdentity({ config, db, store, secret: options.authSecret, mailService, audit: auditService });
  const { auth, authService, emailVerificationService } = identity;
  const addressesService = createAddressesService({ db });
  /** The businesses customers buy for (decision 71): beside the address book, read by the checkout. */
  const businessesService = createBusinessesService({ db });
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
  /** The e-invoice provider EINVOICE_PROVIDER names: the built-in test IRP (then also `testIrp`), decision 76. */
  const einvoiceProvider = createEInvoiceProvider({ config, db });
  /** B2B invoices' and credit notes' e-invoices: built, registered by a job, cancelled within 24 hours. */
  const einvoicesService = createEInvoicesService({
    db,
    provider: einvoiceProvider.provider,
    jobs: jobQueue,
    audit: auditService,
    eInvoicingFromOf: async (vendorId) =>
      vendorId === null ? (await settingsService.current()).eInvoicingFrom : vendorsService.eInvoicingFromOf(vendorId),
  });
  /** The profile the web app keeps after sign-in: the account, its address book, a vendor's business record. */
  const profiles = createProfiles({ auth: authService, addresses: addressesService, vendors: vendorsService });
  /** DATABASE_REPLICA_URL (decision 34): on the replica whenever it has replayed every change this process knows of. */
  const readReplica = replicaFromConfig(config, database, { freshSince: () => responseCache.freshSince(), log: connectionLog });
  /** The catalogue as shoppers read it (routes, pages, the cart, the wishlist): on the replica when it has caught up. */
  const returnWindowDays = async () => (await settingsService.current()).returnWindowDays;
  const catalogueService = createCatalogueService({ db, reads: readReplica?.read, returnWindowDays });
  /** The same on the primary, for what decides a write: a back-in-stock alert's e-mail, reviews, the admin's figures. */
  const primaryCatalogue = readReplica ? createCatalogueService({ db, returnWindowDays }) : catalogueService;
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
    sellers: vendorsService,
  });
  /** A seller's offers of products other sellers listed (decision 70): found by brand, model or EAN, audited. */
  const vendorOffersService = createVendorOffersService({ db, records: productRecords, audit: auditService, cache: responseCache });
  /** A product's configurations and its seller's offers, as one grid of the seller centre and the admin console (decision 70). */
  const configurationsService = createProductConfigurationsService({
    db,
    records: productRecords,
    audit: auditService,
    cache: responseCache,
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
  const vendorProfileService = createVendorProfileService({ db, mailService, publicUrl: config.PUBLIC_URL, sealer, cache: responseCache });
  /** The vendor ledger and weekly payouts; a seller without a GSTIN is asked for its PAN (TDS under section 194-O). */
  const payoutsService = createPayoutsService({
    db,
    panOf: async (vendorId) => (await vendorProfileService.read(vendorId)).profile.pan,
    bankAccountsOf: (vendorIds) => vendorProfileService.payoutAccounts(vendorIds),
    returnWindowDays,
    shopGstin: async () => (await settingsService.current()).invoice.gstin,
    audit: auditService,
  });
  /** Quotes for quantity (decision 77): customers ask sellers for a price; the checkout pays an answered one once. */
  const quotesService = createQuotesService({
    db,
    inventory: inventoryService,
    businesses: businessesService,
    audit: auditService,
    mailService,
    vendorContact: (vendorId, tx) => vendorsService.contactOf(vendorId, tx),
    customerContact: (userId) => authService.accountOf(userId),
    publicUrl: config.PUBLIC_URL,
  });
  /**
   * The orders with the fulfilment and the returns beside them, the checkout, and the flows over them:
   * placing, paying, cancelling, packing, shipping, delivering, returns and refunds (decisions 62, 67).
   */
  const orderFlowsPart = createOrderFlows({
    config,
    db,
    store,
    mailService,
    sealer,
    media: mediaService,
    isErased: (userId, executor) => authService.isErased(userId, executor),
    payments: paymentsService,
    inventory: inventoryService,
    coupons: couponsService,
    payouts: payoutsService,
    addresses: addressesService,
    businesses: businessesService,
    quotes: quotesService,
    settings: settingsService,
    audit: auditService,
    dispatchFrom: (vendorId) => vendorsService.dispatchFrom(vendorId),
    einvoices: einvoicesService,
    supplierOf: (vendorId, executor) => vendorsService.supplierOf(vendorId, executor),
    testCourierSecret: createHmac('sha256', options.authSecret).update('test-courier:webhook-secret').digest('hex'),
  });
  const { ordersService, returnsService } = orderFlowsPart;
  /** The product page's PIN check through the couriers' serviceability, as checkout asks it (decision 80). */
  const productDelivery = createProductDelivery({
    catalogue: catalogueService,
    serviceability: orderFlowsPart.serviceability,
    settings: settingsService,
  });
  /** The grievance officer's desk (decision 74): complaints from orders and the contact page, with their due dates. */
  const grievancesService = createGrievancesService({
    db,
    authService,
    orders: ordersService,
    settings: settingsService,
    mailService,
    audit: auditService,
    publicUrl: config.PUBLIC_URL,
  });
  /** A person's orders as their account and the admin's user page show them (one instance for both). */
  const ordersOfUser = createOrdersOfUser({ db, payments: paymentsService });
  const reviewsService = createReviewsService({ db, catalogueService: primaryCatalogue, ordersService, audit: auditService });
  const wishlistService = createWishlistService({ db, catalogueService });
  /** The review queue of new products and the merge of duplicates (decision 70): approvals e-mailed, all audited. */
  const productReviewService = createProductReviewService({
    db,
    cache: responseCache,
    audit: auditService,
    records: productRecords,
    mailService,
    sellers: vendorsService,
    publicUrl: config.PUBLIC_URL,
  });
  /** Merging a duplicate product into the one kept: catalogue, reviews, wishlists and alerts in one transaction. */
  const mergeProducts = createMergeProducts({
    db,
    catalogue: productReviewService,
    reviews: reviewsService,
    wishlist: wishlistService,
    alerts: alertsService,
    audit: auditService,
  });
  /** An admin marks a picture of any seller's product as one configuration's: the picture and its audit entry. */
  const pictureConfiguration = createPictureConfiguration({
    db,
    media: mediaService,
    configurations: configurationsService,
    productsAdmin: productsAdminService,
    products: vendorProductsService,
    audit: auditService,
  });
  /** The account page, the admin's user pages, suspension and the erasure of deleted accounts (decision 26). */
  const accounts = createAccounts({
    config,
    db,
    store,
    auth,
    mailService,
    audit: auditService,
    vendors: vendorsService,
    addresses: addressesService,
    ordersOfUser,
    returnData: returnsService,
    reviews: reviewsService,
    wishlist: wishlistService,
    payouts: payoutsService,
    contact: contactService,
    alerts: alertsService,
  });
  const { accountService } = accounts;

  /** The reports and dashboards of both consoles, read only (decision 66). */
  const reporting = createReporting({
    config,
    db,
    store,
    bus,
    auth: authService,
    vendors: vendorsService,
    contact: contactService,
    payments: paymentsService,
    catalogue: primaryCatalogue,
    orders: ordersService,
    vendorProducts: vendorProductsService,
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
    onImported: () => reporting.vendorAnalytics.changed(),
    records: productRecords,
  });

  return {
    config,
    database,
    store,
    bus,
    cacheKind: (config.REDIS_URL ? 'redis' : 'memory') as 'redis' | 'memory',
    ...identity,
    /** The whole profile of an account, as the routes that sign a person in answer it (surfaces/account). */
    profile: profiles.profile,
    /** Who is calling, from the session cookie: the access rules of every route ask this (and move its "last seen"). */
    resolveViewer: async (headers: Headers) => {
      const viewer = await authService.viewer(headers);
      // Only the "last seen" of the sessions list: a failure here must not fail the request.
      if (viewer) await accountService.touch(viewer.sessionId).catch(() => undefined);
      return viewer;
    },
    /** The account page, the admin's user pages (surfaces/admin/users) and the erasure job main.ts runs hourly. */
    ...accounts,
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
    grievancesService,
    alertsService,
    /** The alert job: e-mails waiting alerts of products back in stock (main.ts runs it every STOCK_ALERT_INTERVAL_SECONDS). */
    restockNotifier: createRestockNotifier(alertDeps),
    /** The seller centre's figures, the admin dashboard and the monthly reports (decision 66). */
    ...reporting,
    /** Product pictures: the MEDIA_DIR folder or an S3-compatible bucket (MEDIA_STORAGE). */
    mediaService,
    catalogueService,
    inventoryService,
    vendorProductsService,
    vendorOffersService,
    configurationsService,
    productsAdminService,
    productReviewService,
    mergeProducts,
    pictureConfiguration,
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
    cartService: createCartService({ catalogueService, inventory: inventoryService, settings: settingsService }),
    settingsService,
    addressesService,
    businessesService,
    quotesService,
    couponsService,
    mailService,
    paymentProvider: payments.provider,
    paymentsService,
    /**
     * `ordersService`, `returnsService` (credit notes, return photos and their hourly sweep, refund accounts),
     * `fulfilmentService`, `checkoutService`, `placeOrder`, the `orderFlows` the orders' routes call, and
     * `cancelOrder` (the worker's expiry).
     */
    ...orderFlowsPart,
    productDelivery,
    /** The vendor ledger and weekly payouts. */
    payoutsService,
    testGateway: payments.testGateway,
    einvoicesService,
    /** The built-in test IRP when it is the e-invoice provider (its public key, test levers). */
    testIrp: einvoiceProvider.testIrp,
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
