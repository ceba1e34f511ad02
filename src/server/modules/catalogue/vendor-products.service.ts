import type { VendorProduct, VendorProductsQuery, VendorProductsResponse } from '~/shared/schemas/catalogue';
import type { Database } from '../../db/client';
import * as repo from './vendor-products.repo';

/** The seller centre's side of the catalogue: a vendor's own products, whatever their status. */
export function createVendorProductsService(deps: { db: Database }) {
  const { db } = deps;
  return {
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
        updatedAt: new Date(r.updated_at).toISOString(),
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type VendorProductsService = ReturnType<typeof createVendorProductsService>;
