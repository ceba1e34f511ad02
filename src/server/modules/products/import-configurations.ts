import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import type { NewProduct, OfferValues, ProductRecords, ProductUpdate, VariantValues } from '../catalogue/product-records.service';
import { columnsOf, reviewGate, slugify } from './products.vendor.service';
import { missingOrigin } from '~/shared/schemas/vendor-products';
import { ORIGIN_COLUMNS, type CsvRowResult, type ProductsCsv } from './vendor-products-csv';
import { PRODUCT_KEY_COLUMN } from './vendor-products-csv-groups';

/**
 * What the rows of a sellers' CSV do to its products (decision 70, "The sellers' CSV"): rows of one product
 * become one product with those configurations and the seller's offers of them. A row is matched by the
 * seller's SKU of its offer, as always; its product by the `product_key` (the product's slug, or its id), or
 * else by the SKUs of its rows; a product none of them names is new. Only the seller's own products are
 * written: a key or a SKU of another seller's product is an error of its rows.
 */

type ValidRow = CsvRowResult & { product: NonNullable<CsvRowResult['product']> };

/** A row as it will be written: the offer and the configuration it changes (null: new ones). */
export interface ConfigurationPlan {
  row: ValidRow;
  offerId: string | null;
  variantId: string | null;
  /** The configuration (matched by its SKU) whose options the row changes. */
  optionsChange: boolean;
}

export interface ProductPlan {
  /** The seller's product the rows write; null for a new one. */
  productId: string | null;
  rows: ConfigurationPlan[];
}

export const NOT_YOUR_PRODUCT =
  'No product of yours has this product_key: it is another seller’s. To sell it, add your offer under “Sell an existing product”; for a new product, choose another key.';
const OFFER_OF_ANOTHER_SELLERS_PRODUCT =
  'This SKU is your offer of another seller’s product: change it under “Your offers on other sellers’ products”, not in this file.';
const ALL_OR_NONE = (line: number) =>
  `Not imported: line ${line} of this product has an error, and a product is imported with all its rows or none.`;

const sameOptions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

type Variants = Pick<ProductRecords, 'variants'>['variants'];

/**
 * Finds what each valid row writes: its product (the seller's, or a new one) and its offer and configuration.
 * The rows it refuses come back in `errors` by line, naming the column; the other rows of their product too.
 */
export async function planConfigurations(
  db: Executor,
  records: Variants,
  vendorId: string,
  csv: Pick<ProductsCsv, 'rows' | 'present'>,
): Promise<{ products: ProductPlan[]; errors: Map<number, Record<string, string>> }> {
  const valid = csv.rows.filter((r): r is ValidRow => r.product !== undefined);
  const groups = new Map<number, ValidRow[]>();
  for (const row of valid) {
    const group = groups.get(row.groupLine);
    if (group) group.push(row);
    else groups.set(row.groupLine, [row]);
  }
  const keys = [...new Set(valid.flatMap((r) => (r.productKey ? [r.productKey] : [])))];
  const [named, bySku] = await Promise.all([
    records.productsByKeys(db, keys),
    records.offersBySku(
      db,
      vendorId,
      valid.map((r) => r.product.sku),
    ),
  ]);
  const productOfKey = (key: string) => named.find((p) => p.id === key) ?? named.find((p) => p.slug === key.toLowerCase());
  const errors = new Map<number, Record<string, string>>();
  const refuse = (row: ValidRow, column: string, message: string) => errors.set(row.line, { ...errors.get(row.line), [column]: message });

  const targets: { rows: ValidRow[]; productId: string | null }[] = [];
  const firstTargetOf = new Map<string, { rows: ValidRow[] }>();
  for (const rows of groups.values()) {
    const key = rows[0]!.productKey;
    const keyed = key ? productOfKey(key) : undefined;
    if (keyed && keyed.vendorId !== vendorId) {
      for (const row of rows) refuse(row, PRODUCT_KEY_COLUMN, NOT_YOUR_PRODUCT);
      continue;
    }
    const matched = new Map<string, string>();
    for (const row of rows) {
      const offer = bySku.get(row.product.sku);
      if (!offer) continue;
      if (offer.productVendorId !== vendorId) refuse(row, 'sku', OFFER_OF_ANOTHER_SELLERS_PRODUCT);
      else if (keyed && offer.productId !== keyed.id)
        refuse(
          row,
          'sku',
          `This SKU is a configuration of another of your products (product_key "${offer.productSlug}"): a SKU names one configuration.`,
        );
      else matched.set(offer.productId, offer.productSlug);
    }
    if (!keyed && matched.size > 1) {
      const slugs = [...matched.values()].map((s) => `"${s}"`).join(', ');
      for (const row of rows.filter((r) => bySku.has(r.product.sku)))
        refuse(
          row,
          'sku',
          `The SKUs of this product’s rows are configurations of ${matched.size} of your products (${slugs}): give each its product_key, or ask the shop to merge them.`,
        );
    }
    const productId = keyed?.id ?? (matched.size === 1 ? [...matched.keys()][0]! : null);
    const before = productId ? firstTargetOf.get(productId) : undefined;
    if (before)
      for (const row of rows)
        refuse(
          row,
          PRODUCT_KEY_COLUMN,
          `These rows are of the same product as line ${before.rows[0]!.line}'s: give all its rows one product_key.`,
        );
    targets.push({ rows, productId });
    if (productId && !before) firstTargetOf.set(productId, { rows });
  }

  const known = await records.variantsOf(
    db,
    vendorId,
    targets.flatMap((t) => (t.productId ? [t.productId] : [])),
  );
  const variantById = new Map(known.map((v) => [v.id, v]));
  const variantsOfProduct = new Map<string, typeof known>();
  for (const v of known) variantsOfProduct.set(v.productId, [...(variantsOfProduct.get(v.productId) ?? []), v]);
  const products: ProductPlan[] = [];
  for (const { rows, productId } of targets) {
    const plans: ConfigurationPlan[] = rows.map((row) => {
      const offer = bySku.get(row.product.sku);
      return offer && offer.productId === productId
        ? {
            row,
            offerId: offer.id,
            variantId: offer.variantId,
            optionsChange: csv.present.options && !sameOptions(variantById.get(offer.variantId)?.options ?? {}, row.options),
          }
        : { row, offerId: null, variantId: null, optionsChange: false };
    });
    const claimed = new Set(plans.flatMap((p) => (p.variantId ? [p.variantId] : [])));
    const unclaimed = (productId ? (variantsOfProduct.get(productId) ?? []) : []).filter((v) => !claimed.has(v.id));
    for (const plan of plans) {
      const same = csv.present.options ? unclaimed.find((v) => sameOptions(v.options, plan.row.options)) : undefined;
      if (!same) continue;
      if (plan.variantId) {
        refuse(
          plan.row,
          'option1_value',
          'Another configuration of this product has these options already: each configuration needs its own.',
        );
        continue;
      }
      // A configuration of the product with these options, not in the file: the row is the seller's offer of it.
      const { condition, grade } = plan.row.offer;
      plan.variantId = same.id;
      plan.offerId = same.offers.find((o) => o.condition === condition && o.grade === grade)?.id ?? null;
    }
    // A new product put on sale must say where it is made and who made or imported it (decision 73).
    if (productId === null && rows[0]!.product.status === 'active') {
      const missing = missingOrigin(rows[0]!.product);
      for (const [field, message] of Object.entries(missing))
        refuse(rows[0]!, ORIGIN_COLUMNS[field as keyof typeof ORIGIN_COLUMNS], message);
    }
    const failed = rows.find((r) => errors.has(r.line));
    if (failed) {
      for (const row of rows) if (!errors.has(row.line)) refuse(row, PRODUCT_KEY_COLUMN, ALL_OR_NONE(failed.line));
      continue;
    }
    products.push({ productId, rows: plans });
  }
  return { products, errors };
}

/**
 * Writes a batch of products of the plan with their configurations and offers, in the caller's transaction
 * (which said `saysItWritesVariants`), a statement for each step: the seller's products locked (in the order
 * of their ids) and written first, then their configurations, then the offers, as a checkout locks a product
 * before its offer. A new product's first configuration and offer have the product's id, as every product of
 * before has (decision 70), so a cart or an order naming only the product still names them. Returns each row's
 * product by its SKU, how many offers were created and changed, and the new products with their configurations.
 */
export async function writeProductPlans(
  tx: Executor,
  records: Pick<ProductRecords, 'variants'>,
  vendorId: string,
  plans: readonly ProductPlan[],
  file: Pick<ProductsCsv, 'present' | 'withExtraSpecs'>,
  /** Whether the shop trusts the seller: a new product it puts on sale skips the review queue (decision 70). */
  trusted: boolean,
): Promise<{
  productIds: Map<string, string>;
  created: number;
  updated: number;
  createdProducts: number;
  newProductConfigurations: number;
}> {
  const repo = records.variants;
  const existing = plans.flatMap((p) => (p.productId ? [p.productId] : []));
  const statuses = await repo.lockOwnProducts(tx, vendorId, existing);
  const gone = existing.find((id) => !statuses.has(id));
  if (gone) throw new Error(`Product ${gone} of an import is no longer its seller's`);

  const fresh: NewProduct[] = [];
  const updates: ProductUpdate[] = [];
  const written = plans.map((plan) => {
    const first = plan.rows[0]!.row;
    const productValues = columnsOf(first.product);
    if (plan.productId === null) {
      const id = newId('prd');
      fresh.push({
        id,
        vendorId,
        slug: `${slugify(first.product.name)}-${id.slice(-6).toLowerCase()}`,
        ...productValues,
        ...reviewGate(productValues.status ?? 'draft', null, trusted),
        optionKeys: first.optionKeys,
      });
      return { plan, productId: id };
    }
    // The product's own offer (its id) keeps the product's columns of before in step (the previous release reads them).
    const own = plan.rows.find((p) => p.offerId === plan.productId)?.row;
    updates.push({
      ...(own ? columnsOf(own.product) : {}),
      ...productValues,
      id: plan.productId,
      hasOwn: own !== undefined,
      status: productValues.status ?? 'draft',
      extraSpecs: productValues.extraSpecs,
      optionKeys: first.optionKeys,
    });
    return { plan, productId: plan.productId };
  });
  await repo.insertProducts(tx, fresh);
  await repo.updateProducts(tx, vendorId, updates, {
    extraSpecs: file.withExtraSpecs,
    optionKeys: file.present.options,
    origin: file.present.origin,
    trusted,
  });
  await repo.setOptionsAside(
    tx,
    plans.flatMap((p) => p.rows.flatMap((r) => (r.optionsChange && r.variantId ? [r.variantId] : []))),
  );

  const variants: VariantValues[] = [];
  const offers: OfferValues[] = [];
  const productIds = new Map<string, string>();
  let created = 0;
  for (const { plan, productId } of written) {
    for (const [position, { row, offerId, variantId }] of plan.rows.entries()) {
      const isFirstOfNew = plan.productId === null && position === 0;
      const variant = variantId ?? (isFirstOfNew ? productId : newId('var'));
      const v = columnsOf(row.product);
      productIds.set(row.product.sku, productId);
      variants.push({
        id: variant,
        productId,
        options: row.options,
        ean: row.offer.ean,
        position,
        mrpPaise: v.mrpPaise,
        hsnCode: v.hsnCode,
        gstRateBp: v.gstRateBp,
        processor: v.processor,
        processorFamily: v.processorFamily,
        ramGb: v.ramGb,
        storageGb: v.storageGb,
        storageType: v.storageType,
        graphics: v.graphics,
        operatingSystem: v.operatingSystem,
        screenSizeIn: v.screenSizeIn,
        resolution: v.resolution,
        resolutionName: v.resolutionName,
        panelType: v.panelType,
        refreshRateHz: v.refreshRateHz,
        ports: v.ports,
        colour: row.options.colour ?? null,
        weightGrams: v.weightGrams,
        lengthMm: v.lengthMm,
        widthMm: v.widthMm,
        heightMm: v.heightMm,
        specTerms: v.specTerms,
      });
      if (offerId === null) created += 1;
      offers.push({
        id: offerId ?? (isFirstOfNew ? productId : newId('off')),
        variantId: variant,
        productId,
        vendorId,
        sellerSku: row.product.sku,
        pricePaise: v.pricePaise,
        stock: v.stock,
        warranty: v.warranty,
        warrantyMonths: v.warrantyMonths,
        dispatchDays: row.offer.dispatchDays,
        condition: row.offer.condition,
        grade: row.offer.grade,
      });
    }
  }
  await repo.upsertVariants(tx, variants, { options: !file.present.options, ean: !file.present.ean });
  await repo.upsertOffers(tx, vendorId, offers, { terms: !file.present.terms });
  const newPlans = plans.filter((p) => p.productId === null);
  return {
    productIds,
    created,
    updated: offers.length - created,
    createdProducts: newPlans.length,
    newProductConfigurations: newPlans.reduce((n, p) => n + p.rows.length, 0),
  };
}
