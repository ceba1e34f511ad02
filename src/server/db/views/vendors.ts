import { sql } from 'drizzle-orm';
import { pgView, text } from 'drizzle-orm/pg-core';
import { vendors } from '../schema/vendors';

/**
 * Published by the vendors module: who sells, from where, and whether they are approved. Other
 * modules join this view (a card's seller name, an account's vendor record), never the table.
 */
export const sellerDirectory = pgView('seller_directory').as((qb) =>
  qb
    .select({
      id: vendors.id,
      userId: vendors.userId,
      businessName: vendors.businessName,
      gstin: vendors.gstin,
      pickupCity: vendors.pickupCity,
      pickupState: vendors.pickupState,
      status: vendors.status,
    })
    .from(vendors),
);

/**
 * Published by the vendors module: what the product page discloses of each seller (Consumer Protection
 * (E-Commerce) Rules 2020, rule 6(5); decision 73): its legal name, its registered address (where couriers
 * collect), and its customer-care phone and e-mail. A seller that has not named them separately is disclosed
 * by its business name, its mobile and its contact e-mail.
 */
export const sellerDisclosure = pgView('seller_disclosure', {
  id: text('id').notNull(),
  legalName: text('legal_name').notNull(),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pinCode: text('pin_code').notNull(),
  carePhone: text('care_phone').notNull(),
  careEmail: text('care_email'),
  gstin: text('gstin'),
}).as(
  sql`select ${vendors.id}, coalesce(${vendors.legalName}, ${vendors.businessName}) as legal_name,
    ${vendors.pickupLine1} as address_line1, ${vendors.pickupLine2} as address_line2, ${vendors.pickupCity} as city,
    ${vendors.pickupState} as state, ${vendors.pickupPinCode} as pin_code,
    coalesce(${vendors.carePhone}, ${vendors.mobile}) as care_phone, coalesce(${vendors.careEmail}, ${vendors.contactEmail}) as care_email,
    ${vendors.gstin}
    from ${vendors}`,
);
