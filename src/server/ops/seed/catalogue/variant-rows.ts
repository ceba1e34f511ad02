import { PRICING } from '~/shared/pricing';
import { newId } from '../../../lib/ids';
import { buildSpecTerms } from '../../../modules/products/spec-terms';
import type { offers, productVariants } from '../../../db/schema/catalogue';
import { DEMO_MODELS } from './configurations';
import type { SeedOffer, SeedProduct, SeedSpecs, SeedVendor } from './types';

type VariantRow = typeof productVariants.$inferInsert;
type OfferRow = typeof offers.$inferInsert;

/** HSN codes of the GST tariff: portable computers, other computers (desktop units), monitors. */
export const HSN_CODES: Record<SeedProduct['category'], string> = { Laptop: '84713010', Desktop: '84714190', Monitor: '85285200' };

/** Packed weight and box of a typical product of each category, for the courier. */
export const PARCEL: Record<SeedProduct['category'], { weightGrams: number; lengthMm: number; widthMm: number; heightMm: number }> = {
  Laptop: { weightGrams: 2_400, lengthMm: 450, widthMm: 320, heightMm: 90 },
  Desktop: { weightGrams: 9_500, lengthMm: 520, widthMm: 280, heightMm: 480 },
  Monitor: { weightGrams: 7_200, lengthMm: 760, widthMm: 180, heightMm: 520 },
};

/** The start of the SKU each demo seller gives its offers of a configuration it did not list. */
const SELLER_SKU_PREFIX: Record<SeedVendor, string> = { shop: 'SC', puneTechHub: 'PTH', khargharMart: 'KCM' };

/** The typed specifications of a configuration: the product's, with what the configuration has of its own. */
function specsOf(p: SeedProduct, own: SeedSpecs) {
  const s = { ...p, ...own };
  return {
    processor: s.processor ?? null,
    processorFamily: s.processorFamily ?? null,
    ramGb: s.ramGb ?? null,
    storageGb: s.storageGb ?? null,
    storageType: s.storageType ?? null,
    graphics: s.graphics ?? null,
    operatingSystem: s.operatingSystem ?? null,
    screenSizeIn: s.screenSizeIn ?? null,
    resolution: s.resolution ?? null,
    resolutionName: s.resolutionName ?? null,
    panelType: s.panelType ?? null,
    refreshRateHz: s.refreshRateHz ?? null,
    ports: s.ports ?? null,
  };
}

/**
 * The configurations of a demo product and its sellers' offers (decision 70). The first configuration is
 * the product's own: its variant and its seller's offer have the product's id, its price, stock and SKU
 * (dispatched in a day), as every product listed before variants existed has. The others, and other
 * sellers' offers, get ids of their own; a seller's SKU for them is the maker's part number after the
 * seller's prefix.
 */
export function variantAndOfferRows(
  p: SeedProduct,
  productId: string,
  vendorIds: Record<SeedVendor, string>,
  createdAt: Date,
): { variants: VariantRow[]; offers: OfferRow[] } {
  const model = DEMO_MODELS[p.key];
  const variants: VariantRow[] = [];
  const offerRows: OfferRow[] = [];
  const variant = (id: string, options: Record<string, string>, sku: string, mrpRupees: number, own: SeedSpecs) => {
    const specs = specsOf(p, own);
    variants.push({
      id,
      productId,
      options,
      sku,
      status: 'active',
      position: variants.length,
      mrpPaise: mrpRupees * 100,
      hsnCode: HSN_CODES[p.category],
      gstRateBp: PRICING.gstRateBp[p.category],
      ...specs,
      ...PARCEL[p.category],
      specTerms: buildSpecTerms({ category: p.category, ...specs }),
      createdAt,
      updatedAt: createdAt,
    });
  };
  const offer = (id: string, variantId: string, o: SeedOffer, sellerSku: string, soldCount = 0) => {
    offerRows.push({
      id,
      variantId,
      productId,
      vendorId: vendorIds[o.vendor],
      sellerSku,
      pricePaise: o.priceRupees * 100,
      stock: o.stock,
      dispatchDays: o.dispatchDays,
      warranty: o.warranty ?? p.warranty,
      warrantyMonths: o.warrantyMonths ?? p.warrantyMonths,
      condition: o.refurbishedGrade ? 'refurbished' : 'new',
      grade: o.refurbishedGrade ?? null,
      status: 'active',
      soldCount,
      createdAt,
      updatedAt: createdAt,
    });
  };
  const otherSku = (o: SeedOffer, sku: string) =>
    `${SELLER_SKU_PREFIX[o.vendor]}-${sku}${o.refurbishedGrade ? `-REF-${o.refurbishedGrade}` : ''}`;

  variant(productId, model?.options ?? {}, p.model, p.mrpRupees, {});
  const own = { vendor: p.vendor, priceRupees: p.priceRupees, stock: p.stock, dispatchDays: 1 };
  offer(productId, productId, own, p.key.toUpperCase(), p.soldCount);
  for (const o of model?.otherOffers ?? []) offer(newId('ofr'), productId, o, otherSku(o, p.model));
  for (const c of model?.configurations ?? []) {
    const { options, sku, mrpRupees, offers: configurationOffers, ...ownSpecs } = c;
    const id = newId('pvr');
    variant(id, options, sku, mrpRupees, ownSpecs);
    for (const o of configurationOffers) offer(newId('ofr'), id, o, otherSku(o, sku));
  }
  return { variants, offers: offerRows };
}
