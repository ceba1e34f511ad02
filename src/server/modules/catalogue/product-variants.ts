import { buyBox, deliveredPricePaise, type BuyBoxOffer } from '~/shared/buy-box';
import { optionLabel } from '~/shared/catalogue';
import { LOW_STOCK_THRESHOLD } from '~/shared/constants';
import { formatMobile } from '~/shared/phone';
import { SELLER_RATING_MIN_REVIEWS } from '~/shared/seller-details';
import type { ProductOffer, ProductOption, SellerDetails, ProductVariant, SpecRow, StockStatus } from '~/shared/schemas/catalogue';
import type { OfferRow, VariantRow } from './catalogue.repo';

function stockStatusOf(stock: number): StockStatus {
  if (stock <= 0) return 'out_of_stock';
  return stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

function storageText(gb: number): string {
  return gb >= 1000 && gb % 1024 === 0 ? `${gb / 1024} TB` : gb >= 1000 && gb % 1000 === 0 ? `${gb / 1000} TB` : `${gb} GB`;
}

/** A variant's own specifications, with the labels and groups of the product's table (catalogue.service specRows). */
export function variantSpecRows(v: Omit<VariantRow, 'id' | 'options' | 'sku' | 'mrp_paise' | 'offers'>): SpecRow[] {
  const rows: SpecRow[] = [];
  const add = (group: string, label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push({ group, label, value: String(value) });
  };
  add('Performance', 'Processor', v.processor);
  add('Performance', 'RAM', v.ram_gb && `${v.ram_gb} GB`);
  add('Performance', 'Storage', v.storage_gb && `${storageText(v.storage_gb)} ${v.storage_type ?? ''}`.trim());
  add('Performance', 'Graphics', v.graphics);
  add('Software', 'Operating system', v.operating_system);
  add('Display', 'Screen size', v.screen_size_in !== null ? `${Number(v.screen_size_in)} inch` : null);
  add('Display', 'Resolution', [v.resolution_name, v.resolution && `(${v.resolution})`].filter(Boolean).join(' '));
  add('Display', 'Panel type', v.panel_type);
  add('Display', 'Refresh rate', v.refresh_rate_hz && `${v.refresh_rate_hz} Hz`);
  add('Connectivity', 'Ports', v.ports?.length ? v.ports.join(', ') : null);
  add('General', 'Colour', v.colour);
  return rows;
}

/** "32 GB · 1 TB SSD" → "32-gb-1-tb-ssd": the option values, in the picker's order, for a URL. */
export function variantSlug(options: Record<string, string>, keys: readonly string[]): string {
  const values = orderedKeys(options, keys).map((k) => options[k]!);
  return values
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The option keys of the product first, in its order, then any other key a variant has. */
function orderedKeys(options: Record<string, string>, keys: readonly string[]): string[] {
  return [...keys.filter((k) => k in options), ...Object.keys(options).filter((k) => !keys.includes(k))];
}

function toBuyBoxOffer(o: OfferRow): BuyBoxOffer & { row: OfferRow } {
  return {
    id: o.id,
    pricePaise: o.price_paise,
    stock: o.stock,
    dispatchDays: o.dispatch_days,
    status: o.status,
    condition: o.condition,
    sellerActive: o.seller_active,
    // The fulfilment's record of the last 90 days (seller_dispatch_record); null for a seller with too few parcels.
    sellerOnTime: o.seller_on_time,
    createdAt: o.created_at,
    row: o,
  };
}

function toOffer(o: BuyBoxOffer & { row: OfferRow }): ProductOffer {
  const delivered = deliveredPricePaise(o);
  return {
    id: o.id,
    seller: { id: o.row.vendor_id, name: o.row.seller_name, city: o.row.seller_city },
    pricePaise: o.pricePaise,
    deliveredPricePaise: delivered,
    deliveryPaise: delivered - o.pricePaise,
    dispatchDays: o.dispatchDays,
    stock: o.stock,
    stockStatus: stockStatusOf(o.stock),
    condition: o.condition,
    grade: o.row.grade,
    warranty: o.row.warranty,
    warrantyMonths: o.row.warranty_months,
    sellerOnTime: o.sellerOnTime,
    sellerDetails: sellerDetailsOf(o.row),
  };
}

/** A seller's disclosure on the page (decision 73): its address on one line, its phone as +91 98220 45678. */
function sellerDetailsOf(o: OfferRow): SellerDetails {
  const d = o.seller_details;
  return {
    legalName: d.legal_name,
    address: [d.address_line1, d.address_line2, d.city, `${d.state} ${d.pin_code}`].filter(Boolean).join(', '),
    carePhone: formatMobile(d.care_phone),
    careEmail: d.care_email,
    rating:
      o.seller_rating !== null && o.seller_reviews >= SELLER_RATING_MIN_REVIEWS
        ? { average: Math.round(o.seller_rating * 10) / 10, reviews: o.seller_reviews }
        : null,
  };
}

/** Why no seller can sell a configuration now, in the customer's words. */
function variantUnavailableBecause(reasons: string[]): string {
  if (reasons.length === 0) return 'No seller offers this configuration at the moment.';
  if (reasons.length === 1) return reasons[0]!;
  return reasons.every((r) => r === 'Out of stock with this seller.') ? 'Out of stock with every seller.' : reasons[0]!;
}

/**
 * The product page's options and configurations (decision 70): per variant its differing specifications,
 * the buy box's winner and the other sellers, or why it cannot be bought; and the configuration to show,
 * the one `wanted` names (by id or slug), else the one whose offer wins (the lowest price among winners),
 * else the first.
 */
export function productVariants(
  productId: string,
  optionKeys: readonly string[],
  rows: readonly VariantRow[],
  wanted: string | undefined,
): { options: ProductOption[]; variants: ProductVariant[]; selectedVariantId: string | null } {
  const specs = rows.map(variantSpecRows);
  const labelsOf = (table: SpecRow[]) => table.map((r) => `${r.group}\u0000${r.label}`);
  const allLabels = new Set(specs.flatMap(labelsOf));
  const differing = new Set(
    [...allLabels].filter(
      (label) => new Set(specs.map((t) => t.find((r) => `${r.group}\u0000${r.label}` === label)?.value ?? null)).size > 1,
    ),
  );

  const variants = rows.map((row, i): ProductVariant => {
    const box = buyBox(row.offers.map(toBuyBoxOffer));
    const keys = orderedKeys(row.options, optionKeys);
    return {
      id: row.id,
      options: row.options,
      slug: variantSlug(row.options, optionKeys) || row.id,
      label: keys.map((k) => row.options[k]).join(' · '),
      sku: row.sku,
      mrpPaise: row.mrp_paise,
      specifications: specs[i]!.filter((r) => differing.has(`${r.group}\u0000${r.label}`)),
      images: row.images ?? [],
      available: box.winner !== null,
      unavailableReason: box.winner ? null : variantUnavailableBecause(box.unavailable.map((u) => u.reason)),
      winner: box.winner ? toOffer(box.winner) : null,
      others: box.others.map((o) => toOffer(o)),
    };
  });

  const keysInUse = [...optionKeys, ...new Set(rows.flatMap((r) => Object.keys(r.options)))].filter(
    (k, i, all) => all.indexOf(k) === i && rows.some((r) => k in r.options),
  );
  const options = keysInUse.map((key) => ({
    key,
    label: optionLabel(key),
    values: [...new Set(rows.flatMap((r) => (key in r.options ? [r.options[key]!] : [])))],
  }));

  const named = wanted ? variants.find((v) => v.id === wanted || v.slug === wanted) : undefined;
  const best = variants
    .filter((v) => v.winner)
    .sort(
      (a, b) => a.winner!.deliveredPricePaise - b.winner!.deliveredPricePaise || Number(b.id === productId) - Number(a.id === productId),
    )[0];
  const selected = named ?? best ?? variants[0];
  return { options, variants, selectedVariantId: selected?.id ?? null };
}
