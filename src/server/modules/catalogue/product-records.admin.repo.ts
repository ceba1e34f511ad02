import { sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type Category, type ProductStatus, type VendorStatus } from '~/shared/constants';
import type { ADMIN_PRODUCT_SORTS, AdminProductStatusFilter, AdminProductsExportQuery } from '~/shared/schemas/catalogue-admin';
import { parseSort } from '~/shared/schemas/common';
import { textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/sql-text';

export type AdminProductRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  model: string | null;
  sku: string | null;
  category: Category;
  status: ProductStatus;
  vendor_id: string;
  vendor_name: string;
  /** The seller's status: only an approved seller's products are in the shop. */
  seller_status: VendorStatus;
  /** What the shopper sees: active, of an approved seller (the storefront's own test). */
  in_shop: boolean;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  sold_count: number;
  hidden_reason: string | null;
  hidden_at: Date | string | null;
  featured_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  total: number;
};

const ORDER: Record<(typeof ADMIN_PRODUCT_SORTS)[number], SQL> = {
  updatedAt: sql`p.updated_at`,
  createdAt: sql`p.created_at`,
  name: sql`lower(p.name)`,
  price: sql`p.price_paise`,
  stock: sql`p.stock`,
  soldCount: sql`p.sold_count`,
};

/** Whether shoppers see the product: the same test as the storefront's (`product_directory.on_sale`). */
const IN_SHOP = sql`(p.status = 'active' and p.vendor_active)`;

/** A seller's status, asked of the view the vendors module publishes (for the few filters that need it). */
const sellerIs = (statuses: readonly VendorStatus[]) =>
  sql`exists (select 1 from seller_directory sv where sv.id = p.vendor_id and sv.status = any(${textArray(statuses)}::text[]))`;

/**
 * The status filters that are not a product status alone: "On sale" is what the shop shows (active, of
 * an approved seller, as the storefront decides), and the products of a seller who may not sell.
 */
const STATUS_FILTERS: Partial<Record<AdminProductStatusFilter, SQL>> = {
  active: IN_SHOP,
  seller_suspended: sellerIs(['suspended']),
  seller_not_approved: sellerIs(['pending', 'rejected']),
};

/**
 * The conditions of the admin's list and export. Each is a plain predicate on products: the vendor
 * one uses products_vendor_idx, the text search the trigram index on lower(name) (model and SKU
 * are short columns checked on the rows the other conditions leave).
 */
function conditions(query: AdminProductsExportQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.vendorId) parts.push(sql`p.vendor_id = ${query.vendorId}`);
  if (query.category) parts.push(sql`p.category = ${query.category}`);
  if (query.brand) parts.push(sql`lower(p.brand) = lower(${query.brand})`);
  if (query.status) parts.push(STATUS_FILTERS[query.status] ?? sql`p.status = ${query.status}`);
  if (query.stock === 'out') parts.push(sql`p.stock = 0`);
  if (query.stock === 'low') parts.push(sql`p.stock between 1 and ${LOW_STOCK_THRESHOLD}`);
  if (query.stock === 'in') parts.push(sql`p.stock > ${LOW_STOCK_THRESHOLD}`);
  if (query.featured === 'yes') parts.push(sql`p.featured_at is not null`);
  if (query.featured === 'no') parts.push(sql`p.featured_at is null`);
  if (query.priceMin !== undefined) parts.push(sql`p.price_paise >= ${query.priceMin * 100}`);
  // Whole rupees: a maximum of ₹24,999 includes ₹24,999.50.
  if (query.priceMax !== undefined) parts.push(sql`p.price_paise <= ${query.priceMax * 100 + 99}`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    parts.push(sql`(lower(p.name) like ${pattern} or lower(p.model) like ${pattern} or lower(p.sku) like ${pattern} or p.id = ${query.q})`);
  }
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql`p.id, p.slug, p.name, p.brand, p.model, p.sku, p.category, p.status, p.vendor_id, v.business_name as vendor_name,
  v.status as seller_status, ${IN_SHOP} as in_shop,
  p.price_paise, p.mrp_paise, p.stock, p.sold_count, p.hidden_reason, p.hidden_at, p.featured_at, p.created_at, p.updated_at,
  i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height`;

/** Sellers and pictures come from the views their owners publish (vendors, media). */
const FROM = sql`products p join seller_directory v on v.id = p.vendor_id
  left join product_image_directory i on i.product_id = p.id and i.position = 0`;

/**
 * One page of every vendor's products with the count of matches. The matching ids are sorted and
 * cut to the page on products alone; only the page's rows are joined to their seller and picture.
 */
export async function listProducts(db: Executor, query: AdminProductsExportQuery, page: number, pageSize: number) {
  const { column, descending } = parseSort(query.sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const { rows } = await db.execute<AdminProductRow>(sql`
    with m as (
      select p.id, ${ORDER[column]} as k, count(*) over ()::int as total
        from products p
       where ${conditions(query)}
       order by 2 ${direction}, p.id ${direction}
       limit ${pageSize} offset ${(page - 1) * pageSize}
    )
    select ${COLUMNS}, m.total
      from m join ${FROM} on p.id = m.id
     order by m.k ${direction}, p.id ${direction}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from products p where ${conditions(query)}`);
    total = counted.rows[0]?.n ?? 0;
  }
  return { rows, total };
}

/** Every matching product (up to `limit`), in the list's order, for the CSV export. */
export async function exportProducts(db: Executor, query: AdminProductsExportQuery, limit: number): Promise<AdminProductRow[]> {
  const { column, descending } = parseSort(query.sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const { rows } = await db.execute<AdminProductRow>(sql`
    select ${COLUMNS}, 0 as total from ${FROM}
     where ${conditions(query)}
     order by ${ORDER[column]} ${direction}, p.id ${direction}
     limit ${limit}`);
  return rows;
}

export type LockedProduct = {
  id: string;
  vendor_id: string;
  name: string;
  status: ProductStatus;
  status_before_hidden: ProductStatus | null;
  hidden_reason: string | null;
  featured_at: Date | string | null;
  seller_status: VendorStatus;
  in_shop: boolean;
};

/** The products of `ids` locked for update (in id order, so concurrent bulk actions never deadlock). */
export async function lockProducts(tx: Executor, ids: readonly string[]): Promise<LockedProduct[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.execute<LockedProduct>(sql`
    select p.id, p.vendor_id, p.name, p.status, p.status_before_hidden, p.hidden_reason, p.featured_at,
           v.status as seller_status, ${IN_SHOP} as in_shop
      from products p join seller_directory v on v.id = p.vendor_id
     where p.id = any(${textArray(ids)}::text[]) order by p.id for update of p`);
  return rows;
}

/** Hides the products (not already hidden): the status they had is kept to give back on restore. */
export async function hide(tx: Executor, ids: readonly string[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update products set status = 'hidden', status_before_hidden = status, hidden_reason = ${reason}, hidden_at = now(), updated_at = now()
     where id = any(${textArray(ids)}::text[]) and status <> 'hidden'`);
}

/** Gives hidden products back the status they had. */
export async function restore(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update products set status = coalesce(status_before_hidden, 'draft'), status_before_hidden = null, hidden_reason = null,
           hidden_at = null, updated_at = now()
     where id = any(${textArray(ids)}::text[]) and status = 'hidden'`);
}

export async function setFeatured(tx: Executor, ids: readonly string[], featured: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    featured
      ? sql`update products set featured_at = now() where id = any(${textArray(ids)}::text[]) and featured_at is null`
      : sql`update products set featured_at = null where id = any(${textArray(ids)}::text[]) and featured_at is not null`,
  );
}

/** Brand names with how many products carry each (any status) and how many of them are on sale. */
export async function brands(db: Executor, q: string | undefined) {
  const filter = q ? sql`where lower(p.brand) like ${`%${escapeLike(q.toLowerCase())}%`}` : sql``;
  const { rows } = await db.execute<{ brand: string; count: number; active_count: number }>(sql`
    select p.brand, count(*)::int as count, (count(*) filter (where ${IN_SHOP}))::int as active_count
      from products p ${filter}
     group by p.brand order by lower(p.brand), p.brand limit 1000`);
  return rows;
}

/** The products carrying a brand name, locked (the rename's "before"). */
export async function lockBrand(tx: Executor, brand: string): Promise<{ id: string; vendor_id: string }[]> {
  const { rows } = await tx.execute<{ id: string; vendor_id: string }>(
    sql`select id, vendor_id from products where brand = ${brand} order by id for update`,
  );
  return rows;
}

export async function renameBrand(tx: Executor, from: string, to: string): Promise<number> {
  const result = await tx.execute(sql`update products set brand = ${to}, updated_at = now() where brand = ${from}`);
  return result.rowCount ?? 0;
}

/** A product's seller (id, name, status), whether it is in the shop and when it was featured, for the admin's edit page. */
export async function productMeta(db: Executor, id: string) {
  const { rows } = await db.execute<{
    vendor_id: string;
    vendor_name: string;
    seller_status: VendorStatus;
    in_shop: boolean;
    featured_at: Date | string | null;
  }>(sql`
    select p.vendor_id, v.business_name as vendor_name, v.status as seller_status, ${IN_SHOP} as in_shop, p.featured_at
      from products p join seller_directory v on v.id = p.vendor_id where p.id = ${id}`);
  return rows[0];
}
