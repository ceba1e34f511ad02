import { sql } from 'drizzle-orm';
import type { Category, ProductStatus } from '~/shared/constants';
import { textArray } from '../../db/array-literal';
import type { Executor } from '../../db/client';
import type { SpecLine } from '../../db/schema/catalogue';

/** A product waiting for the shop's review, with what the admin judges it by. */
export type QueuedProductRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  model: string | null;
  category: Category;
  description: string;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  vendor_id: string;
  vendor_name: string;
  submitted_at: Date | string | null;
  processor: string | null;
  ram_gb: number | null;
  storage_gb: number | null;
  storage_type: string | null;
  graphics: string | null;
  operating_system: string | null;
  screen_size_in: string | number | null;
  resolution: string | null;
  panel_type: string | null;
  refresh_rate_hz: number | null;
  ports: string[] | null;
  extra_specs: SpecLine[];
  eans: string[];
  images: { id: string; alt: string; width: number; height: number }[];
  total: number;
};

/** The products under review, oldest first, a page at a time, with their seller (from its view), pictures (the media's) and EANs. */
export async function reviewQueue(db: Executor, page: number, pageSize: number): Promise<QueuedProductRow[]> {
  const { rows } = await db.execute<QueuedProductRow>(sql`
    select p.id, p.slug, p.name, p.brand, p.model, p.category, p.description, p.price_paise, p.mrp_paise, p.stock,
           p.vendor_id, v.business_name as vendor_name, p.submitted_at,
           p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.graphics, p.operating_system, p.screen_size_in,
           p.resolution, p.panel_type, p.refresh_rate_hz, p.ports, p.extra_specs,
           coalesce((select array_agg(distinct pv.ean) from product_variants pv where pv.product_id = p.id and pv.ean is not null), '{}') as eans,
           coalesce((select json_agg(json_build_object('id', i.id, 'alt', i.alt, 'width', i.width, 'height', i.height) order by i.position)
                       from product_image_directory i where i.product_id = p.id), '[]') as images,
           count(*) over ()::int as total
      from products p join seller_directory v on v.id = p.vendor_id
     where p.status = 'pending_review'
     order by p.submitted_at nulls first, p.id
     limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return rows;
}

export async function countQueue(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from products where status = 'pending_review'`);
  return rows[0]?.n ?? 0;
}

export type DuplicateRow = {
  of_id: string;
  id: string;
  name: string;
  brand: string;
  model: string | null;
  status: ProductStatus;
  category: Category;
  vendor_name: string;
  same_model: boolean;
  same_ean: boolean;
  similarity: number;
};

/**
 * Likely duplicates of each product named: another product not merged away of the same category, with the same
 * brand and model (the maker's part number), a configuration of the same EAN, or a very similar name (trigram
 * similarity of at least 0.6, on the products_name_trgm_idx). At most five each, the closest first.
 */
export async function likelyDuplicates(db: Executor, ids: readonly string[]): Promise<DuplicateRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<DuplicateRow>(sql`
    select q.id as of_id, d.id, d.name, d.brand, d.model, d.status, d.category, d.vendor_name, d.same_model, d.same_ean, d.similarity
      from products q
      cross join lateral (
        select c.id, c.name, c.brand, c.model, c.status, c.category, v.business_name as vendor_name,
               (q.model is not null and lower(c.brand) = lower(q.brand) and lower(c.model) = lower(q.model)) as same_model,
               exists (select 1 from product_variants a join product_variants b on b.ean = a.ean
                        where a.product_id = q.id and b.product_id = c.id and a.ean is not null) as same_ean,
               similarity(lower(c.name), lower(q.name))::float8 as similarity
          from products c join seller_directory v on v.id = c.vendor_id
         where c.id <> q.id and c.merged_into is null and c.category = q.category
           and ((q.model is not null and lower(c.brand) = lower(q.brand) and lower(c.model) = lower(q.model))
             or lower(c.name) % lower(q.name) and similarity(lower(c.name), lower(q.name)) >= 0.6
             or exists (select 1 from product_variants a join product_variants b on b.ean = a.ean
                         where a.product_id = q.id and b.product_id = c.id and a.ean is not null))
         order by 6 desc, 7 desc, 8 desc, c.id
         limit 5) d
     where q.id = any(${textArray(ids)}::text[])`);
  return rows;
}

/**
 * Ends the review of a product under review: approved, it goes on sale; rejected, back to draft with the reason
 * its seller reads. Returns the product (with its seller) or nothing when it was not under review (decided
 * concurrently, or never queued).
 */
export async function decideReview(
  tx: Executor,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
  adminId: string,
): Promise<{ id: string; name: string; vendor_id: string } | undefined> {
  const set = decision.approve
    ? sql`status = 'active', approved_at = now(), rejection_reason = null`
    : sql`status = 'draft', rejection_reason = ${decision.reason}`;
  const { rows } = await tx.execute<{ id: string; name: string; vendor_id: string }>(sql`
    update products set ${set}, reviewed_at = now(), reviewed_by = ${adminId}, updated_at = now()
     where id = ${id} and status = 'pending_review'
     returning id, name, vendor_id`);
  return rows[0];
}

/** A product's status (for the refusal of a review decision that cannot be made), or nothing for no such product. */
export async function statusOf(db: Executor, id: string): Promise<ProductStatus | undefined> {
  const { rows } = await db.execute<{ status: ProductStatus }>(sql`select status from products where id = ${id}`);
  return rows[0]?.status;
}
