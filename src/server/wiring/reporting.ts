import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { ChangeBus } from '../lib/change-bus';
import type { KeyValueStore } from '../lib/kv-store';
import { createResponseCache } from '../lib/response-cache';
import type { AuthService } from '../modules/auth/auth.service';
import type { CatalogueService } from '../modules/catalogue/catalogue.service';
import type { ContactService } from '../modules/contact/contact.service';
import type { OrdersService } from '../modules/orders/orders.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import { createAdminAnalytics } from '../modules/reporting/analytics.admin.service';
import { createVendorAnalytics } from '../modules/reporting/analytics.vendor.service';
import { createDashboardService } from '../modules/reporting/dashboard.admin.service';
import { createGstReports } from '../modules/reporting/gst.admin.service';
import { createPayoutsReports } from '../modules/reporting/ledger.admin.service';
import { createReturnsReport } from '../modules/reporting/returns.admin.service';
import type { VendorProductsService } from '../modules/products/products.vendor.service';
import type { VendorsService } from '../modules/vendors/vendors.service';

/**
 * The read-only reports and dashboards of both consoles (decision 66), each figure kept a few
 * seconds per range and shared through Redis when configured: the seller centre's figures, the
 * admin dashboard, and the admin's monthly reports (GSTR-1 and returns from the orders, GSTR-8 and
 * payouts from the vendor ledger, decision 19).
 */
export function createReporting(deps: {
  config: Config;
  db: Database;
  store: KeyValueStore;
  bus: ChangeBus;
  auth: AuthService;
  vendors: VendorsService;
  contact: ContactService;
  payments: PaymentsService;
  /** The catalogue on the primary: the low-stock count. */
  catalogue: CatalogueService;
  orders: OrdersService;
  vendorProducts: Pick<VendorProductsService, 'counts'>;
}) {
  const { config, db, bus } = deps;
  const shared = config.REDIS_URL ? deps.store : undefined;
  /** The seller centre's figures (orders' numbers, the catalogue's stock counts). */
  const vendorAnalytics = createVendorAnalytics({
    db,
    orders: deps.orders,
    productCounts: (vendorId) => deps.vendorProducts.counts(vendorId),
    cache: createResponseCache({ ttlSeconds: config.VENDOR_DASHBOARD_CACHE_SECONDS, shared, namespace: 'vendor-dashboard', bus }),
  });
  const dashboardService = createDashboardService({
    authService: deps.auth,
    vendorsService: deps.vendors,
    contactService: deps.contact,
    adminAnalytics: createAdminAnalytics({ db }),
    paymentsService: deps.payments,
    catalogueService: deps.catalogue,
    cache: createResponseCache({ ttlSeconds: config.ADMIN_DASHBOARD_CACHE_SECONDS, shared, namespace: 'admin-dashboard', bus }),
  });
  return {
    vendorAnalytics,
    dashboardService,
    gstReports: createGstReports({ db }),
    returnsReports: createReturnsReport({ db }),
    payoutsReports: createPayoutsReports({ db }),
  };
}
