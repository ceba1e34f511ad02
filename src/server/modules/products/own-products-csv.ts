import { publicPictureAddress } from '~/shared/catalogue';
import type { Database } from '../../db/client';
import type { ProductRecords } from '../catalogue/product-records.service';
import { planConfigurations } from './import-configurations';
import { productsToCsv, readProductsCsv, type CsvRowResult } from './vendor-products-csv';

export interface ImportPreview {
  rows: (Pick<CsvRowResult, 'line' | 'sku' | 'name' | 'action' | 'errors'> & { pictures: number })[];
  create: number;
  update: number;
  error: number;
}

/** A vendor's own products as a CSV file: the export, and what importing a file would do (nothing written). */
export function createOwnProductsCsv(deps: { db: Database; records: Pick<ProductRecords, 'seller' | 'variants'>; publicUrl: string }) {
  const { db } = deps;
  const repo = deps.records.seller;

  return {
    /**
     * The vendor's products as a CSV, one row per configuration it offers (every column; the file imports
     * back as it is and adds nothing): each picture by the address it was fetched from, or the shop's own
     * address of it (decision 61).
     */
    async exportCsv(vendorId: string): Promise<string> {
      const [rows, pictures] = await Promise.all([
        deps.records.variants.ownConfigurations(db, vendorId),
        repo.picturesOf(db, { vendorId }),
      ]);
      const addresses = new Map(
        [...pictures].map(([productId, list]) => [productId, list.map((p) => p.sourceUrl ?? publicPictureAddress(deps.publicUrl, p.id))]),
      );
      return productsToCsv(rows, addresses);
    },

    /** What importing this CSV would do, row by row (create, update or error with the reasons); nothing is written. */
    async previewImport(vendorId: string, csv: string): Promise<ImportPreview> {
      const read = await readProductsCsv(csv);
      const { products, errors } = await planConfigurations(db, deps.records.variants, vendorId, read);
      const updates = new Set(products.flatMap((p) => p.rows.flatMap((r) => (r.offerId ? [r.row.line] : []))));
      const results = read.rows.map(({ product: _product, pictureUrls, ...r }) => {
        const refused = errors.get(r.line);
        const action = refused ? ('error' as const) : r.action === 'create' && updates.has(r.line) ? ('update' as const) : r.action;
        return {
          line: r.line,
          sku: r.sku,
          name: r.name,
          action,
          errors: refused ? { ...r.errors, ...refused } : r.errors,
          pictures: pictureUrls.length,
        };
      });
      return {
        rows: results,
        create: results.filter((r) => r.action === 'create').length,
        update: results.filter((r) => r.action === 'update').length,
        error: results.filter((r) => r.action === 'error').length,
      };
    },
  };
}
