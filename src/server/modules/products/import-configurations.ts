import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import type { ProductRecords } from '../catalogue/product-records.service';
import { columnsOf, slugify } from './products.vendor.service';
import type { CsvRowResult, ProductsCsv } from './vendor-products-csv';
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
  for (const row of valid) groups.set(row.groupLine, [...(groups.get(row.groupLine) ?? []), row]);
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
    targets.push({ rows, productId: keyed?.id ?? (matched.size === 1 ? [...matched.keys()][0]! : null) });
  }

  const known = await records.variantsOf(
    db,
    vendorId,
    targets.flatMap((t) => (t.productId ? [t.productId] : [])),
  );
  const products: ProductPlan[] = [];
  for (const { rows, productId } of targets) {
    const plans: ConfigurationPlan[] = rows.map((row) => {
      const offer = bySku.get(row.product.sku);
      return offer && offer.productId === productId
        ? {
            row,
            offerId: offer.id,
            variantId: offer.variantId,
            optionsChange: csv.present.options && !sameOptions(known.find((v) => v.id === offer.variantId)?.options ?? {}, row.options),
          }
        : { row, offerId: null, variantId: null, optionsChange: false };
    });
    const claimed = new Set(plans.flatMap((p) => (p.variantId ? [p.variantId] : [])));
    const unclaimed = known.filter((v) => v.productId === productId && !claimed.has(v.id));
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
 * Writes one product of the plan with its configurations and offers, in the caller's transaction (which
 * said `saysItWritesVariants`): the product's row first (locked by its update), then its configurations,
 * then the offers. A new product's first configuration and offer have the product's id, as every product
 * of before has (decision 70), so a cart or an order naming only the product still names them. Returns
 * the product's id and how many offers were created and changed.
 */
export async function writeProductPlan(
  tx: Executor,
  records: Pick<ProductRecords, 'variants' | 'seller'>,
  vendorId: string,
  plan: ProductPlan,
  file: Pick<ProductsCsv, 'present' | 'withExtraSpecs'>,
): Promise<{ productId: string; created: number; updated: number }> {
  const first = plan.rows[0]!.row;
  const optionKeys = first.optionKeys;
  let productId = plan.productId;
  if (productId === null) {
    productId = newId('prd');
    const slug = `${slugify(first.product.name)}-${productId.slice(-6).toLowerCase()}`;
    await records.seller.insertProduct(tx, { id: productId, vendorId, slug, ...columnsOf(first.product), optionKeys });
  } else {
    const locked = await records.variants.lockOwnProduct(tx, vendorId, productId);
    if (!locked) throw new Error(`Product ${productId} of an import is gone`);
    // The product's own offer (its id) keeps the product's columns of before in step (the previous release reads them).
    const own = plan.rows.find((p) => p.offerId === productId)?.row;
    const { category, brand, name, model, description, status, extraSpecs } = columnsOf(first.product);
    await records.seller.updateOwnProduct(tx, vendorId, productId, {
      ...(own ? columnsOf(own.product) : {}),
      category,
      brand,
      name,
      model,
      description,
      // A product the shop holds for review, or hid, keeps that status.
      status: locked.status === 'pending_review' || locked.status === 'hidden' ? locked.status : status,
      ...(file.withExtraSpecs ? { extraSpecs } : { extraSpecs: undefined }),
      ...(file.present.options ? { optionKeys } : {}),
    });
  }
  await records.variants.setOptionsAside(
    tx,
    plan.rows.flatMap((p) => (p.optionsChange && p.variantId ? [p.variantId] : [])),
  );
  let created = 0;
  for (const [position, { row, offerId, variantId }] of plan.rows.entries()) {
    const isFirstOfNew = plan.productId === null && position === 0;
    const variant = variantId ?? (isFirstOfNew ? productId : newId('var'));
    const values = columnsOf(row.product);
    await records.variants.upsertVariant(
      tx,
      {
        id: variant,
        productId,
        options: row.options,
        ean: row.offer.ean,
        position,
        mrpPaise: values.mrpPaise,
        hsnCode: values.hsnCode,
        gstRateBp: values.gstRateBp,
        processor: values.processor,
        processorFamily: values.processorFamily,
        ramGb: values.ramGb,
        storageGb: values.storageGb,
        storageType: values.storageType,
        graphics: values.graphics,
        operatingSystem: values.operatingSystem,
        screenSizeIn: values.screenSizeIn,
        resolution: values.resolution,
        resolutionName: values.resolutionName,
        panelType: values.panelType,
        refreshRateHz: values.refreshRateHz,
        ports: values.ports,
        ...(row.options.colour ? { colour: row.options.colour } : {}),
        weightGrams: values.weightGrams,
        lengthMm: values.lengthMm,
        widthMm: values.widthMm,
        heightMm: values.heightMm,
        specTerms: values.specTerms,
      },
      { options: !file.present.options, ean: !file.present.ean },
    );
    if (offerId === null) created += 1;
    await records.variants.upsertOffer(
      tx,
      {
        id: offerId ?? (isFirstOfNew ? productId : newId('off')),
        variantId: variant,
        productId,
        vendorId,
        sellerSku: row.product.sku,
        pricePaise: values.pricePaise,
        stock: values.stock,
        warranty: values.warranty,
        warrantyMonths: values.warrantyMonths,
        dispatchDays: row.offer.dispatchDays,
        condition: row.offer.condition,
        grade: row.offer.grade,
      },
      { terms: !file.present.terms },
    );
  }
  return { productId, created, updated: plan.rows.length - created };
}
