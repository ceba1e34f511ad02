import { pgView } from 'drizzle-orm/pg-core';
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
