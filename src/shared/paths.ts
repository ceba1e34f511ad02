import { CATEGORIES, type Category } from './constants';

/**
 * Every page path of the web app in one place. The server reads it too, to answer
 * unknown paths with HTTP 404 (the page itself is still the app's 404 screen).
 */
export const paths = {
  home: '/',
  products: '/products',
  category: (category: Category) => `/category/${category}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  about: '/about',
  contact: '/contact',
  returns: '/returns',
  privacy: '/privacy',
  terms: '/terms',
  /** The grievance officer's details and how complaints are handled (Consumer Protection (E-Commerce) Rules 2020, decision 74). */
  grievanceOfficer: '/grievance-officer',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  /** A product's page opened at one of its configurations (decision 70). */
  productConfiguration: (id: string, variantId: string) => `/product/${encodeURIComponent(id)}?variant=${encodeURIComponent(variantId)}`,
  compare: (ids: readonly string[] = []) => (ids.length ? `/compare?ids=${ids.map(encodeURIComponent).join(',')}` : '/compare'),
  wishlist: '/wishlist',
  /** The seed's profile path: it now opens the account page below. */
  profile: '/profile',
  /** The customer's account page: details, password, e-mail, sessions, two-step sign-in, their data (decisions 25, 26). */
  accountProfile: '/account/profile',
  /** The customer's back-in-stock alerts, with Stop (decision 28). */
  accountAlerts: '/account/alerts',
  /** The customer's complaints to the grievance officer, and one of them with its thread (decision 74). */
  accountComplaints: '/account/complaints',
  accountComplaint: (id: string) => `/account/complaints/${encodeURIComponent(id)}`,
  /** The customer's quotes for quantity (decision 77): requested, answered with price and expiry, declined, expired, ordered. */
  accountQuotes: '/account/quotes',
  /** The checkout paying one answered quote, at its quantity and price. */
  checkoutQuote: (quoteId: string) => `/checkout?quote=${encodeURIComponent(quoteId)}`,
  cart: '/cart',
  checkout: '/checkout',
  orderSuccess: '/order-success',
  /** The confirmation of one order (also where the payment page sends the customer back to). */
  orderPlaced: (orderId: string) => `/order-success?order=${encodeURIComponent(orderId)}`,
  orders: '/orders',
  orderDetails: (orderId: string) => `/order-details/${encodeURIComponent(orderId)}`,
  /** The printable GST invoice of an order. */
  orderInvoice: (orderId: string) => `/order-details/${encodeURIComponent(orderId)}/invoice`,
  login: '/login',
  register: '/register',
  /** Forgot password, and the pages the account e-mails link to (decision 25). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The links of the back-in-stock e-mails (decision 28): a visitor's confirmation, and stop every alert to an address. */
  backInStockConfirm: '/back-in-stock/confirm',
  backInStockStop: '/back-in-stock/stop',
  vendor: {
    root: '/vendor',
    login: '/vendor/login',
    register: '/vendor/register',
    dashboard: '/vendor/dashboard',
    products: '/vendor/products',
    /** The vendor's offers of products other sellers listed (decision 70), a tab of Products. */
    offers: '/vendor/products/offers',
    /** Sell a product already in the catalogue: find it by brand, model or EAN and add an offer (`?q=`, `&variant=`). */
    sellExisting: '/vendor/products/offers/new',
    orders: '/vendor/orders',
    /** Customers' requests for a price on a quantity (decision 77), answered or declined here. */
    quotes: '/vendor/quotes',
    payouts: '/vendor/payouts',
    /** The seller's e-invoices (decision 76): registrations with the IRP, Retry and Cancel. */
    einvoices: '/vendor/e-invoices',
    profile: '/vendor/profile',
    /** The vendor's own sign-in account (the business is under profile). */
    account: '/vendor/account',
  },
  /** The seller centre's form of one of the vendor's products (`new` for a new one, `import` for the CSV import). */
  vendorProduct: (id: string) => `/vendor/products/${encodeURIComponent(id)}`,
  /** One of the vendor's orders: its lines, where it goes, its shipment, its timeline and its steps. */
  vendorOrder: (id: string) => `/vendor/orders/${encodeURIComponent(id)}`,
  admin: {
    root: '/admin',
    login: '/admin/login',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    products: '/admin/products',
    payments: '/admin/payments',
    orders: '/admin/orders',
    payouts: '/admin/payouts',
    /** Couriers' cash-on-delivery remittances and what each still owes (decision 81). */
    codRemittances: '/admin/cod-remittances',
    coupons: '/admin/coupons',
    reviews: '/admin/reviews',
    messages: '/admin/messages',
    /** Complaints to the grievance officer with their due dates (decision 74). */
    grievances: '/admin/grievances',
    reports: '/admin/reports',
    audit: '/admin/audit',
    /** The background jobs: what failed (Retry, Dismiss), runs, waits or is scheduled (decision 33). */
    jobs: '/admin/jobs',
    /** Every e-invoice registration (decision 76): status, error, Retry and Cancel. */
    einvoices: '/admin/e-invoices',
    settings: '/admin/settings',
    /** The admin's own sign-in account. */
    account: '/admin/account',
    brands: '/admin/products/brands',
    /** New products awaiting the shop's review (decision 70), oldest first. */
    productReview: '/admin/products/review',
    /** Two-step sign-in's set-up: the only admin page open to an admin without it (decision 27). */
    twoFactor: '/admin/two-factor',
  },
  /** The admin console's page of one account and of one order. */
  adminUser: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  adminOrder: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  /** The audit log's entries about one record (entity type and id as the audit log records them: `job`, `123`). */
  adminAuditOf: (entityType: string, entityId: string) =>
    `/admin/audit?entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(entityId)}`,
  /** The admin's form of any seller's product (the seller centre's form). */
  adminProduct: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  /** E-mails kept when no SMTP is configured; admins only, not in the admin menu. */
  devMailbox: '/dev/mailbox',
} as const;

const STATIC_PAGES = new Set<string>([
  paths.home,
  paths.products,
  '/search',
  paths.about,
  paths.contact,
  paths.returns,
  paths.privacy,
  paths.terms,
  paths.grievanceOfficer,
  paths.cart,
  '/compare',
  paths.wishlist,
  paths.profile,
  paths.accountProfile,
  paths.accountAlerts,
  paths.accountComplaints,
  paths.accountQuotes,
  paths.checkout,
  paths.orderSuccess,
  paths.orders,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.backInStockConfirm,
  paths.backInStockStop,
  ...Object.values(paths.vendor),
  ...Object.values(paths.admin),
  paths.devMailbox,
]);

const DYNAMIC_PAGES = [
  new RegExp(`^/category/(${CATEGORIES.join('|')})$`),
  /^\/product\/[^/]+$/,
  /^\/order-details\/[^/]+(\/invoice)?$/,
  /^\/account\/complaints\/[^/]+$/,
  /^\/vendor\/(products|orders)\/[^/]+$/,
  /^\/admin\/(users|orders|products)\/[^/]+$/,
];

/** Whether a path is a page of the app (without query string; a trailing slash is ignored). */
export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STATIC_PAGES.has(path) || DYNAMIC_PAGES.some((re) => re.test(path));
}

/**
 * Whether a link someone typed (a courier's tracking link) is a web address, the only kind the shop
 * makes a link of: one saved before the forms refused others (`javascript:`, `data:`) shows as text.
 */
export const isWebAddress = (url: string | null | undefined): url is string => !!url && /^https?:\/\/[^\s]+$/i.test(url);
