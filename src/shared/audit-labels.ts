/**
 * The audit log in a shop owner's words: what each recorded action is called ("Refunded items" for
 * `order.refund_lines`) and what each field of the values before and after is ("Price" for
 * `pricePaise`). One place for the admin console's list, its filter and any export of the log.
 * Actions are those the server records (`action:` of `audit.record` across src/server/modules);
 * fields are the keys of their `before` and `after` values.
 */

/** The kinds of entry, by the first part of an action (`product.update` → product): the audit page's filter. */
export const AUDIT_ACTION_GROUPS = [
  'account',
  'user',
  'vendor',
  'product',
  'order',
  'payout',
  'commission',
  'coupon',
  'review',
  'contact',
  'job',
  'settings',
] as const;
export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number];
export const AUDIT_ACTION_GROUP_LABELS: Record<AuditActionGroup, string> = {
  account: 'Accounts: details, sign-in, suspensions, deletion',
  user: 'Two-step sign-in',
  vendor: 'Vendor decisions',
  product: 'Products, prices and brands',
  order: 'Order steps and refunds',
  payout: 'Payouts',
  commission: 'Commission rates',
  coupon: 'Coupons',
  review: 'Reviews hidden or restored',
  contact: 'Contact messages',
  job: 'Background jobs retried or dismissed',
  settings: 'Settings',
};

/** Every action the server records, by its code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  // Accounts (their owners, and the admins who suspend them)
  'account.update': 'Changed their own details',
  'account.password_change': 'Changed their password',
  'account.password_reset': 'Reset their password by e-mail',
  'account.email_change': 'Changed their sign-in e-mail',
  'account.email_verify': 'Verified their e-mail address',
  'account.email_verify_resend': 'Sent a vendor a new verification link',
  'account.session_end': 'Signed out a session',
  'account.sessions_end_others': 'Signed out everywhere else',
  'account.deletion_request': 'Asked to delete their account',
  'account.deletion_cancel': 'Cancelled their account’s deletion',
  'account.erase': 'Erased a deleted account',
  'account.suspend': 'Suspended an account',
  'account.reactivate': 'Reactivated an account',
  'user.two-factor-enable': 'Turned on two-step sign-in',
  'user.two-factor-disable': 'Turned off two-step sign-in',
  'user.two-factor-recovery-codes': 'Made new recovery codes',
  'user.two-factor-recovery-code-use': 'Signed in with a recovery code',
  // Vendors
  'vendor.approve': 'Approved a vendor',
  'vendor.reject': 'Rejected a vendor',
  'vendor.suspend': 'Suspended a vendor',
  'vendor.reinstate': 'Reinstated a vendor',
  'vendor.trust': 'Trusted a seller’s new products',
  'vendor.untrust': 'Stopped trusting a seller’s new products',
  // Products
  'product.create': 'Listed a product',
  'product.update': 'Edited a product',
  'product.activate': 'Put products on sale',
  'product.archive': 'Archived products',
  'product.import': 'Imported products from a CSV',
  'product.hide': 'Hid a product',
  'product.restore': 'Restored a hidden product',
  'product.feature': 'Featured a product',
  'product.unfeature': 'Stopped featuring a product',
  'product.brand_rename': 'Renamed a brand',
  'product.offer_create': 'Offered a product of the catalogue',
  'product.offer_update': 'Changed an offer',
  'product.configurations_update': 'Changed the configurations of a product',
  'product.approve': 'Approved a new product',
  'product.reject': 'Sent a new product back',
  'product.merge': 'Merged a duplicate product',
  // Orders: the admin's and vendors' own actions, then the order's steps as its timeline records them
  'order.cancel': 'Cancelled an order',
  'order.cancel_lines': 'Cancelled items',
  'order.refund_lines': 'Refunded items',
  'order.refund_return': 'Refunded returned items',
  'order.pack': 'Packed items',
  'order.serial_mismatch': 'Returned serials did not match',
  'order.serial_hold_release': 'Released a refund held for serials',
  'order.shipped': 'Shipped an order',
  'order.shipment': 'Shipped items',
  'order.delivered': 'Marked delivered',
  'order.cancelled': 'Cancellation on the order',
  'order.refund': 'Refund issued',
  'order.refunded': 'Refunded a return',
  'order.return_requested': 'Return requested',
  'order.returned': 'Received a return',
  'order.refund_account': 'Refund bank account recorded',
  'order.note': 'Note on the order',
  // Money
  'payout.pay': 'Marked a payout paid',
  'payout.export': 'Downloaded the bank file',
  'commission.update': 'Set commission rates',
  'commission.plan': 'Set a vendor’s commission plan',
  'coupon.create': 'Created a coupon',
  'coupon.update': 'Edited a coupon',
  'coupon.pause': 'Paused a coupon',
  'coupon.resume': 'Resumed a coupon',
  'coupon.expire': 'Ended a coupon',
  // The rest of the back office
  'review.hide': 'Hid a review',
  'review.restore': 'Showed a review again',
  'contact.reply': 'Replied to a message',
  'contact.close': 'Closed a message',
  'contact.reopen': 'Reopened a message',
  'job.retry': 'Retried a job',
  'job.dismiss': 'Dismissed a failed job',
  'settings.update': 'Changed the shop’s settings',
};

/** The fields of recorded values, by their key (settings by their path). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // Products
  name: 'Name',
  brand: 'Brand',
  model: 'Model',
  sku: 'SKU',
  category: 'Category',
  description: 'Description',
  pricePaise: 'Price',
  mrpPaise: 'MRP',
  stock: 'Stock',
  status: 'Status',
  hiddenReason: 'Why hidden',
  statusBeforeHidden: 'Status before it was hidden',
  featured: 'Featured',
  hsnCode: 'HSN code',
  gstRateBp: 'GST rate',
  warranty: 'Warranty',
  warrantyMonths: 'Warranty (months)',
  processor: 'Processor',
  processorFamily: 'Processor family',
  ramGb: 'RAM (GB)',
  storageGb: 'Storage (GB)',
  storageType: 'Storage type',
  graphics: 'Graphics',
  operatingSystem: 'Operating system',
  screenSizeIn: 'Screen size (inches)',
  resolution: 'Resolution',
  resolutionName: 'Resolution name',
  panelType: 'Panel type',
  refreshRateHz: 'Refresh rate (Hz)',
  ports: 'Ports',
  weightGrams: 'Packed weight (g)',
  lengthMm: 'Box length (mm)',
  widthMm: 'Box width (mm)',
  heightMm: 'Box height (mm)',
  extraSpecs: 'Other specifications',
  specTerms: 'Search words',
  ids: 'Products',
  productIds: 'Products',
  importId: 'Import',
  created: 'Created',
  updated: 'Updated',
  skipped: 'Rows skipped',
  skus: 'SKUs',
  // Vendors and accounts
  statusReason: 'Reason',
  reason: 'Reason',
  vendorStatus: 'Vendor status',
  suspended: 'Suspended',
  sessionsEnded: 'Sessions ended',
  linksEnded: 'E-mailed links ended',
  sessionId: 'Session',
  changed: 'Changed',
  email: 'E-mail',
  dueAt: 'To be deleted on',
  requestedAt: 'Deletion asked for',
  erasedAt: 'Erased on',
  role: 'Role',
  erased: 'Erased',
  anonymised: 'Anonymised',
  kept: 'Kept',
  mobile: 'Mobile',
  password: 'Password',
  sessions: 'Sessions',
  addresses: 'Addresses',
  wishlist: 'Wish list',
  orderDeliveryAddresses: 'Delivery addresses of orders',
  refundAccounts: 'Refund bank accounts',
  returnPhotos: 'Return photos',
  contactMessages: 'Contact messages',
  stockAlerts: 'Stock alerts',
  emails: 'E-mails',
  reviews: 'Reviews',
  // Orders
  kind: 'Step',
  packedAt: 'Packed',
  lines: 'Items',
  amountRefundedPaise: 'Refunded in all',
  creditNote: 'Credit note',
  sellerLedger: 'Taken off the vendor’s earnings',
  bankReference: 'Bank reference (UTR)',
  steps: 'Steps',
  itemId: 'Item',
  quantity: 'Quantity',
  netPaise: 'Net amount',
  how: 'How',
  // Payouts and coupons
  paidAt: 'Paid on',
  payoutIds: 'Payouts',
  filters: 'Filters',
  week: 'Week',
  code: 'Code',
  value: 'Discount',
  minOrderPaise: 'Minimum order',
  maxDiscountPaise: 'Largest discount',
  startsAt: 'Starts',
  expiresAt: 'Ends',
  usageLimit: 'Uses allowed in all',
  perCustomerLimit: 'Uses allowed per customer',
  usedCount: 'Times used',
  active: 'Switched on',
  vendorId: 'Vendor',
  // Reviews, messages, jobs
  hidden: 'Hidden',
  productRating: 'Product rating',
  replyId: 'Reply',
  reply: 'Reply',
  task: 'Task',
  payload: 'Details',
  attempts: 'Tries',
  lastError: 'Last error',
  // Settings, by their path
  'invoice.name': 'Trade name on invoices',
  'invoice.legalName': 'Legal name on invoices',
  'invoice.address': 'Address on invoices',
  'invoice.gstin': 'GSTIN on invoices',
  'invoice.email': 'E-mail on invoices',
  'invoice.phone': 'Phone on invoices',
  'shipping.standardPaise': 'Standard delivery charge',
  'shipping.expressPaise': 'Express delivery charge',
  'shipping.freeShippingAtPaise': 'Free delivery from',
  codLimitPaise: 'Cash on delivery limit',
  returnWindowDays: 'Return window (days)',
  paymentTimeoutMinutes: 'Payment timeout (minutes)',
};

/** "amountRefundedPaise" → "Amount refunded", "shipping.fooBar" → "Shipping foo bar": a field no label names yet. */
export function wordsOf(key: string): string {
  const words = key
    .replace(/(Paise|Bp)$/, '')
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an action is called ("Refunded items"); an action not in the list yet in words of its code. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? wordsOf(action.split('.').slice(1).join(' ') || action);
}

/** What a recorded field is called ("Price" for pricePaise). */
export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? wordsOf(field);
}
