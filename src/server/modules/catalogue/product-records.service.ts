import * as configurationRows from './configuration-records.repo';
import * as offerRows from './offer-records.vendor.repo';
import * as mergeRows from './product-merge.admin.repo';
import * as adminRows from './product-records.admin.repo';
import * as reviewRows from './product-review.admin.repo';
import * as sellerRows from './product-records.vendor.repo';
import { refreshSearchLexicon } from './search-lexicon';
import * as variantRows from './variant-records.vendor.repo';

export type { ConfigurationRow } from './configuration-records.repo';
export type { MatchedRow, OfferRow } from './offer-records.vendor.repo';
export type { AdminProductRow, LockedProduct } from './product-records.admin.repo';
export type { MergeOfferRow, MergeProductRow, MergeVariantRow } from './product-merge.admin.repo';
export type { DuplicateRow, QueuedProductRow } from './product-review.admin.repo';
export type { PictureSource, ProductRow, ProductValues } from './product-records.vendor.repo';
export type { NewProduct, OfferValues, OwnConfigurationRow, ProductUpdate, VariantValues } from './variant-records.vendor.repo';

/**
 * The rows of `products` as the products module reads and writes them (decision 68): the catalogue owns the
 * table, so the seller's and the admin's statements on it are its repos, handed to the products module here.
 * Each function takes the executor first (`db`, or the caller's `tx`), as the repos do.
 */
export function createProductRecords() {
  return {
    /** A seller's own products: the seller centre's list, form, CSV export and import. */
    seller: sellerRows,
    /** A seller's offers of products other sellers listed (decision 70): finding them, listing, adding, changing. */
    offers: offerRows,
    /** A seller's own products with their configurations and its offers of them: the sellers' CSV. */
    variants: variantRows,
    /** A product's configurations and its seller's offers of them, as the configuration grid reads and writes them. */
    configurations: configurationRows,
    /** Every vendor's products as Manage Products reads and changes them (hide, restore, feature, brands). */
    admin: adminRows,
    /** The admin's review queue of new products (decision 70): the queue, likely duplicates, the decision. */
    review: reviewRows,
    /** Merging a duplicate into the product kept (decision 70): its configurations and offers move, it is archived. */
    merge: mergeRows,
    /** The search lexicon made again from the products on sale, after a change of their words or of what is on sale. */
    refreshSearchLexicon,
  };
}

export type ProductRecords = ReturnType<typeof createProductRecords>;
