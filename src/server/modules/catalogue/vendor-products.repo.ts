import { sql, type SQL } from 'drizzle-orm';
import type { Category, ProductStatus } from '~/shared/constants';
import { parseSort } from '~/shared/schemas/common';
import type { VENDOR_PRODUCT_SORTS, VendorProductsQuery } from '~/shared/schemas/catalogue';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/sql-text';

export type VendorProductRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
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
  total: number;
};

const ORDER: Record<(typeof VENDOR_PRODUCT_SORTS)[number], SQL> = {
  updatedAt: sql`p.updated_at`,
  name: sql`lower(p.name)`,
  price: sql`p.price_paise`,
  stock: sql`p.stock`,
};

/** One page of a vendor's own products in any status; the vendor id is always the session's. */
export async function listVendorProducts(db: Executor, vendorId: string, query: VendorProductsQuery): Promise<VendorProductRow[]> {
  const conditions: SQL[] = [sql`p.vendor_id = ${vendorId}`];
  if (query.status) conditions.push(sql`p.status = ${query.status}`);
  if (query.category) conditions.push(sql`p.category = ${query.category}`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or p.brand ilike ${pattern})`);
  }
  const { column, descending } = parseSort(query.sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const { rows } = await db.execute<VendorProductRow>(sql`
    select p.id, p.slug, p.name, p.brand, p.category, p.status, p.price_paise, p.mrp_paise, p.stock, p.sold_count,
           p.rating_avg::float8 as rating_avg, p.rating_count, p.updated_at,
           i.id as image_id, i.alt as image_alt, i.width as image_width, i.height as image_height,
           count(*) over ()::int as total
      from products p
      left join product_image_directory i on i.product_id = p.id and i.position = 0
     where ${sql.join(conditions, sql` and `)}
     order by ${ORDER[column]} ${direction}, p.id ${direction}
     limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  return rows;
}

export async function countVendorProducts(db: Executor, vendorId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from products where vendor_id = ${vendorId}`);
  return rows[0]?.n ?? 0;
}
