import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A seller on the marketplace; one per vendor account. Pending until an admin approves it. */
export const vendors = pgTable(
  'vendors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    mobile: text('mobile').notNull(),
    gstin: text('gstin').unique(),
    /** Permanent Account Number (TDS under section 194-O is 5% instead of 0.1% without one). */
    pan: text('pan'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /**
     * What the product page discloses of the seller (Consumer Protection (E-Commerce) Rules 2020, rule 6(5),
     * decision 73): its legal name (the business name when unset), and its customer-care phone and e-mail
     * (the mobile and the contact e-mail when unset).
     */
    legalName: text('legal_name'),
    carePhone: text('care_phone'),
    careEmail: text('care_email'),
    /** Where couriers collect parcels. */
    pickupLine1: text('pickup_line1'),
    pickupLine2: text('pickup_line2'),
    pickupCity: text('pickup_city').notNull(),
    pickupState: text('pickup_state').notNull(),
    pickupPinCode: text('pickup_pin_code').notNull(),
    /**
     * Where payouts go, sealed (decision 52: holder, number and IFSC as one AES-GCM value). The
     * account number is shown masked once saved.
     */
    bankAccountSealed: text('bank_account_sealed'),
    // The plain `bank_account_name`, `bank_account_number` and `bank_ifsc` of before decision 52 are
    // still in the table, empty, until the next release drops them: left out here so that no query
    // names them (the release that drops them must not break this one while both run, decision 31).
    // `npm run db:generate` proposes dropping them: not in this release.
    status: text('status').notNull().default('pending'),
    /** Set by an admin (decision 70): the products this seller creates go on sale without the review queue. */
    trusted: boolean('trusted').notNull().default(false),
    /**
     * From which invoice date e-invoicing applies to this seller (aggregate turnover above ₹5 crore,
     * Notification 10/2023-CT; decision 76); null while it does not.
     */
    eInvoicingFrom: date('e_invoicing_from', { mode: 'string' }),
    /** Why an admin rejected or suspended the vendor: the vendor reads it. */
    statusReason: text('status_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('vendors_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'suspended')`),
    index('vendors_status_idx').on(t.status, t.createdAt),
  ],
);

/** Changes of an approved vendor's bank account or GSTIN: who, when, from what to what (masked). */
export const vendorProfileChanges = pgTable(
  'vendor_profile_changes',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('vendor_profile_changes_field_check', sql`${t.field} in ('bank_account', 'gstin')`),
    index('vendor_profile_changes_vendor_idx').on(t.vendorId, t.changedAt),
  ],
);
