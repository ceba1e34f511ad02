import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import * as accountRecovery from '~/shared/schemas/account-recovery';
import * as account from '~/shared/schemas/account';
import * as address from '~/shared/schemas/address';
import * as adminOrders from '~/shared/schemas/admin-orders';
import * as audit from '~/shared/schemas/audit';
import * as auth from '~/shared/schemas/auth';
import * as bankAccount from '~/shared/schemas/bank-account';
import * as business from '~/shared/schemas/business';
import * as cart from '~/shared/schemas/cart';
import * as catalogueAdmin from '~/shared/schemas/catalogue-admin';
import * as catalogue from '~/shared/schemas/catalogue';
import * as codRemittances from '~/shared/schemas/cod-remittances';
import * as common from '~/shared/schemas/common';
import * as contact from '~/shared/schemas/contact';
import * as coupons from '~/shared/schemas/coupons';
import * as dashboard from '~/shared/schemas/dashboard';
import * as ewayBills from '~/shared/schemas/eway-bills';
import * as grievances from '~/shared/schemas/grievances';
import * as health from '~/shared/schemas/health';
import * as einvoices from '~/shared/schemas/einvoices';
import * as jobs from '~/shared/schemas/jobs';
import * as mail from '~/shared/schemas/mail';
import * as orders from '~/shared/schemas/orders';
import * as payments from '~/shared/schemas/payments';
import * as payouts from '~/shared/schemas/payouts';
import * as productConfigurations from '~/shared/schemas/product-configurations';
import * as productImports from '~/shared/schemas/product-imports';
import * as productReview from '~/shared/schemas/product-review';
import * as quotes from '~/shared/schemas/quotes';
import * as reports from '~/shared/schemas/reports';
import * as returnPhotos from '~/shared/schemas/return-photos';
import * as reviews from '~/shared/schemas/reviews';
import * as serials from '~/shared/schemas/serials';
import * as settings from '~/shared/schemas/settings';
import * as shipping from '~/shared/schemas/shipping';
import * as stockAlerts from '~/shared/schemas/stock-alerts';
import * as twoFactor from '~/shared/schemas/two-factor';
import * as vendorDashboard from '~/shared/schemas/vendor-dashboard';
import * as vendorOrders from '~/shared/schemas/vendor-orders';
import * as vendorOffers from '~/shared/schemas/vendor-offers';
import * as vendorProducts from '~/shared/schemas/vendor-products';
import * as vendor from '~/shared/schemas/vendor';
import * as wishlist from '~/shared/schemas/wishlist';

/**
 * Every module of `src/shared/schemas`, by file name. Their exported zod schemas become the
 * document's shared components (`#/components/schemas/…`), referenced by `$ref` wherever a route or
 * another schema uses them, instead of written out again in every operation. A unit test checks that
 * every file of the folder is listed here.
 */
export const SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  'account-recovery': accountRecovery,
  account,
  address,
  'admin-orders': adminOrders,
  audit,
  auth,
  'bank-account': bankAccount,
  business,
  cart,
  'catalogue-admin': catalogueAdmin,
  catalogue,
  'cod-remittances': codRemittances,
  common,
  contact,
  coupons,
  dashboard,
  einvoices,
  'eway-bills': ewayBills,
  grievances,
  health,
  jobs,
  mail,
  orders,
  payments,
  payouts,
  'product-configurations': productConfigurations,
  'product-imports': productImports,
  'product-review': productReview,
  quotes,
  reports,
  'return-photos': returnPhotos,
  reviews,
  serials,
  settings,
  shipping,
  'stock-alerts': stockAlerts,
  'two-factor': twoFactor,
  'vendor-dashboard': vendorDashboard,
  'vendor-orders': vendorOrders,
  'vendor-offers': vendorOffers,
  'vendor-products': vendorProducts,
  vendor,
  wishlist,
};

/**
 * `productListResponseSchema` → `ProductListResponse`: the component's name, from the export's. The
 * library names the request side of every component `<name>Input`, so an export that is itself an
 * input (`reviewInputSchema`) is named a request (`ReviewRequest`) beside the answer (`Review`).
 */
export function componentName(exportName: string): string {
  const bare = exportName.replace(/Schema$/, '').replace(/Input$/, 'Request');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

let registered = false;

/**
 * Gives each shared schema an id in zod's global registry, which fastify-type-provider-zod turns
 * into components and references (its `jsonSchemaTransformObject`). The metadata a schema already
 * has there (a `.describe()`) is kept. Runs once per process; two exports of one name would make
 * two components of one name, and stop the app here instead.
 */
export function registerSchemaComponents(): void {
  if (registered) return;
  const owners = new Map<string, string>();
  const add = (schema: z.ZodType, name: string, owner: string) => {
    if (z.globalRegistry.get(schema)?.id) return; // the same schema exported under a second name
    const other = owners.get(name) ?? owners.get(`${name}Input`);
    if (other) throw new Error(`Two shared schemas would be the API component ${name}: in ${other} and ${owner}`);
    owners.set(name, owner);
    owners.set(`${name}Input`, owner);
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id: name });
  };
  add(apiErrorSchema, 'ApiError', 'errors');
  for (const [file, exports] of Object.entries(SCHEMA_MODULES)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) add(value, componentName(exportName), file);
    }
  }
  registered = true;
}
