import { formatPaise } from '~/shared/money';
import {
  CATEGORY_OPTION_KEYS,
  configurationLabel,
  type Configuration,
  type ConfigurationsResponse,
  type ConfigurationsWrite,
  type ConfigurationWrite,
} from '~/shared/schemas/product-configurations';
import type { Category } from '~/shared/constants';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationRow, ProductRecords, ProductRow } from '../catalogue/product-records.service';
import { ADMIN_PRODUCT_NOT_FOUND, PRODUCT_NOT_FOUND } from './products.vendor.service';
import { buildSpecTerms } from './spec-terms';

const toConfiguration = (r: ConfigurationRow, optionKeys: readonly string[], withOthers: boolean): Configuration => ({
  variantId: r.id,
  options: r.options,
  label: configurationLabel(r.options, optionKeys),
  sku: r.sku,
  ean: r.ean,
  status: r.status,
  mrpPaise: r.mrp_paise,
  hsnCode: r.hsn_code,
  gstRateBp: r.gst_rate_bp,
  processor: r.processor,
  ramGb: r.ram_gb,
  storageGb: r.storage_gb,
  storageType: r.storage_type,
  screenSizeIn: r.screen_size_in === null ? null : Number(r.screen_size_in),
  colour: r.colour,
  offer: r.offer_id === null ? null : { offerId: r.offer_id, pricePaise: r.price_paise!, stock: r.stock!, dispatchDays: r.dispatch_days! },
  ordered: r.ordered,
  otherOffers: withOthers
    ? r.other_offers.map((o) => ({
        offerId: o.offer_id,
        sellerName: o.seller_name,
        pricePaise: o.price_paise,
        stock: o.stock,
        dispatchDays: o.dispatch_days,
        condition: o.condition,
        status: o.status,
      }))
    : [],
});

/** What the audit log keeps of a configuration: enough to say what changed. */
const audited = (c: {
  options: Record<string, string>;
  sku: string | null;
  status: string;
  mrpPaise: number;
  pricePaise: number | null;
  stock: number | null;
}) => c;

const field = (i: number, name: string) => `configurations.${i}.${name}`;

/** The options of a row by the product's keys, trimmed; a key the grid does not use is dropped. */
const optionsOf = (row: ConfigurationWrite, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, (row.options[k] ?? '').trim()]));
const nameOf = (options: Record<string, string>, keys: readonly string[]) =>
  keys.map((k) => (options[k] ?? '').trim().toLowerCase()).join('\u0000');

/**
 * A product's configurations and its seller's offers of them, edited as one grid (decision 70). The
 * seller's are its own products only (`vendorId` is the session's; another's is NOT_FOUND); the admin
 * edits any product's, with its seller's offers (other sellers' offers are shown, not changed). A save
 * is one transaction: the product's row is locked before any offer's, as every checkout locks them.
 */
export function createProductConfigurationsService(deps: {
  db: Database;
  records: Pick<ProductRecords, 'configurations' | 'seller' | 'refreshSearchLexicon'>;
  audit: Pick<AuditService, 'record'>;
  cache: Pick<ResponseCache, 'invalidate'>;
}) {
  const { db, audit, cache, records } = deps;
  const rows = records.configurations;

  async function read(executor: Executor, product: ProductRow, withOthers: boolean): Promise<ConfigurationsResponse> {
    const found = await rows.configurationsOf(executor, product.id, product.vendorId);
    return {
      productId: product.id,
      productName: product.name,
      category: product.category as Category,
      allowedOptionKeys: [...CATEGORY_OPTION_KEYS[product.category as Category]],
      optionKeys: product.optionKeys,
      configurations: found.map((r) => toConfiguration(r, product.optionKeys, withOthers)),
    };
  }

  async function productOf(vendorId: string | null, productId: string) {
    const owner = vendorId ?? (await records.seller.vendorOfProduct(db, productId));
    const found = owner ? await records.seller.findOwnProduct(db, owner, productId) : undefined;
    if (!found) throw new AppError('NOT_FOUND', vendorId ? PRODUCT_NOT_FOUND : ADMIN_PRODUCT_NOT_FOUND);
    return found.row;
  }

  /** Writes the grid in `tx` for the product's seller `vendorId` (the session's, or the product's when an admin saves). */
  async function write(tx: Executor, vendorId: string, productId: string, input: ConfigurationsWrite, notFound: string) {
    await rows.declareVariantWrites(tx);
    const found = await records.seller.findOwnProduct(tx, vendorId, productId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND', notFound);
    const product = found.row;
    const keys = input.optionKeys;
    const allowed = new Set<string>([...CATEGORY_OPTION_KEYS[product.category as Category], ...product.optionKeys]);
    const refused = keys.filter((k) => !allowed.has(k));
    if (refused.length > 0) {
      const message = `A ${product.category.toLowerCase()} cannot vary by ${refused.join(', ')}.`;
      throw new AppError('VALIDATION', message, { fields: { optionKeys: message } });
    }
    await rows.lockOffersOf(tx, productId, vendorId);
    const existing = await rows.configurationsOf(tx, productId, vendorId);
    const byId = new Map(existing.map((e) => [e.id, e]));
    const claimed = new Set<string>();
    const fields: Record<string, string> = {};

    const targets: (ConfigurationRow | undefined)[] = input.configurations.map((c, i) => {
      if (!c.variantId) return undefined;
      const e = byId.get(c.variantId);
      if (!e || claimed.has(e.id)) {
        fields[field(i, 'variantId')] = 'This configuration is not among the product’s any more: reload the grid.';
        return undefined;
      }
      claimed.add(e.id);
      return e;
    });
    // A new row named like a configuration left out of the grid (archived, say) is that configuration again.
    input.configurations.forEach((c, i) => {
      if (c.variantId) return;
      const name = nameOf(optionsOf(c, keys), keys);
      const again = existing.find(
        (e) => !claimed.has(e.id) && nameOf(e.options, keys) === name && Object.keys(e.options).length === keys.length,
      );
      if (again) {
        claimed.add(again.id);
        targets[i] = again;
      }
    });
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', 'The grid is out of date: reload it and save again.', { fields });

    const moved: string[] = [];
    targets.forEach((e, i) => {
      const seen = input.configurations[i]!.stockWas;
      if (e?.offer_id && seen !== undefined && e.stock !== seen) {
        fields[field(i, 'stock')] = `Stock is now ${e.stock}, not ${seen}: orders came in while you were editing.`;
        moved.push(configurationLabel(e.options, product.optionKeys));
      }
    });
    if (moved.length > 0) {
      throw new AppError('CONFLICT', `Orders took units of ${moved.join(', ')} while you were editing. Check the stock and save again.`, {
        fields,
      });
    }
    const skus = input.configurations.flatMap((c) => (c.sku ? [c.sku] : []));
    const taken = new Set(await rows.skusUsedElsewhere(tx, vendorId, productId, skus));
    input.configurations.forEach((c, i) => {
      if (c.sku && taken.has(c.sku)) fields[field(i, 'sku')] = 'Another of your products or offers has this SKU';
    });
    if (Object.keys(fields).length > 0) throw new AppError('CONFLICT', 'Each of your SKUs names one thing you sell.', { fields });

    await rows.parkOptions(
      tx,
      productId,
      [...claimed].filter((id) => byId.has(id)),
    );
    await rows.parkOfferSkus(tx, productId, vendorId);

    let legacy: Parameters<typeof rows.updateLegacyProduct>[2]['own'];
    const after: ReturnType<typeof audited>[] = [];
    let added = 0;
    for (const [i, c] of input.configurations.entries()) {
      const target = targets[i];
      const options = optionsOf(c, keys);
      const specTerms = buildSpecTerms({
        ...product,
        processor: c.processor,
        ramGb: c.ramGb,
        storageGb: c.storageGb,
        storageType: c.storageType,
        screenSizeIn: c.screenSizeIn,
      });
      const values = {
        options,
        sku: c.sku,
        ean: c.ean,
        status: c.status,
        position: i,
        mrpPaise: c.mrpPaise,
        hsnCode: c.hsnCode,
        gstRateBp: c.gstRateBp,
        processor: c.processor,
        ramGb: c.ramGb,
        storageGb: c.storageGb,
        storageType: c.storageType,
        screenSizeIn: c.screenSizeIn,
        colour: c.colour,
        specTerms: `${specTerms}${c.colour ? ` ${c.colour}` : ''}`,
      };
      const variantId = target?.id ?? newId('var');
      if (target) await rows.updateVariant(tx, productId, variantId, values);
      else {
        await rows.insertVariant(tx, productId, variantId, values);
        added += 1;
      }
      const offer = { pricePaise: c.pricePaise, stock: c.stock, dispatchDays: c.dispatchDays, sellerSku: c.sku };
      if (target?.offer_id) await rows.updateOwnOffer(tx, vendorId, target.offer_id, offer);
      else {
        await rows.insertOwnOffer(tx, {
          ...offer,
          id: newId('off'),
          variantId,
          productId,
          vendorId,
          warranty: product.warranty,
          warrantyMonths: product.warrantyMonths,
        });
      }
      if (variantId === productId) legacy = { ...values, pricePaise: c.pricePaise, stock: c.stock };
      after.push(audited({ options, sku: c.sku, status: c.status, mrpPaise: c.mrpPaise, pricePaise: c.pricePaise, stock: c.stock }));
    }

    // Left out of the grid: archived when orders, other sellers' offers or pictures name it (or it is the product's own), else removed.
    let archived = 0;
    let removed = 0;
    for (const [k, e] of existing.filter((x) => !claimed.has(x.id)).entries()) {
      if (e.ordered || e.other_offers.length > 0 || e.has_pictures || e.id === productId) {
        await rows.archiveVariant(tx, productId, e.id, input.configurations.length + k);
        archived += 1;
      } else if (await rows.deleteVariant(tx, productId, e.id)) {
        removed += 1;
      } else {
        await rows.archiveVariant(tx, productId, e.id, input.configurations.length + k);
        archived += 1;
      }
    }
    await rows.updateLegacyProduct(tx, productId, { optionKeys: keys, own: legacy });

    const changed = input.configurations.length - added;
    const parts = [`${added} added`, `${changed} kept or changed`, archived && `${archived} archived`, removed && `${removed} removed`];
    const prices = input.configurations.map((c) => c.pricePaise);
    await audit.record(tx, {
      action: 'product.configurations_update',
      entityType: 'product',
      entityId: productId,
      vendorId,
      summary: `Changed the configurations of ${product.name}: ${parts.filter(Boolean).join(', ')}; prices ${formatPaise(Math.min(...prices))} to ${formatPaise(Math.max(...prices))}`,
      before: {
        optionKeys: product.optionKeys,
        configurations: existing.map((e) =>
          audited({ options: e.options, sku: e.sku, status: e.status, mrpPaise: e.mrp_paise, pricePaise: e.price_paise, stock: e.stock }),
        ),
      },
      after: { optionKeys: keys, configurations: after },
    });
  }

  async function save(vendorId: string, productId: string, input: ConfigurationsWrite, notFound: string) {
    try {
      await db.transaction((tx) => write(tx, vendorId, productId, input, notFound));
    } catch (error) {
      if (isUniqueViolation(error, 'offers_vendor_sku_key') || isUniqueViolation(error, 'products_vendor_sku_key'))
        throw new AppError('CONFLICT', 'Another of your products or offers has one of these SKUs.');
      if (isUniqueViolation(error, 'product_variants_options_key'))
        throw new AppError('CONFLICT', 'Two configurations have the same options.');
      throw error;
    }
    await records.refreshSearchLexicon(db);
    await cache.invalidate();
  }

  return {
    /** The seller's own product's configurations with its offers; another seller's product is NOT_FOUND. */
    async get(vendorId: string, productId: string): Promise<ConfigurationsResponse> {
      return read(db, await productOf(vendorId, productId), false);
    },

    /**
     * Saves the seller's grid: adds, changes and archives configurations and writes the seller's offer of
     * each. A stock the seller saw (`stockWas`) other than the stock now is a CONFLICT on that row's stock.
     */
    async save(vendorId: string, productId: string, input: ConfigurationsWrite): Promise<ConfigurationsResponse> {
      await save(vendorId, productId, input, PRODUCT_NOT_FOUND);
      return read(db, await productOf(vendorId, productId), false);
    },

    /** Any product's configurations, its seller's offers editable and the other sellers' shown. */
    async getAsAdmin(productId: string): Promise<ConfigurationsResponse> {
      return read(db, await productOf(null, productId), true);
    },

    /** An admin saves a product's grid for its seller (the audit entry's actor is the admin). */
    async saveAsAdmin(productId: string, input: ConfigurationsWrite): Promise<ConfigurationsResponse> {
      const product = await productOf(null, productId);
      await save(product.vendorId, productId, input, ADMIN_PRODUCT_NOT_FOUND);
      return read(db, await productOf(null, productId), true);
    },
  };
}

export type ProductConfigurationsService = ReturnType<typeof createProductConfigurationsService>;
