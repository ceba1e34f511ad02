import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectRoot } from '../lib/project-root';
import { addressesRoutes } from '../modules/addresses/addresses.routes';
import { businessesRoutes } from '../modules/addresses/businesses.routes';
import { quotesRoutes } from '../modules/quotes/quotes.routes';
import { quotesVendorRoutes } from '../modules/quotes/quotes.vendor.routes';
import { alertsRoutes } from '../modules/alerts/alerts.routes';
import { adminUsersRoutes } from '../surfaces/admin/users/users.admin.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { twoFactorRoutes } from '../modules/auth/two-factor.routes';
import { accountEmailRoutes } from '../modules/auth/account-email.routes';
import { accountRoutes } from '../modules/auth/account.routes';
import { accountRecoveryRoutes } from '../modules/auth/account-recovery.routes';
import { cartRoutes } from '../modules/cart/cart.routes';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes';
import { offersVendorRoutes } from '../modules/products/offers.vendor.routes';
import { productsVendorRoutes } from '../modules/products/products.vendor.routes';
import { productReviewAdminRoutes } from '../modules/products/product-review.admin.routes';
import { configurationsAdminRoutes } from '../modules/products/configurations.admin.routes';
import { configurationsVendorRoutes } from '../modules/products/configurations.vendor.routes';
import { productsAdminRoutes } from '../modules/products/products.admin.routes';
import { contactAdminRoutes } from '../modules/contact/contact.admin.routes';
import { contactRoutes } from '../modules/contact/contact.routes';
import { grievancesAdminRoutes } from '../modules/grievances/grievances.admin.routes';
import { grievancesRoutes } from '../modules/grievances/grievances.routes';
import { couponsAdminRoutes } from '../modules/coupons/coupons.admin.routes';
import { couponsRoutes } from '../modules/coupons/coupons.routes';
import { settingsAdminRoutes, settingsRoutes } from '../modules/settings/settings.routes';
import { dashboardAdminRoutes } from '../modules/reporting/dashboard.admin.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { mailRoutes } from '../modules/mail/mail.routes';
import { analyticsVendorRoutes } from '../modules/reporting/analytics.vendor.routes';
import { auditAdminRoutes } from '../modules/audit/audit.admin.routes';
import { einvoicesAdminRoutes } from '../modules/einvoices/einvoices.admin.routes';
import { einvoicesVendorRoutes } from '../modules/einvoices/einvoices.vendor.routes';
import { jobsAdminRoutes } from '../modules/jobs/jobs.admin.routes';
import { payoutsAdminRoutes } from '../modules/payouts/payouts.admin.routes';
import { ledgerAdminRoutes } from '../modules/reporting/ledger.admin.routes';
import { reportsAdminRoutes } from '../modules/reporting/reports.admin.routes';
import { payoutsVendorRoutes } from '../modules/payouts/payouts.vendor.routes';
import { mediaVendorRoutes } from '../modules/media/media.vendor.routes';
import { mediaAdminRoutes } from '../modules/media/media.admin.routes';
import { mediaRoutes } from '../modules/media/media.routes';
import { ordersAdminRoutes } from '../modules/orders/orders.admin.routes';
import { ordersProviderRoutes } from '../modules/orders/orders.provider.routes';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { checkoutRoutes } from '../modules/checkout/checkout.routes';
import { returnPhotosRoutes } from '../modules/returns/return-photos.routes';
import { ordersVendorRoutes } from '../modules/orders/orders.vendor.routes';
import { ewayBillsVendorRoutes } from '../modules/ewaybills/ewaybills.vendor.routes';
import { remittancesAdminRoutes } from '../modules/shipping/remittances.admin.routes';
import { shippingVendorRoutes } from '../modules/shipping/shipping.vendor.routes';
import { courierWebhookRoutes, shippingRoutes } from '../modules/shipping/shipping.routes';
import { testCourierRoutes } from '../modules/shipping/test-courier/test-courier.routes';
import { ewayBillsAdminRoutes } from '../modules/ewaybills/ewaybills.admin.routes';
import { paymentsAdminRoutes } from '../modules/payments/payments.admin.routes';
import { testGatewayRoutes } from '../modules/payments/test-gateway/test-gateway.routes';
import { reviewsAdminRoutes } from '../modules/reviews/reviews.admin.routes';
import { reviewsRoutes } from '../modules/reviews/reviews.routes';
import { vendorsAdminRoutes } from '../modules/vendors/vendors.admin.routes';
import { vendorsRoutes } from '../modules/vendors/vendors.routes';
import { vendorsVendorRoutes } from '../modules/vendors/vendors.vendor.routes';
import { wishlistRoutes } from '../modules/wishlist/wishlist.routes';
import type { Services } from '../services';
import { registerAccessControl } from './access';
import { registerLifecycle } from './drain';
import { registerErrorHandler } from './error-handler';
import { registerDocs } from './plugins/docs';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { loadServerRenderer, type ServerRendererModule } from './plugins/page-renderer';
import { registerWeb } from './plugins/web';
import { registerVendorOfRequest } from './vendor-of-request';

export interface AppOptions {
  services: Services;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /**
   * The storefront's server renderer (decision 29); by default the one built beside the web app
   * (dist/web-ssr/entry-server.js), if any. Tests pass the source module.
   */
  pageRenderer?: ServerRendererModule;
}

/** Builds the whole app (API, docs, metrics, web) without listening; tests use `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config, database, store, authService, vendorsService, contactService, ordersService } = services;

  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: a text/plain body is refused with 415 instead of reaching a schema as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLifecycle(app);
  registerErrorHandler(app, { availability: database.availability });
  // Callbacks, not async functions, in the hooks every request passes: nothing in them waits (decision 40).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024 });
  await registerDocs(app, config);
  registerAccessControl(app, services.resolveViewer);
  registerVendorOfRequest(app, vendorsService);
  await registerMetrics(app, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        pool: database.pool,
        availability: database.availability,
        store,
        cacheKind: services.cacheKind,
        replica: services.readReplica,
      });
      // The storefront and the accounts.
      await api.register(authRoutes, { prefix: '/auth', authService, profile: services.profile });
      await api.register(twoFactorRoutes, { prefix: '/auth', twoFactorService: services.twoFactorService, profile: services.profile });
      await api.register(accountRecoveryRoutes, {
        prefix: '/auth',
        passwordResetService: services.passwordResetService,
        emailVerificationService: services.emailVerificationService,
      });
      await api.register(accountEmailRoutes, { prefix: '/account', accountEmailService: services.accountEmailService });
      await api.register(accountRoutes, { prefix: '/account', accountService: services.accountService });
      await api.register(vendorsRoutes, { prefix: '/vendors', authService, vendorsService, profile: services.profile });
      await api.register(contactRoutes, { prefix: '/contact', contactService });
      await api.register(grievancesRoutes, { prefix: '/grievances', grievancesService: services.grievancesService });
      await api.register(catalogueRoutes, {
        prefix: '/catalogue',
        catalogueService: services.catalogueService,
        cache: services.responseCache,
        checkResponses: config.NODE_ENV !== 'production',
        deliveryEstimate: services.productDelivery,
      });
      await api.register(reviewsRoutes, {
        prefix: '/catalogue/products',
        reviewsService: services.reviewsService,
        cache: services.responseCache,
      });
      await api.register(wishlistRoutes, { prefix: '/wishlist', wishlistService: services.wishlistService });
      await api.register(alertsRoutes, { prefix: '/stock-alerts', alertsService: services.alertsService });
      await api.register(cartRoutes, { prefix: '/cart', cartService: services.cartService });
      await api.register(addressesRoutes, { prefix: '/addresses', addressesService: services.addressesService });
      await api.register(businessesRoutes, { prefix: '/businesses', businessesService: services.businessesService });
      await api.register(quotesRoutes, { prefix: '/quotes', quotesService: services.quotesService });
      await api.register(couponsRoutes, { prefix: '/coupons', couponsService: services.couponsService });
      await api.register(settingsRoutes, { prefix: '/settings', settingsService: services.settingsService });
      await api.register(checkoutRoutes, { prefix: '/orders', checkout: services.checkoutService, placeOrder: services.placeOrder });
      await api.register(ordersRoutes, { prefix: '/orders', ordersService, flows: services.orderFlows.customer });
      await api.register(returnPhotosRoutes, { prefix: '/orders', returnsService: services.returnsService, vendorsService });
      await api.register(ordersProviderRoutes, { prefix: '/payments', flows: services.orderFlows.provider });
      await api.register(shippingRoutes, {
        prefix: '/orders',
        shippingService: services.shippingService,
        customerOrder: (orderId, userId) => ordersService.get(orderId, userId),
      });
      await api.register(courierWebhookRoutes, { prefix: '/courier-tracking', webhook: services.trackParcel });
      await api.register(mailRoutes, { prefix: '/dev/mailbox', mailService: services.mailService });
      // The admin panel's surface of each module, under /api/admin.
      await api.register(
        async (admin) => {
          await admin.register(dashboardAdminRoutes, { dashboardService: services.dashboardService });
          await admin.register(adminUsersRoutes, { adminUsersService: services.adminUsersService });
          await admin.register(vendorsAdminRoutes, { vendorsService });
          await admin.register(contactAdminRoutes, { contactService });
          await admin.register(grievancesAdminRoutes, { grievancesService: services.grievancesService });
          await admin.register(reviewsAdminRoutes, { reviewsService: services.reviewsService, cache: services.responseCache });
          await admin.register(ordersAdminRoutes, { ordersService, flows: services.orderFlows.admin });
          await admin.register(ewayBillsAdminRoutes, { ewayBillsService: services.ewayBillsService });
          await admin.register(paymentsAdminRoutes, { paymentsService: services.paymentsService });
          await admin.register(payoutsAdminRoutes, { payoutsService: services.payoutsService });
          await admin.register(remittancesAdminRoutes, { remittances: services.remittancesService, upload: services.uploadRemittance });
          await admin.register(reportsAdminRoutes, { gstReports: services.gstReports, returnsReports: services.returnsReports });
          await admin.register(ledgerAdminRoutes, { payoutsReports: services.payoutsReports });
          await admin.register(auditAdminRoutes, { auditService: services.auditService });
          await admin.register(jobsAdminRoutes, { jobsService: services.jobsService });
          await admin.register(einvoicesAdminRoutes, { einvoicesService: services.einvoicesService });
          await admin.register(couponsAdminRoutes, { couponsService: services.couponsService });
          await admin.register(settingsAdminRoutes, { settingsService: services.settingsService });
          // Before the products' own routes: /products/review-queue is not a product's id.
          await admin.register(productReviewAdminRoutes, {
            productReviewService: services.productReviewService,
            mergeProducts: services.mergeProducts,
          });
          await admin.register(productsAdminRoutes, {
            productsAdminService: services.productsAdminService,
            vendorProductsService: services.vendorProductsService,
          });
          await admin.register(configurationsAdminRoutes, { configurationsService: services.configurationsService });
          await admin.register(mediaAdminRoutes, {
            pictureConfiguration: services.pictureConfiguration,
            mediaService: services.mediaService,
            productsAdminService: services.productsAdminService,
          });
        },
        { prefix: '/admin' },
      );
      // The seller centre's surface of each module, under /api/vendor.
      await api.register(
        async (vendor) => {
          // A vendor's own change (an order step, a product, its stock) shows on its dashboard at once.
          vendor.addHook('onSend', async (request, reply, payload) => {
            if (request.method !== 'GET' && reply.statusCode < 400) await services.vendorAnalytics.changed();
            return payload;
          });
          await vendor.register(productsVendorRoutes, {
            vendorProductsService: services.vendorProductsService,
            productImportsService: services.productImportsService,
          });
          await vendor.register(offersVendorRoutes, { vendorOffersService: services.vendorOffersService });
          await vendor.register(configurationsVendorRoutes, { configurationsService: services.configurationsService });
          await vendor.register(mediaVendorRoutes, {
            mediaService: services.mediaService,
            vendorProductsService: services.vendorProductsService,
          });
          await vendor.register(ordersVendorRoutes, { ordersService, flows: services.orderFlows.vendor });
          await vendor.register(ewayBillsVendorRoutes, { ewayBillsService: services.ewayBillsService });
          await vendor.register(shippingVendorRoutes, { shippingService: services.shippingService, buy: services.buyCourier });
          await vendor.register(payoutsVendorRoutes, { payoutsService: services.payoutsService });
          await vendor.register(analyticsVendorRoutes, { vendorAnalytics: services.vendorAnalytics });
          await vendor.register(vendorsVendorRoutes, { vendorProfileService: services.vendorProfileService, vendorsService });
          await vendor.register(einvoicesVendorRoutes, { einvoicesService: services.einvoicesService });
          await vendor.register(quotesVendorRoutes, { quotesService: services.quotesService });
        },
        { prefix: '/vendor' },
      );
    },
    { prefix: '/api' },
  );
  // Product pictures at the root (/media/products/…), beside the API, not under it.
  await app.register(mediaRoutes, { mediaService: services.mediaService, vendorsService });
  // The built-in test gateway's hosted payment page (only when Razorpay is not configured).
  if (services.testGateway) {
    await app.register(testGatewayRoutes, { prefix: '/test-gateway', testGateway: services.testGateway, publicUrl: config.PUBLIC_URL });
  }

  // The built-in test courier's tracking pages (only when it is the shipping provider), with its levers in development.
  if (services.testCourier) {
    await app.register(testCourierRoutes, {
      prefix: '/test-courier',
      testCourier: services.testCourier,
      shippingService: services.shippingService,
      levers: config.NODE_ENV === 'development' || config.TEST_COURIER_LEVERS,
    });
  }

  const webDir = config.WEB_DIST_DIR ?? path.join(projectRoot(), 'dist/web');
  await registerWeb(app, webDir, services.seo, {
    canonicalUrl: config.CANONICAL_REDIRECT ? config.PUBLIC_URL : undefined,
    renderer: options.pageRenderer ?? (await loadServerRenderer(path.join(webDir, '..', 'web-ssr', 'entry-server.js'))),
    cache: services.responseCache,
    publicUrl: config.PUBLIC_URL,
    productMovedTo: (id) => services.catalogueService.movedTo(id),
  });
  return app;
}
