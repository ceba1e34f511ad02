import type {
  AdminBrandsResponse,
  AdminProduct,
  AdminProductsExportQuery,
  AdminProductsQuery,
  AdminProductsResponse,
  ProductsActionResponse,
  RenameBrandResponse,
} from '~/shared/schemas/catalogue-admin';
import { PRODUCT_STATUS_LABELS } from '~/shared/constants';
import type { Database, Executor } from '../../db/client';
import { indiaDateTime } from '../../lib/dates';
import { AppError } from '../../lib/app-error';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { AdminProductRow, LockedProduct, ProductRecords } from '../catalogue/product-records.service';
import { toCsv } from '../../lib/csv';

/** The most rows one CSV export holds (the whole catalogue of 10,000 products fits with room). */
export const EXPORT_LIMIT = 50_000;

const isoOf = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** A time in the CSV as the shop's other CSVs write it: India time, to the minute (2026-04-01 01:30). */
const indiaTime = (d: Date | string | null) => (d === null ? '' : indiaDateTime(new Date(d)));

function toAdminProduct(r: AdminProductRow): AdminProduct {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    model: r.model,
    sku: r.sku,
    category: r.category,
    status: r.status,
    vendor: { id: r.vendor_id, name: r.vendor_name },
    sellerStatus: r.seller_status,
    inShop: r.in_shop,
    pricePaise: r.price_paise,
    mrpPaise: r.mrp_paise,
    stock: r.stock,
    soldCount: r.sold_count,
    hiddenReason: r.hidden_reason,
    hiddenAt: isoOf(r.hidden_at),
    featuredAt: isoOf(r.featured_at),
    image: r.image_id ? { id: r.image_id, alt: r.image_alt ?? r.name, width: r.image_width ?? 1200, height: r.image_height ?? 900 } : null,
    createdAt: isoOf(r.created_at)!,
    updatedAt: isoOf(r.updated_at)!,
  };
}

const CSV_COLUMNS = [
  'id',
  'name',
  'brand',
  'model',
  'sku',
  'category',
  'status',
  'vendor_id',
  'vendor',
  'price_inr',
  'mrp_inr',
  'stock',
  'sold',
  'featured_at',
  'hidden_reason',
  'hidden_at',
  'created_at',
  'updated_at',
  'seller_status',
  'in_shop',
];

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** Why a product is not in the shop, as the admin reads it in a refusal. */
function whyOffSale(r: LockedProduct): string {
  if (r.seller_status === 'suspended') return 'its seller is suspended';
  if (r.seller_status !== 'approved') return 'its seller is not approved';
  return `it is ${PRODUCT_STATUS_LABELS[r.status].toLowerCase()}`;
}

/**
 * The home page shows only products on sale: featuring one that is not (a draft, a hidden product, a
 * product of a suspended seller) would promise a product no shopper can open. One such product refuses
 * the whole action (409), as an unknown id does.
 */
function refuseOffSale(rows: readonly LockedProduct[]) {
  const off = rows.filter((r) => !r.in_shop);
  if (off.length === 0) return;
  const list = off.map((r) => `${r.name} (${whyOffSale(r)})`).join('; ');
  throw new AppError(
    'CONFLICT',
    `Only a product on sale can be featured, and ${off.length === 1 ? 'this one is' : 'these are'} not in the shop: ${list}. Nothing was featured.`,
    { fields: { ids: `Not on sale: ${off.map((r) => r.id).join(', ')}` } },
  );
}

type Action = 'hide' | 'restore' | 'feature' | 'unfeature';

/**
 * The admin console's side of the catalogue (Manage Products): every vendor's products, hiding
 * them with a reason the vendor reads (and restoring the status they had), featuring them on the
 * home page, and keeping brand names clean. Each write is one transaction with an audit entry per
 * product, then the storefront's cached answers are dropped so the shop shows it at once.
 */
export function createProductsAdminService(deps: {
  db: Database;
  cache: ResponseCache;
  audit: Pick<AuditService, 'record'>;
  /** The catalogue's statements on the products table (it owns the table, decision 68). */
  records: ProductRecords;
}) {
  const { db, cache, audit, records } = deps;
  const repo = records.admin;

  /** Locks every chosen product; one unknown id refuses the whole action (404) before anything changes. */
  async function lockAll(tx: Executor, ids: readonly string[]): Promise<LockedProduct[]> {
    const rows = await repo.lockProducts(tx, ids);
    if (rows.length !== ids.length) {
      const known = new Set(rows.map((r) => r.id));
      const missing = ids.filter((id) => !known.has(id));
      throw new AppError('NOT_FOUND', `No product has the id ${missing.join(', ')}: nothing was changed.`, {
        fields: { ids: `Unknown: ${missing.join(', ')}` },
      });
    }
    return rows;
  }

  async function act(action: Action, ids: readonly string[], reason?: string): Promise<ProductsActionResponse> {
    const changed = await db.transaction(async (tx) => {
      const rows = await lockAll(tx, ids);
      if (action === 'feature') refuseOffSale(rows);
      const due = rows.filter((r) => {
        if (action === 'hide') return r.status !== 'hidden';
        if (action === 'restore') return r.status === 'hidden';
        if (action === 'feature') return r.featured_at === null;
        return r.featured_at !== null;
      });
      const dueIds = due.map((r) => r.id);
      if (action === 'hide') await repo.hide(tx, dueIds, reason!);
      else if (action === 'restore') await repo.restore(tx, dueIds);
      else await repo.setFeatured(tx, dueIds, action === 'feature');
      for (const r of due) {
        const restored = r.status_before_hidden ?? 'draft';
        const entry = {
          hide: {
            summary: `Hid ${r.name} from the shop: ${reason}`,
            before: { status: r.status },
            after: { status: 'hidden', hiddenReason: reason, statusBeforeHidden: r.status },
          },
          restore: {
            summary: `Restored ${r.name} (${restored}) after it was hidden`,
            before: { status: 'hidden', hiddenReason: r.hidden_reason },
            after: { status: restored },
          },
          feature: { summary: `Featured ${r.name} on the home page`, before: { featured: false }, after: { featured: true } },
          unfeature: {
            summary: `Took ${r.name} off the home page's featured products`,
            before: { featured: true },
            after: { featured: false },
          },
        }[action];
        await audit.record(tx, { action: `product.${action}`, entityType: 'product', entityId: r.id, vendorId: r.vendor_id, ...entry });
      }
      return dueIds;
    });
    if (changed.length > 0) {
      if (action === 'hide' || action === 'restore') await records.refreshSearchLexicon(db);
      await cache.invalidate();
    }
    return { updated: changed.length, ids: changed };
  }

  return {
    async list(query: AdminProductsQuery): Promise<AdminProductsResponse> {
      const { rows, total } = await repo.listProducts(db, query, query.page, query.pageSize);
      return { items: rows.map(toAdminProduct), total, page: query.page, pageSize: query.pageSize };
    },

    /** The filtered list (every page, in the list's order) as CSV; prices in rupees. */
    async exportCsv(query: AdminProductsExportQuery): Promise<string> {
      const rows = await repo.exportProducts(db, query, EXPORT_LIMIT);
      return toCsv(
        rows.map((r) => [
          r.id,
          r.name,
          r.brand,
          r.model,
          r.sku,
          r.category,
          r.status,
          r.vendor_id,
          r.vendor_name,
          rupees(r.price_paise),
          rupees(r.mrp_paise),
          r.stock,
          r.sold_count,
          indiaTime(r.featured_at),
          r.hidden_reason,
          indiaTime(r.hidden_at),
          indiaTime(r.created_at),
          indiaTime(r.updated_at),
          r.seller_status,
          r.in_shop ? 'yes' : 'no',
        ]),
        { header: true, columns: CSV_COLUMNS },
      );
    },

    /** Hides the products from the shop at once with a reason their vendors read; already hidden ones stay as they are. */
    hide: (ids: readonly string[], reason: string) => act('hide', ids, reason),
    /** Gives hidden products back the status they had before. */
    restore: (ids: readonly string[]) => act('restore', ids),
    feature: (ids: readonly string[]) => act('feature', ids),
    unfeature: (ids: readonly string[]) => act('unfeature', ids),

    async brands(q: string | undefined): Promise<AdminBrandsResponse> {
      const rows = await repo.brands(db, q);
      return { items: rows.map((r) => ({ brand: r.brand, count: r.count, activeCount: r.active_count })) };
    },

    /**
     * Renames a brand on every product carrying it, in one transaction; renaming to a name in use
     * merges the two. One audit entry names every product changed.
     */
    async renameBrand(from: string, to: string): Promise<RenameBrandResponse> {
      const updated = await db.transaction(async (tx) => {
        const rows = await repo.lockBrand(tx, from);
        if (rows.length === 0) {
          throw new AppError('NOT_FOUND', `No product carries the brand ${from}.`, { fields: { from: 'No product carries this brand' } });
        }
        const count = await repo.renameBrand(tx, from, to);
        await audit.record(tx, {
          action: 'product.brand_rename',
          entityType: 'brand',
          entityId: to,
          summary: `Renamed the brand ${from} to ${to} on ${count} product${count === 1 ? '' : 's'}`,
          before: { brand: from },
          after: { brand: to, productIds: rows.map((r) => r.id) },
        });
        return count;
      });
      await records.refreshSearchLexicon(db);
      await cache.invalidate();
      return { brand: to, updated };
    },

    /** The product's seller, whether it is in the shop and its featured time, for the admin's edit page (404 for an unknown id). */
    async meta(id: string) {
      const row = await repo.productMeta(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'This product does not exist.');
      return {
        vendor: { id: row.vendor_id, name: row.vendor_name },
        sellerStatus: row.seller_status,
        inShop: row.in_shop,
        featuredAt: isoOf(row.featured_at),
      };
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
