import { variantConfiguration } from '~/shared/catalogue';
import { formatPaise } from '~/shared/money';
import type { CatalogueMatchResponse, OfferInput, OfferPatch, VendorOffer } from '~/shared/schemas/vendor-offers';
import type { Database } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { MatchedRow, OfferRow, ProductRecords } from '../catalogue/product-records.service';

const OFFER_NOT_FOUND = 'We could not find this offer among yours.';

/** The product's first picture as the lists show it, or null. */
const imageOf = (r: Pick<MatchedRow, 'image_id' | 'image_alt' | 'image_width' | 'image_height'>, name: string) =>
  r.image_id ? { id: r.image_id, alt: r.image_alt ?? name, width: r.image_width ?? 1200, height: r.image_height ?? 900 } : null;

const toOffer = (r: OfferRow): VendorOffer => ({
  id: r.id,
  productId: r.product_id,
  variantId: r.variant_id,
  productName: r.product_name,
  brand: r.brand,
  image: imageOf(r, r.product_name),
  options: r.options,
  configuration: variantConfiguration(r.options, r.option_keys),
  pricePaise: r.price_paise,
  mrpPaise: r.mrp_paise,
  stock: r.stock,
  dispatchDays: r.dispatch_days,
  warranty: r.warranty,
  warrantyMonths: r.warranty_months,
  condition: r.condition,
  grade: r.grade,
  status: r.status,
  sellerSku: r.seller_sku,
  soldCount: r.sold_count,
  createdAt: new Date(r.created_at).toISOString(),
});

const priceAboveMrp = (mrpPaise: number) =>
  new AppError('VALIDATION', `The price cannot be above the MRP of ${formatPaise(mrpPaise)}.`, {
    fields: { pricePaise: `At most the MRP, ${formatPaise(mrpPaise)}` },
  });

/**
 * A seller's offers of products already in the catalogue (decision 70): found by brand, model or EAN,
 * sold at the seller's own price (at most the configuration's MRP), stock and dispatch time. `vendorId`
 * is always the session's; another seller's offer is NOT_FOUND. Every write is audited and drops the
 * shop's cached answers, since a product page shows its sellers.
 */
export function createVendorOffersService(deps: {
  db: Database;
  records: Pick<ProductRecords, 'offers'>;
  audit: Pick<AuditService, 'record'>;
  cache: Pick<ResponseCache, 'invalidate'>;
}) {
  const { db, audit, cache } = deps;
  const rows = deps.records.offers;

  return {
    /** Products of the catalogue another seller listed that match a brand, model or EAN, with their configurations. */
    async match(vendorId: string, q: string): Promise<CatalogueMatchResponse> {
      const found = await rows.matchCatalogue(db, vendorId, q);
      const items: CatalogueMatchResponse['items'] = [];
      for (const r of found) {
        let item = items.find((i) => i.productId === r.product_id);
        if (!item) {
          item = {
            productId: r.product_id,
            name: r.name,
            brand: r.brand,
            model: r.model,
            category: r.category,
            image: imageOf(r, r.name),
            variants: [],
          };
          items.push(item);
        }
        item.variants.push({
          variantId: r.variant_id,
          options: r.options,
          configuration: variantConfiguration(r.options, r.option_keys),
          ean: r.ean,
          mrpPaise: r.mrp_paise,
          fromPricePaise: r.from_price_paise,
          offerCount: r.offer_count,
          sellerCount: r.seller_count,
          offeredByYou: r.offered_by_you,
        });
      }
      return { items };
    },

    async list(vendorId: string): Promise<VendorOffer[]> {
      return (await rows.ownOffers(db, vendorId)).map(toOffer);
    },

    /** Offers a configuration of another seller's product; CONFLICT when the seller offers it already in that condition. */
    async create(vendorId: string, input: OfferInput): Promise<VendorOffer> {
      const id = newId('off');
      try {
        await db.transaction(async (tx) => {
          const variant = await rows.offerableVariant(tx, vendorId, input.variantId);
          if (!variant)
            throw new AppError('VALIDATION', 'Choose a configuration of a product on sale that another seller listed.', {
              fields: { variantId: 'Choose a configuration from the search' },
            });
          if (input.pricePaise > variant.mrp_paise) throw priceAboveMrp(variant.mrp_paise);
          const values = {
            id,
            variantId: variant.id,
            productId: variant.product_id,
            vendorId,
            sellerSku: input.sellerSku ?? null,
            pricePaise: input.pricePaise,
            stock: input.stock,
            dispatchDays: input.dispatchDays,
            warranty: input.warranty,
            warrantyMonths: input.warrantyMonths,
            condition: input.condition,
            grade: input.grade ?? null,
          };
          await rows.insertOffer(tx, values);
          await audit.record(tx, {
            action: 'product.offer_create',
            entityType: 'offer',
            entityId: id,
            vendorId,
            summary: `Offered ${variant.name} (${input.condition === 'new' ? 'new' : `refurbished, grade ${input.grade}`}) at ${formatPaise(input.pricePaise)}, stock ${input.stock}`,
            after: values,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'offers_vendor_variant_key'))
          throw new AppError('CONFLICT', 'You offer this configuration in this condition already: change that offer instead.', {
            fields: { variantId: 'Offered already' },
          });
        if (isUniqueViolation(error, 'offers_vendor_sku_key'))
          throw new AppError('CONFLICT', 'Another of your offers or products has this SKU.', { fields: { sellerSku: 'Used already' } });
        throw error;
      }
      await cache.invalidate();
      return toOffer((await rows.ownOffer(db, vendorId, id))!);
    },

    /**
     * Changes the price, stock, dispatch days or status of one of the seller's offers; another seller's is
     * NOT_FOUND. A change of stock with `stockWas` other than the stock now is a CONFLICT: orders took
     * units meanwhile, and writing over them would sell what is gone.
     */
    async update(vendorId: string, offerId: string, input: OfferPatch): Promise<VendorOffer> {
      const { stockWas, ...patch } = input;
      await db.transaction(async (tx) => {
        const before = await rows.ownOffer(tx, vendorId, offerId, true);
        if (!before) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
        if (patch.stock !== undefined && stockWas !== undefined && before.stock !== stockWas) {
          const message = `Stock is now ${before.stock}, not ${stockWas}: orders came in while you were editing. Check the stock and save again.`;
          throw new AppError('CONFLICT', message, { fields: { stock: message } });
        }
        if (patch.pricePaise !== undefined && patch.pricePaise > before.mrp_paise) throw priceAboveMrp(before.mrp_paise);
        await rows.updateOffer(tx, offerId, patch);
        const changed = Object.keys(patch) as (keyof typeof patch)[];
        const field = { pricePaise: 'price_paise', stock: 'stock', dispatchDays: 'dispatch_days', status: 'status' } as const;
        await audit.record(tx, {
          action: 'product.offer_update',
          entityType: 'offer',
          entityId: offerId,
          vendorId,
          summary: `Changed the ${changed.map((k) => ({ pricePaise: 'price', stock: 'stock', dispatchDays: 'dispatch days', status: 'status' })[k]).join(', ')} of the offer of ${before.product_name}`,
          before: Object.fromEntries(changed.map((k) => [k, before[field[k]]])),
          after: patch,
        });
      });
      await cache.invalidate();
      return toOffer((await rows.ownOffer(db, vendorId, offerId))!);
    },

    async get(vendorId: string, offerId: string): Promise<VendorOffer> {
      const row = await rows.ownOffer(db, vendorId, offerId);
      if (!row) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
      return toOffer(row);
    },
  };
}

export type VendorOffersService = ReturnType<typeof createVendorOffersService>;
