import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type Category, type ProductStatus } from '~/shared/constants';
import { parseSort } from '~/shared/schemas/common';
import type { VENDOR_PRODUCT_SORTS, VendorProductsQuery } from '~/shared/schemas/catalogue';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { escapeLike } from '../../lib/sql-text';

export type VendorProductRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  sku: string | null;
  category: Category;
  status: ProductStatus;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  sold_count: number;
  rating_avg: number;
  rating_count: number;
  updated_at: Date | string;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  hidden_reason: string | null;
  rejection_reason: string | null;
  total: number;
};

const ORDER: Record<(typeof VENDOR_PRODUCT_SORTS)[number], SQL> = {
  updatedAt: sql`p.updated_at`,
  name: sql`lower(p.name)`,
  price: sql`p.price_paise`,
  stock: sql`p.stock`,
};

/**
 * One page of a vendor's own products in any status; the vendor id is always the session's. Ties of
 * the sort (every row of an import is written at one time) read by name, A to Z, and then by id, so
 * the pages are stable: none repeats a product or skips one.
 */
export async function listVendorProducts(db: Executor, vendorId: string, query: VendorProductsQuery): Promise<VendorProductRow[]> {
  const conditions: SQL[] = [sql`p.vendor_id = ${vendorId}`];
  if (query.status) conditions.push(sql`p.status = ${query.status}`);
  if (query.category) conditions.push(sql`p.category = ${query.category}`);
  if (query.stock === 'out') conditions.push(sql`p.stock = 0`);
  if (query.stock === 'low') conditions.push(sql`p.stock between 1 and ${LOW_STOCK_THRESHOLD}`);
  if (query.stock === 'in') conditions.push(sql`p.stock > ${LOW_STOCK_THRESHOLD}`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or p.brand ilike ${pattern} or p.sku ilike ${pattern})`);
  }
  const { column, descending } = parseSort(query.sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const { rows } = await db.execute<VendorProductRow>(sql`
    select p.id, p.slug, p.name, p.brand, p.sku, p.category, p.status, p.price_paise, p.mrp_paise, p.stock, p.sold_count,
           p.rating_avg::float8 as rating_avg, p.rating_count, p.updated_at, p.hidden_reason, p.rejection_reason,
           i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height,
           count(*) over ()::int as total
      from products p
      left join product_image_directory i on i.product_id = p.id and i.position = 0
     where ${sql.join(conditions, sql` and `)}
     order by ${ORDER[column]} ${direction}, ${column === 'name' ? sql`` : sql`lower(p.name), `}p.id
     limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  return rows;
}

export async function countVendorProducts(db: Executor, vendorId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from products where vendor_id = ${vendorId}`);
  return rows[0]?.n ?? 0;
}

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'vendorId' | 'slug' | 'createdAt' | 'updatedAt'>;

/** One of the vendor's products with its pictures in order; undefined for another vendor's or none. */
export async function findOwnProduct(db: Executor, vendorId: string, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.vendorId, vendorId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const { rows: images } = await db.execute<{ id: string; alt: string; width: number; height: number; variantId: string | null }>(
    sql`select id, alt, width, height, variant_id as "variantId" from product_image_directory where product_id = ${id} order by position`,
  );
  return { row, images };
}

export async function isOwnProduct(db: Executor, vendorId: string, id: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from products where id = ${id} and vendor_id = ${vendorId}`);
  return rows.length === 1;
}

export async function insertProduct(db: Executor, product: ProductValues & { id: string; vendorId: string; slug: string }): Promise<void> {
  await db.insert(products).values(product);
}

export async function updateOwnProduct(db: Executor, vendorId: string, id: string, values: Partial<ProductValues>): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.vendorId, vendorId)))
    .returning({ id: products.id });
  return rows.length === 1;
}

/**
 * Sets the status of those of `ids` that are the vendor's (and not under the shop's review); returns their ids
 * with the status each got. Put on sale by a seller that is not trusted (`hold`), a product never approved goes to
 * the review queue instead (decision 70); a trusted seller's is approved by it.
 */
export async function setStatusOfOwn(
  db: Executor,
  vendorId: string,
  ids: readonly string[],
  status: 'active' | 'archived',
  options: { hold: boolean } = { hold: false },
): Promise<{ id: string; status: ProductStatus }[]> {
  const held = status === 'active' && options.hold;
  const set =
    status !== 'active'
      ? { status }
      : held
        ? {
            status: sql`case when ${products.approvedAt} is null then 'pending_review' else 'active' end`,
            submittedAt: sql`case when ${products.approvedAt} is null then now() else ${products.submittedAt} end`,
            rejectionReason: sql`case when ${products.approvedAt} is null then null else ${products.rejectionReason} end`,
          }
        : { status, approvedAt: sql`coalesce(${products.approvedAt}, now())` };
  const rows = await db
    .update(products)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.vendorId, vendorId),
        inArray(products.id, [...ids]),
        sql`${products.status} not in ('pending_review', 'hidden') and ${products.mergedInto} is null`,
      ),
    )
    .returning({ id: products.id, status: products.status });
  return rows.map((r) => ({ id: r.id, status: r.status as ProductStatus }));
}

/** Those of `ids` that are the vendor's and hidden by the shop. */
export async function hiddenOfOwn(db: Executor, vendorId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), inArray(products.id, [...ids]), eq(products.status, 'hidden')));
}

/** The vendor of a product, or undefined when there is no such product (the admin's edit). */
export async function vendorOfProduct(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ vendorId: products.vendorId }).from(products).where(eq(products.id, id));
  return row?.vendorId;
}

export async function slugTaken(db: Executor, slug: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from products where slug = ${slug} limit 1`);
  return rows.length > 0;
}

/** A picture as an import and the export see it: its id and the address it was fetched from (decision 61). */
export interface PictureSource {
  id: string;
  sourceUrl: string | null;
}

/** The pictures of products in their order, through the view the media module publishes: every product of a vendor, or the ones named. */
export async function picturesOf(
  db: Executor,
  of: { vendorId: string } | { productIds: readonly string[] },
): Promise<Map<string, PictureSource[]>> {
  if ('productIds' in of && of.productIds.length === 0) return new Map();
  const where =
    'vendorId' in of
      ? sql`i.product_id in (select id from products where vendor_id = ${of.vendorId})`
      : sql`i.product_id = any(${`{${of.productIds.join(',')}}`}::text[])`;
  const { rows } = await db.execute<{ id: string; product_id: string; source_url: string | null }>(
    sql`select i.id, i.product_id, i.source_url from product_image_directory i where ${where} order by i.product_id, i.position`,
  );
  const found = new Map<string, PictureSource[]>();
  for (const row of rows) {
    const list = found.get(row.product_id) ?? [];
    list.push({ id: row.id, sourceUrl: row.source_url });
    found.set(row.product_id, list);
  }
  return found;
}

/** Counts the seller centre's dashboard shows: products low on stock, out of stock, drafts. */
export async function stockCounts(db: Executor, vendorId: string) {
  const { rows } = await db.execute<{ low: number; out: number; drafts: number }>(sql`
    -- Three ranges of the (vendor, status, stock) index: a vendor's thousands of products in stock are never read.
    select (select count(*) from products where vendor_id = ${vendorId} and status = 'active' and stock between 1 and ${LOW_STOCK_THRESHOLD})::int as low,
           (select count(*) from products where vendor_id = ${vendorId} and status = 'active' and stock = 0)::int as out,
           (select count(*) from products where vendor_id = ${vendorId} and status = 'draft')::int as drafts`);
  return rows[0] ?? { low: 0, out: 0, drafts: 0 };
}
