import { auditFieldLabel } from '~/shared/audit-labels';
import { formatPaise } from '~/shared/money';
import type { VendorProduct, VendorProductsQuery, VendorProductsResponse } from '~/shared/schemas/catalogue';
import {
  formStatusOf,
  missingOrigin,
  priceAboveMrpMessage,
  type OwnProduct,
  type ProductPatch,
  type ProductWrite,
} from '~/shared/schemas/vendor-products';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { changedFields } from '../../lib/changes';
import { newId } from '../../lib/ids';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { VendorsService } from '../vendors/vendors.service';
import { buildSpecTerms } from './spec-terms';
import { createOwnProductsCsv } from './own-products-csv';
import type { ProductRecords, ProductRow, ProductValues } from '../catalogue/product-records.service';

export type { ImportPreview } from './own-products-csv';

export const PRODUCT_NOT_FOUND = 'This product was not found among yours.';
export const ADMIN_PRODUCT_NOT_FOUND = 'This product does not exist.';
export const MERGED_MESSAGE =
  'The shop merged this product into another listing of the same model: your offer is on that product now (Your offers on other sellers’ products), and this one can no longer change.';

/** Why a vendor cannot change the status of a product the shop hid (409). */
export function hiddenByShop(name: string, reason: string | null): string {
  return `The shop hid ${name}${reason ? ` because: ${reason}` : ''}. While it is hidden you cannot change its status or put it on sale; fix the problem and write to the shop, which restores it.`;
}

function toOwnProduct(found: NonNullable<Awaited<ReturnType<ProductRecords['seller']['findOwnProduct']>>>): OwnProduct {
  const { row, images } = found;
  return {
    id: row.id,
    slug: row.slug,
    status: row.status as OwnProduct['status'],
    hiddenReason: row.hiddenReason,
    rejectionReason: row.rejectionReason,
    hiddenAt: row.hiddenAt ? row.hiddenAt.toISOString() : null,
    statusBeforeHidden: (row.statusBeforeHidden as OwnProduct['statusBeforeHidden']) ?? null,
    category: row.category as OwnProduct['category'],
    brand: row.brand,
    name: row.name,
    sku: row.sku,
    model: row.model,
    description: row.description,
    pricePaise: row.pricePaise,
    mrpPaise: row.mrpPaise,
    hsnCode: row.hsnCode,
    gstRateBp: row.gstRateBp,
    stock: row.stock,
    warranty: row.warranty,
    warrantyMonths: row.warrantyMonths,
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    processor: row.processor,
    processorFamily: row.processorFamily,
    ramGb: row.ramGb,
    storageGb: row.storageGb,
    storageType: row.storageType,
    graphics: row.graphics,
    operatingSystem: row.operatingSystem,
    screenSizeIn: row.screenSizeIn === null ? null : Number(row.screenSizeIn),
    resolution: row.resolution,
    resolutionName: row.resolutionName,
    panelType: row.panelType,
    refreshRateHz: row.refreshRateHz,
    ports: row.ports ?? [],
    extraSpecs: row.extraSpecs,
    originCountry: row.originCountry,
    makerName: row.makerName,
    makerAddress: row.makerAddress,
    maxConsumerQuantity: row.maxConsumerQuantity,
    maxBusinessQuantity: row.maxBusinessQuantity,
    images,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A URL name from a product name: lower-case words joined by dashes, at most 80 characters. */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'product'
  );
}

/** The columns a product write sets, from the validated form (the form, the admin's edit, a CSV row). */
export function columnsOf(input: ProductWrite): ProductValues {
  const { stockWas: _stockWas, ...values } = input;
  return {
    ...values,
    ports: values.ports.length > 0 ? values.ports : null,
    specTerms: buildSpecTerms(values),
  };
}

function ownStatus(row: ProductRow): Pick<OwnProduct, 'status' | 'statusBeforeHidden'> {
  return { status: row.status as OwnProduct['status'], statusBeforeHidden: row.statusBeforeHidden as OwnProduct['statusBeforeHidden'] };
}

function skuConflict(error: unknown): never {
  if (isUniqueViolation(error, 'products_vendor_sku_key')) {
    const message = 'You already have a product with this SKU. Each of your products needs its own.';
    throw new AppError('CONFLICT', message, { fields: { sku: message } });
  }
  throw error;
}

function stockMoved(current: number, seen: number | undefined): void {
  if (seen !== undefined && current !== seen) {
    const message = `Stock is now ${current}, not ${seen}: orders came in while you were editing. Check the stock and save again.`;
    throw new AppError('CONFLICT', message, { fields: { stock: message } });
  }
}

/**
 * What putting a product on sale writes (decision 70): a product never approved, of a seller the shop does not
 * trust, goes to the review queue (`pending_review`, oldest first by `submittedAt`, a rejection's reason cleared); a
 * trusted seller's is approved by it. A product once approved goes on sale again at once: edits, even of its name,
 * brand or model, never send it back to the queue (the admin reads them in the audit log and can hide it).
 */
export function reviewGate(
  wanted: string,
  approvedAt: Date | null,
  trusted: boolean,
): Pick<ProductValues, 'status' | 'submittedAt' | 'approvedAt' | 'rejectionReason'> {
  if (wanted !== 'active' || approvedAt !== null) return { status: wanted };
  if (trusted) return { status: 'active', approvedAt: new Date() };
  return { status: 'pending_review', submittedAt: new Date(), rejectionReason: null };
}

/** The origin a write leaves a product with: the form's fields, or the product's where the write leaves them out. */
export function withOrigin(row: Pick<ProductRow, 'originCountry' | 'makerName' | 'makerAddress'>, input: Partial<ProductWrite>) {
  return {
    originCountry: input.originCountry !== undefined ? input.originCountry : row.originCountry,
    makerName: input.makerName !== undefined ? input.makerName : row.makerName,
    makerAddress: input.makerAddress !== undefined ? input.makerAddress : row.makerAddress,
  };
}

/**
 * Refuses (400, by field) to put on sale a new product (never approved: `approvedAt` null) that does not say where
 * it is made and who made or imported it (decision 73). A product approved before the rule may go back on sale
 * without them; its page says "Not stated by the seller" until they are filled.
 */
export function refuseWithoutOrigin(origin: Parameters<typeof missingOrigin>[0], approvedAt: Date | null = null): void {
  if (approvedAt !== null) return;
  const fields = missingOrigin(origin);
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION', `${first}.`, { fields });
}

/** A field in words inside a sentence: "price", "MRP", "GST rate" (the audit log's labels). */
const inSentence = (field: string) => auditFieldLabel(field).replace(/^[A-Z](?=[a-z ])/, (c) => c.toLowerCase());

/**
 * The seller centre's side of the catalogue: a vendor's own products, whatever their status. Every
 * write makes the storefront right at once: the cached answers are dropped and, when what search
 * knows changed, the typo-correction lexicon is rebuilt. The sitemap is read live.
 */
export function createVendorProductsService(deps: {
  db: Database;
  cache: ResponseCache;
  audit: Pick<AuditService, 'record'>;
  /** The catalogue's statements on the products table (it owns the table, decision 68). */
  records: ProductRecords;
  /** PUBLIC_URL: the export names an uploaded picture by the shop's own address of it. */
  publicUrl: string;
  /** Whether a seller is trusted: its new products go on sale without the review queue (decision 70). */
  sellers: Pick<VendorsService, 'isTrusted'>;
}) {
  const { db, cache, audit, records, sellers } = deps;
  const repo = records.seller;

  async function afterWrite(searchChanged: boolean): Promise<void> {
    if (searchChanged) await records.refreshSearchLexicon(db);
    await cache.invalidate();
  }

  async function own(tx: Executor, vendorId: string, id: string, lock = false) {
    const found = await repo.findOwnProduct(tx, vendorId, id, { lock });
    if (!found) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    // A duplicate the shop merged into another product (decision 70) is kept for its orders' history only.
    if (lock && found.row.mergedInto) throw new AppError('CONFLICT', MERGED_MESSAGE);
    return found;
  }

  /** The status a seller's write gives one of its products, through the review queue (only when it changes). */
  async function gate(tx: Executor, vendorId: string, row: ProductRow, wanted: string) {
    if (wanted === row.status) return { status: wanted };
    return reviewGate(wanted, row.approvedAt, wanted === 'active' && row.approvedAt === null && (await sellers.isTrusted(vendorId, tx)));
  }

  /** Writes changed columns of one of the vendor's products and records the fields that changed, before and after. */
  async function writeOwn(tx: Executor, vendorId: string, row: { id: string; name: string }, written: Record<string, unknown>) {
    await repo.updateOwnProduct(tx, vendorId, row.id, written);
    const diff = changedFields(row, written);
    if (diff.changed.length === 0) return;
    await audit.record(tx, {
      action: 'product.update',
      entityType: 'product',
      entityId: row.id,
      vendorId,
      summary: `Changed ${diff.changed.map(inSentence).join(', ')} of ${row.name}`,
      before: diff.before,
      after: diff.after,
    });
  }

  return {
    /** One of the vendor's products for its edit form; another vendor's is a 404. */
    async get(vendorId: string, id: string): Promise<OwnProduct> {
      return toOwnProduct(await own(db, vendorId, id));
    },

    /** Lists a new product (any status the vendor chose). */
    async create(vendorId: string, input: ProductWrite): Promise<OwnProduct> {
      const id = newId('prd');
      let slug = slugify(input.name);
      if (await repo.slugTaken(db, slug)) slug = `${slug}-${id.slice(-6).toLowerCase()}`;
      try {
        await db.transaction(async (tx) => {
          const columns = columnsOf(input);
          if (columns.status === 'active') refuseWithoutOrigin(input);
          const values = { ...columns, ...reviewGate(columns.status ?? 'draft', null, await sellers.isTrusted(vendorId, tx)) };
          await repo.insertProduct(tx, { id, vendorId, slug, ...values });
          await audit.record(tx, {
            action: 'product.create',
            entityType: 'product',
            entityId: id,
            vendorId,
            summary: `Listed ${input.name} (${values.status}) at ${formatPaise(values.pricePaise)}, stock ${values.stock}`,
            after: values,
          });
        });
      } catch (error) {
        skuConflict(error);
      }
      await afterWrite(true);
      return toOwnProduct(await own(db, vendorId, id));
    },

    /** Saves the whole form. A price change never touches orders already placed (they keep their own copy). */
    async update(vendorId: string, id: string, input: ProductWrite): Promise<OwnProduct> {
      try {
        await db.transaction(async (tx) => {
          const { row } = await own(tx, vendorId, id, true);
          stockMoved(row.stock, input.stockWas);
          const values = columnsOf(input);
          if (values.status === 'active' && row.status !== 'active') refuseWithoutOrigin(withOrigin(row, input), row.approvedAt);
          // A hidden product's details may be fixed, but its status stays the shop's until the shop restores it.
          if (row.status === 'hidden' && values.status !== formStatusOf(ownStatus(row))) {
            throw new AppError('CONFLICT', hiddenByShop(row.name, row.hiddenReason), { fields: { status: 'Hidden by the shop' } });
          }
          // A product the shop holds for review (or hid) keeps that status until the shop decides.
          const written =
            row.status === 'pending_review' || row.status === 'hidden'
              ? { ...values, status: row.status }
              : { ...values, ...(await gate(tx, vendorId, row, values.status ?? row.status)) };
          await writeOwn(tx, vendorId, row, written);
        });
      } catch (error) {
        skuConflict(error);
      }
      await afterWrite(true);
      return toOwnProduct(await own(db, vendorId, id));
    },

    /** An inline edit from the list: price, stock or status. */
    async patch(vendorId: string, id: string, patch: ProductPatch): Promise<OwnProduct> {
      await db.transaction(async (tx) => {
        const { row } = await own(tx, vendorId, id, true);
        stockMoved(row.stock, patch.stock === undefined ? undefined : patch.stockWas);
        if (patch.price !== undefined && patch.price > row.mrpPaise) {
          const message = priceAboveMrpMessage(row.mrpPaise);
          throw new AppError('VALIDATION', message, { fields: { price: message } });
        }
        if (patch.status && row.status === 'hidden') throw new AppError('CONFLICT', hiddenByShop(row.name, row.hiddenReason));
        if (patch.status && row.status === 'pending_review') {
          throw new AppError('CONFLICT', 'This product is under the shop’s review: its status changes when the review ends.');
        }
        if (patch.status === 'active' && row.status !== 'active') refuseWithoutOrigin(row, row.approvedAt);
        const written = {
          ...(patch.price !== undefined && { pricePaise: patch.price }),
          ...(patch.stock !== undefined && { stock: patch.stock }),
          ...(patch.status !== undefined && (await gate(tx, vendorId, row, patch.status))),
        };
        await writeOwn(tx, vendorId, row, written);
      });
      await afterWrite(patch.status !== undefined);
      return toOwnProduct(await own(db, vendorId, id));
    },

    ...createOwnProductsCsv({ db, records, publicUrl: deps.publicUrl }),

    /** Products on sale low on stock or out of it, and drafts: the dashboard's "to do". */
    async counts(vendorId: string): Promise<{ lowStock: number; outOfStock: number; drafts: number }> {
      const c = await repo.stockCounts(db, vendorId);
      return { lowStock: c.low, outOfStock: c.out, drafts: c.drafts };
    },

    /** Refuses (404) a product that is not the vendor's: the pictures routes ask this before touching a picture. */
    async assertOwn(vendorId: string, id: string): Promise<void> {
      if (!(await repo.isOwnProduct(db, vendorId, id))) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    },

    /** Refuses (400, on `variantId`) a configuration that is not one of the product's: a picture is marked as showing it. */
    async assertConfigurationOf(productId: string, variantId: string): Promise<void> {
      if (!(await records.configurations.isVariantOf(db, productId, variantId))) {
        throw new AppError('VALIDATION', 'Choose one of this product’s configurations.', {
          fields: { variantId: 'Choose one of this product’s configurations' },
        });
      }
    },

    /** A product's pictures changed (added, reordered, deleted): its cards and page show them at once. */
    async picturesChanged(vendorId: string, id: string): Promise<void> {
      await repo.updateOwnProduct(db, vendorId, id, {});
      await afterWrite(false);
    },

    /** Puts several of the vendor's products on sale or archives them; ids that are not the vendor's are left alone. */
    async setStatus(vendorId: string, ids: readonly string[], status: 'active' | 'archived'): Promise<string[]> {
      const updated = await db.transaction(async (tx) => {
        const hidden = await repo.hiddenOfOwn(tx, vendorId, [...new Set(ids)]);
        if (hidden.length > 0) {
          const names = hidden.map((h) => h.name).join(', ');
          throw new AppError(
            'CONFLICT',
            `The shop hid ${names}: while hidden, ${hidden.length === 1 ? 'its' : 'their'} status cannot change. Leave ${hidden.length === 1 ? 'it' : 'them'} out and try again.`,
          );
        }
        const hold = status === 'active' && !(await sellers.isTrusted(vendorId, tx));
        const written = await repo.setStatusOfOwn(tx, vendorId, [...new Set(ids)], status, { hold });
        const changed = written.map((w) => w.id);
        if (changed.length > 0) {
          const held = written.filter((w) => w.status === 'pending_review').map((w) => w.id);
          await audit.record(tx, {
            action: status === 'active' ? 'product.activate' : 'product.archive',
            entityType: 'product',
            entityId: changed.join(','),
            vendorId,
            summary: `${status === 'active' ? 'Put on sale' : 'Archived'} ${changed.length} product${changed.length === 1 ? '' : 's'}${held.length > 0 ? ` (${held.length} sent to the shop's review)` : ''}`,
            after: { status, ids: changed, ...(held.length > 0 ? { underReview: held } : {}) },
          });
        }
        return changed;
      });
      if (updated.length > 0) await afterWrite(true);
      return updated;
    },

    /** Any vendor's product for the admin's edit form (the vendor's form values). */
    async getAsAdmin(id: string): Promise<OwnProduct> {
      const vendorId = await repo.vendorOfProduct(db, id);
      if (!vendorId) throw new AppError('NOT_FOUND', ADMIN_PRODUCT_NOT_FOUND);
      return toOwnProduct(await own(db, vendorId, id));
    },

    /**
     * An admin saves a product with the vendor's form: the same validation, stock guard and audit
     * entry (its actor is the admin). The admin's status stands, also for a product under review; a
     * hidden product stays hidden and the status chosen is the one it gets back when restored.
     */
    async updateAsAdmin(id: string, input: ProductWrite): Promise<OwnProduct> {
      const vendorId = await repo.vendorOfProduct(db, id);
      if (!vendorId) throw new AppError('NOT_FOUND', ADMIN_PRODUCT_NOT_FOUND);
      try {
        await db.transaction(async (tx) => {
          const { row } = await own(tx, vendorId, id, true);
          stockMoved(row.stock, input.stockWas);
          const values = columnsOf(input);
          if (values.status === 'active' && row.status !== 'active') refuseWithoutOrigin(withOrigin(row, input), row.approvedAt);
          const approved = values.status === 'active' && row.approvedAt === null ? { approvedAt: new Date() } : {};
          const written =
            row.status === 'hidden' ? { ...values, status: 'hidden', statusBeforeHidden: values.status } : { ...values, ...approved };
          await writeOwn(tx, vendorId, row, written);
        });
      } catch (error) {
        skuConflict(error);
      }
      await afterWrite(true);
      return toOwnProduct(await own(db, vendorId, id));
    },

    /** One page of the vendor's products; `vendorId` comes from the vendor's session, never from the request. */
    async list(vendorId: string, query: VendorProductsQuery): Promise<VendorProductsResponse> {
      const rows = await repo.listVendorProducts(db, vendorId, query);
      // Past the last page no row carries the count.
      const total = rows[0]?.total ?? (query.page > 1 ? await repo.countVendorProducts(db, vendorId) : 0);
      const items: VendorProduct[] = rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        brand: r.brand,
        sku: r.sku,
        category: r.category,
        status: r.status,
        pricePaise: r.price_paise,
        mrpPaise: r.mrp_paise,
        stock: r.stock,
        soldCount: r.sold_count,
        ratingAvg: Number(r.rating_avg),
        ratingCount: r.rating_count,
        image: r.image_id
          ? { id: r.image_id, alt: r.image_alt ?? r.name, width: r.image_width ?? 1200, height: r.image_height ?? 900 }
          : null,
        hiddenReason: r.hidden_reason,
        rejectionReason: r.rejection_reason,
        updatedAt: new Date(r.updated_at).toISOString(),
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type VendorProductsService = ReturnType<typeof createVendorProductsService>;
