import { isAddressOfPicture } from '~/shared/catalogue';
import {
  MAX_KEPT_ROW_ERRORS,
  type ProductImport,
  type ProductImportDetail,
  type ProductImportsQuery,
  type ProductImportsResponse,
  importSummaryText,
} from '~/shared/schemas/product-imports';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { ImportPicturesLine } from '../../db/schema/products';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import type { JobContext } from '../jobs/job-worker';
import type { MediaService } from '../media/media.service';
import type { VendorsService } from '../vendors/vendors.service';
import * as repo from './product-imports.repo';
import { readProductsCsv, type CsvRowResult } from './vendor-products-csv';
import type { ProductRecords } from '../catalogue/product-records.service';
import { planConfigurations, writeProductPlans } from './import-configurations';

export const IMPORT_NOT_FOUND = 'This import was not found among yours.';
/** Tries of an import job: graphile-worker waits e^n s after the n-th, so a fault is retried for about 1½ minutes. */
export const IMPORT_MAX_ATTEMPTS = 5;
/** Rows written per batch of products (a statement for each step); progress is reported after each. */
const BATCH = 250;

/** The rows an import leaves out, as the import keeps them (the first MAX_KEPT_ROW_ERRORS). */
function rowErrorsOf(rows: readonly CsvRowResult[], refused: ReadonlyMap<number, Record<string, string>>) {
  return rows
    .filter((r) => !r.product || refused.has(r.line))
    .slice(0, MAX_KEPT_ROW_ERRORS)
    .map(({ line, sku, name, errors }) => ({ line, sku, name, errors: { ...errors, ...refused.get(line) } }));
}

export const FAULT_RETRYING = 'The last try stopped on a problem at the shop, and nothing was written. It is tried again in a moment.';
export const FAULT_FINAL =
  'The import stopped on a problem at the shop, and nothing was written. The shop’s team can see it and run it again; you can also import the file again.';
/** Why a picture address was not added when its product is gone: deleted by its seller before the job reached it. */
export const PRODUCT_GONE = 'The product was deleted before its pictures were fetched';
const ACCOUNT_GONE = 'The account that uploaded this file was closed. Sign in with your business’s account and import the file again.';

export type ImportOutcome =
  | { importId: string; created: number; updated: number; skipped: number; createdProducts: number; newProductConfigurations: number }
  | { importId: string; alreadyFinished: true }
  | { importId: string; refused: string };

function toImport(row: repo.ImportSummaryRow): ProductImport {
  return {
    id: row.id,
    fileName: row.fileName,
    fileBytes: row.fileBytes,
    status: row.status as ProductImport['status'],
    total: row.totalRows,
    done: row.rowsDone,
    created: row.createdRows,
    updated: row.updatedRows,
    createdProducts: row.createdProducts,
    newProductConfigurations: row.newProductConfigurations,
    skipped: row.skippedRows,
    summary:
      row.status === 'done'
        ? importSummaryText({
            created: row.createdRows,
            updated: row.updatedRows,
            skipped: row.skippedRows,
            createdProducts: row.createdProducts,
            newProductConfigurations: row.newProductConfigurations,
          })
        : null,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    pictures: {
      total: row.picturesTotal,
      done: row.picturesDone,
      added: row.picturesAdded,
      failed: row.picturesFailed,
      finishedAt: iso(row.picturesFinishedAt),
    },
  };
}

const toImportDetail = (row: repo.ImportDetailRow): ProductImportDetail => ({
  ...toImport(row),
  rowErrors: row.rowErrors,
  pictureErrors: row.pictureErrors,
});

/**
 * A vendor's CSV imports as background jobs (decision 35). The upload is checked at once (a file
 * that cannot be imported at all is a 400) and written with its job in one transaction; the job
 * (`catalogue.import-csv`) writes every valid row in one transaction, all or nothing, reporting
 * progress on another connection as it goes. A refusal the vendor can fix fails the import with its
 * reason; a fault is thrown for the queue to retry. However often the job runs, the rows are written
 * once: the import's status is checked and set in the transaction of the rows. The pictures its rows
 * name (`picture_urls`, decision 61) are fetched after the rows commit, by `catalogue.import-pictures`.
 */
export function createProductImportsService(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'add'>;
  audit: Pick<AuditService, 'record'>;
  cache: ResponseCache;
  vendors: Pick<VendorsService, 'sellingVendorIdOf' | 'isTrusted'>;
  /** PUBLIC_URL: the shop's own address of a product's picture is that picture. */
  publicUrl: string;
  /** The media module adds a picture fetched from an address (safely, decision 61). */
  media: Pick<MediaService, 'addPictureFromUrl'>;
  /** After an import committed: the seller centre's figures count the new products. */
  onImported?: (vendorId: string) => Promise<void>;
  /** The catalogue's statements on the products table (it owns the table, decision 68). */
  records: ProductRecords;
}) {
  const { db, jobs, audit, cache, vendors, records } = deps;
  const products = records.seller;

  /** Writes the valid rows of a claimed import; null when another try had already written them. */
  async function write(found: repo.ProductImportRow) {
    const { id, vendorId, requestedBy } = found;
    if (!requestedBy) throw new AppError('FORBIDDEN', ACCOUNT_GONE);
    // A vendor suspended since the upload may not list products (the refusal says why).
    if ((await vendors.sellingVendorIdOf(requestedBy)) !== vendorId) throw new AppError('FORBIDDEN', ACCOUNT_GONE);
    if (found.csv === null) throw new Error(`The file of import ${id} is gone although the import did not finish`);
    const read = await readProductsCsv(found.csv);
    const { rows } = read;
    const actor = { userId: requestedBy, role: 'vendor', email: await repo.requesterEmail(db, requestedBy) };

    const productIds = new Map<string, string>();
    let counts = { created: 0, updated: 0, skipped: 0, createdProducts: 0, newProductConfigurations: 0 };
    const written = await db.transaction(async (tx) => {
      if (!(await repo.lockForWriting(tx, id))) return false;
      await records.variants.saysItWritesVariants(tx);
      // A product put on sale by a seller not trusted waits for the shop's review (decision 70).
      const trusted = await vendors.isTrusted(vendorId, tx);
      // Planned in the rows' transaction, after any other try of this import ended: what it wrote is seen.
      const plan = await planConfigurations(tx, records.variants, vendorId, read);
      const valid = plan.products.flatMap((p) => p.rows.map((r) => r.row));
      if (valid.length === 0) throw new AppError('VALIDATION', 'No row of this CSV can be imported: every row has an error.');
      counts = { created: 0, updated: 0, skipped: rows.length - valid.length, createdProducts: 0, newProductConfigurations: 0 };
      // A batch of products at a time (about BATCH rows), a statement for each step; progress after each.
      let done = 0;
      for (let start = 0; start < plan.products.length;) {
        const batch: typeof plan.products = [];
        let rowsInBatch = 0;
        while (start < plan.products.length && (batch.length === 0 || rowsInBatch + plan.products[start]!.rows.length <= BATCH)) {
          rowsInBatch += plan.products[start]!.rows.length;
          batch.push(plan.products[start]!);
          start += 1;
        }
        const result = await writeProductPlans(tx, records, vendorId, batch, read, trusted);
        counts.created += result.created;
        counts.updated += result.updated;
        counts.createdProducts += result.createdProducts;
        counts.newProductConfigurations += result.newProductConfigurations;
        for (const [sku, productId] of result.productIds) productIds.set(sku, productId);
        done += rowsInBatch;
        // On the pool, not in `tx`: rows written in the open transaction are invisible until it commits, progress must not be.
        await repo.setProgress(db, id, Math.min(done, found.totalRows));
      }
      // A product's pictures are its first row's (its other rows agree or leave the cell empty).
      const firstRows = plan.products.map((p) => p.rows[0]!.row);
      const pictures = await picturesToFetch(tx, firstRows, productIds);
      await audit.record(tx, {
        action: 'product.import',
        entityType: 'vendor',
        entityId: vendorId,
        vendorId,
        // A row is a configuration; the products are counted apart (a row of a file of before is a product of one).
        summary: `Imported a CSV (${found.fileName}): ${importSummaryText(counts)}`,
        after: { importId: id, ...counts, skus: valid.map((p) => p.product.sku) },
        actor,
      });
      const rowErrors = plan.errors.size > 0 ? { rowErrors: rowErrorsOf(rows, plan.errors), skipped: counts.skipped } : undefined;
      if (!(await repo.finish(tx, id, counts, pictures, rowErrors)))
        throw new Error(`Import ${id} changed state while its rows were written`);
      // Fetched after the rows commit, never in their transaction: one seller's pictures one after another.
      if (pictures.length > 0) {
        await jobs.add(
          tx,
          'catalogue.import-pictures',
          { importId: id, vendorId },
          { maxAttempts: IMPORT_MAX_ATTEMPTS, queueName: `import-pictures:${vendorId}` },
        );
      }
      return true;
    });
    if (!written) return null;
    await records.refreshSearchLexicon(db);
    await cache.invalidate();
    await deps.onImported?.(vendorId);
    return counts;
  }

  /**
   * The picture addresses of the rows written that are not yet pictures of their products (the
   * address a picture was fetched from, or the shop's own address of it): read in the rows'
   * transaction, so an exported file imported back leaves nothing to fetch.
   */
  async function picturesToFetch(
    tx: Executor,
    valid: readonly { line: number; product: { sku: string; name: string }; pictureUrls: string[] }[],
    productIds: ReadonlyMap<string, string>,
  ): Promise<ImportPicturesLine[]> {
    const named = valid.filter((r) => r.pictureUrls.length > 0 && productIds.has(r.product.sku));
    const existing = await products.picturesOf(tx, { productIds: named.map((r) => productIds.get(r.product.sku)!) });
    return named.flatMap(({ line, product, pictureUrls }) => {
      const productId = productIds.get(product.sku)!;
      const urls = pictureUrls.filter((url) => !isAddressOfPicture(deps.publicUrl, url, existing.get(productId) ?? []));
      return urls.length > 0 ? [{ line, sku: product.sku, productId, name: product.name, urls }] : [];
    });
  }

  /** What came of one address, as the import keeps it: added, already there, or not added and why. */
  async function fetchOne(vendorId: string, entry: ImportPicturesLine, url: string): Promise<{ added: boolean; reason?: string }> {
    if (!(await products.isOwnProduct(db, vendorId, entry.productId))) return { added: false, reason: PRODUCT_GONE };
    const result = await deps.media.addPictureFromUrl(entry.productId, url, entry.name);
    if (result.outcome === 'refused') return { added: false, reason: result.reason };
    return { added: result.outcome === 'added' };
  }

  return {
    /**
     * Checks an uploaded CSV as the preview does (an unreadable file, unknown columns, too many rows
     * or no valid row is a 400 at once) and queues its import: the import and its job are written in
     * one transaction. Imports of one vendor run one after another, in the order they were uploaded.
     */
    async queue(vendorId: string, requestedBy: string, file: { name: string; csv: string }): Promise<ProductImportDetail> {
      const read = await readProductsCsv(file.csv);
      const { rows } = read;
      const { errors: refused } = await planConfigurations(db, records.variants, vendorId, read);
      const valid = rows.filter((r) => r.product && !refused.has(r.line)).length;
      if (valid === 0)
        throw new AppError('VALIDATION', 'No row of this CSV can be imported: every row has an error.', {
          fields: { file: 'Every row has an error.' },
        });
      // The rows left out are kept with the import: once it ran, the vendor still reads which and why.
      const rowErrors = rowErrorsOf(rows, refused);
      const id = newId('imp');
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertImport(tx, {
          id,
          vendorId,
          requestedBy,
          fileName: file.name,
          fileBytes: Buffer.byteLength(file.csv),
          csv: file.csv,
          totalRows: valid,
          skippedRows: rows.length - valid,
          rowErrors,
        });
        await jobs.add(
          tx,
          'catalogue.import-csv',
          { importId: id, vendorId },
          { maxAttempts: IMPORT_MAX_ATTEMPTS, queueName: `import:${vendorId}` },
        );
        return inserted;
      });
      return toImportDetail(row);
    },

    /** The vendor's imports, newest first; `vendorId` is the session's. */
    async list(vendorId: string, query: ProductImportsQuery): Promise<ProductImportsResponse> {
      const rows = await repo.listOwn(db, vendorId, query.page, query.pageSize);
      // Past the last page no row carries the count.
      const total = rows[0]?.total ?? (query.page > 1 ? await repo.countOwn(db, vendorId) : 0);
      return { items: rows.map(toImport), total, page: query.page, pageSize: query.pageSize };
    },

    /** One of the vendor's imports with its progress and the rows it leaves out; another vendor's is a 404. */
    async get(vendorId: string, id: string): Promise<ProductImportDetail> {
      const row = await repo.findOwn(db, vendorId, id);
      if (!row) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
      return toImportDetail(row);
    },

    /**
     * The job `catalogue.import-pictures` (decision 61): the picture addresses of a done import, one
     * after another in the file's order, each added after its product's pictures or recorded with
     * why not, progress written after each. A retry goes on from the first address not recorded; the
     * one a try was fetching when it died is found already there and not added twice. A product's
     * cards show its new pictures once its addresses are handled. A fault is thrown for the queue to
     * retry; on the last try the pictures are marked finished with the ones not reached left out.
     */
    async fetchPictures(importId: string, job: Pick<JobContext, 'attempt' | 'maxAttempts' | 'log'>) {
      const found = await repo.picturesToFetch(db, importId);
      if (!found) return { importId, alreadyFinished: true as const };
      const { vendorId } = found;
      const queue = found.pictures.flatMap((entry) => entry.urls.map((url, i) => ({ entry, url, last: i === entry.urls.length - 1 })));
      let added = 0;
      let changed = false;
      try {
        for (let index = found.picturesDone; index < queue.length; index += 1) {
          const { entry, url, last } = queue[index]!;
          const result = await fetchOne(vendorId, entry, url);
          const error = result.reason === undefined ? undefined : { line: entry.line, sku: entry.sku, url, reason: result.reason };
          // Another try got further: it records the rest.
          if (!(await repo.recordPicture(db, importId, index, { added: result.added, error })))
            return { importId, alreadyFinished: true as const };
          if (result.added) {
            added += 1;
            changed = true;
          }
          if (last && changed) {
            await products.updateOwnProduct(db, vendorId, entry.productId, {});
            await cache.invalidate();
            changed = false;
          }
        }
      } catch (error) {
        if (job.attempt >= job.maxAttempts) {
          await repo
            .abandonPictures(db, importId)
            .catch((recording: unknown) =>
              job.log.warn({ err: recording, importId }, 'the end of an import’s pictures could not be recorded'),
            );
        }
        throw error;
      }
      return { importId, added };
    },

    /**
     * The job `catalogue.import-csv`. An import already done or refused is left as it is (a second
     * run writes nothing); a refusal fails the import with its reason and is not retried; a fault
     * puts it back in the queue (or fails it on the last try, for an admin's Retry) and is thrown.
     */
    async run(importId: string, job: Pick<JobContext, 'attempt' | 'maxAttempts' | 'log'>): Promise<ImportOutcome> {
      const found = await repo.claim(db, importId);
      if (!found) return { importId, alreadyFinished: true };
      try {
        const counts = await write(found);
        return counts ? { importId, ...counts } : { importId, alreadyFinished: true };
      } catch (error) {
        if (error instanceof AppError) {
          await repo.fail(db, importId, error.message, 'refused');
          return { importId, refused: error.message };
        }
        const final = job.attempt >= job.maxAttempts;
        await (final ? repo.fail(db, importId, FAULT_FINAL, 'fault') : repo.requeue(db, importId, FAULT_RETRYING)).catch(
          (recording: unknown) => job.log.warn({ err: recording, importId }, 'the import’s failure could not be recorded'),
        );
        throw error;
      }
    },
  };
}

export type ProductImportsService = ReturnType<typeof createProductImportsService>;
