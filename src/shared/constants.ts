import type { PaymentMethod } from './orders';

/** Local-storage key under which the browser keeps the cart (seed §9). */
export const CART_STORAGE_KEY = 'cart';

/** Product categories of the seed, in menu order. */
export const CATEGORIES = ['Laptop', 'Desktop', 'Monitor'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The prefix of the shop's cookies: better-auth names the session `shop.session_token`
 * (`__Secure-shop.session_token` over https), and the API documents say so.
 */
export const SESSION_COOKIE_PREFIX = 'shop';

export const USER_ROLES = ['customer', 'vendor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** A role as screens name it (the account menu, the admin's users). */
export const USER_ROLE_LABELS: Record<UserRole, string> = { customer: 'Customer', vendor: 'Vendor', admin: 'Admin' };

export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** Who the shop is: shown in the header, footer, contact page and e-mails. */
export const SHOP = {
  name: 'Sahyadri Computers',
  tagline: 'Laptops, desktops and monitors, delivered across India',
  tradingSince: 2020,
  supportEmail: 'support@sahyadricomputers.in',
  phone: '+91 20 4567 8910',
  phoneHref: 'tel:+912045678910',
  whatsapp: '+91 98220 45678',
  hours: 'Monday to Saturday, 10:00 to 19:30 IST',
  stores: [
    {
      city: 'Pune',
      label: 'Head office and store',
      lines: ['Office 4, Ground Floor, Shree Plaza', '1189 Fergusson College Road, Shivajinagar'],
      cityLine: 'Pune, Maharashtra 411005',
      state: 'Maharashtra',
      pinCode: '411005',
    },
    {
      city: 'Navi Mumbai',
      label: 'Store and service centre',
      lines: ['Shop 7, Haware Fantasia Business Park', 'Plot 47, Sector 30A, Vashi'],
      cityLine: 'Navi Mumbai, Maharashtra 400703',
      state: 'Maharashtra',
      pinCode: '400703',
    },
  ],
  gstin: '27AAUFS4821K1ZK',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/sahyadricomputers' },
    { name: 'Instagram', href: 'https://www.instagram.com/sahyadricomputers' },
    { name: 'X', href: 'https://x.com/sahyadricomp' },
    { name: 'YouTube', href: 'https://www.youtube.com/@sahyadricomputers' },
  ],
} as const;

/** Payment methods named in the footer (seed §1, §9). */
/**
 * The ways the shop takes payment as the footer's "We accept" and the home page's "Pay your way" name
 * them, in their order: one name for every method an order can be paid by, so none is left out.
 */
export const ACCEPTED_PAYMENT_METHODS: Record<PaymentMethod, string> = {
  card: 'Credit/debit cards',
  netbanking: 'Net banking',
  upi: 'UPI',
  emi: 'Easy EMI',
  cod: 'Cash on delivery',
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A product's life: drafts and products waiting for review are the vendor's; only active ones are sold.
 * `hidden` is set by an admin only (with a reason the vendor reads) and undone only by an admin.
 */
export const PRODUCT_STATUSES = ['draft', 'pending_review', 'active', 'archived', 'hidden'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  pending_review: 'Under review',
  active: 'On sale',
  archived: 'Archived',
  hidden: 'Hidden by the shop',
};

/** At or below this many units a product shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * How long a browser may answer a public catalogue read (lists, facets, a product, home) from its own
 * HTTP cache: fresh for `maxAge` seconds, then served stale while it asks again for `staleWhileRevalidate`
 * more. The web app asks past that cache for as long after a change of its own (decision 60).
 */
export const CATALOGUE_BROWSER_CACHE = { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 60 } as const;

/** Each category as the shop names it in menus, headings and breadcrumbs. */
export const CATEGORY_PLURALS: Record<Category, string> = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' };

/** URL segment of each category page (`/category/Laptop`), as the seed writes them. */
export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Most different products a cart (and an order) may hold, and the largest quantity of one line a consumer may buy by default. */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 100;

/**
 * Quantity limits per order line (decision 77): a product's consumer limit defaults to MAX_LINE_QUANTITY, its
 * business limit (buying with a GSTIN) to DEFAULT_BUSINESS_LINE_QUANTITY; a seller may set either up to
 * MAX_ORDER_LINE_QUANTITY, the most one line of any request may carry. More than the limit is a quote.
 */
export const DEFAULT_BUSINESS_LINE_QUANTITY = 200;
export const MAX_ORDER_LINE_QUANTITY = 1000;
