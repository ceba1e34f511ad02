import {
  MAX_KEPT_ROW_ERRORS,
  type ProductImport,
  type ProductImportDetail,
  type ProductImportsQuery,
  type ProductImportsResponse,
} from '~/shared/schemas/product-imports';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import type { JobContext } from '../jobs/job-worker';
import type { VendorsService } from '../vendors/vendors.service';
import * as repo from './product-imports.repo';
import { refreshSearchLexicon } from './search-lexicon';
import { readProductsCsv } from './vendor-products-csv';
import * as products from './vendor-products.repo';
import { columnsOf, slugify } from './vendor-products.service';

export const IMPORT_NOT_FOUND = 'This import was not found among yours.';
/** Tries of an import job: graphile-worker waits e^n s after the n-th, so a fault is retried for about 1½ minutes. */
export const IMPORT_MAX_ATTEMPTS = 5;
/** Rows written per statement; progress is reported after each. */
const BATCH = 250;

export const FAULT_RETRYING = 'The last try stopped on a problem at the shop, and nothing was written. It is tried again in a moment.';
export const FAULT_FINAL =
  'The import stopped on a problem at the shop, and nothing was written. The shop’s team can see it and run it again; you can also import the file again.';
const ACCOUNT_GONE = 'The account that uploaded this file was closed. Sign in with your business’s account and import the file again.';

export type ImportOutcome =
  | { importId: string; created: number; updated: number; skipped: number }
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
    skipped: row.skippedRows,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

const toImportDetail = (row: repo.ImportDetailRow): ProductImportDetail => ({ ...toImport(row), rowErrors: row.rowErrors });

/**
 * A vendor's CSV imports as background jobs (decision 35). The upload is checked at once (a file
 * that cannot be imported at all is a 400) and written with its job in one transaction; the job
 * (`catalogue.import-csv`) writes every valid row in one transaction, all or nothing, reporting
 * progress on another connection as it goes. A refusal the vendor can fix fails the import with its
 * reason; a fault is thrown for the queue to retry. However often the job runs, the rows are written
 * once: the import's status is checked and set in the transaction of the rows.
 */
export function createProductImportsService(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'add'>;
  audit: Pick<AuditService, 'record'>;
  cache: ResponseCache;
  vendors: Pick<VendorsService, 'sellingVendorIdOf'>;
  /** After an import committed: the seller centre's figures count the new products. */
  onImported?: (vendorId: string) => Promise<void>;
}) {
  const { db, jobs, audit, cache, vendors } = deps;

  /** Writes the valid rows of a claimed import; null when another try had already written them. */
  async function write(found: repo.ProductImportRow) {
    const { id, vendorId, requestedBy } = found;
    if (!requestedBy) throw new AppError('FORBIDDEN', ACCOUNT_GONE);
    // A vendor suspended since the upload may not list products (the refusal says why).
    if ((await vendors.sellingVendorIdOf(requestedBy)) !== vendorId) throw new AppError('FORBIDDEN', ACCOUNT_GONE);
    if (found.csv === null) throw new Error(`The file of import ${id} is gone although the import did not finish`);
    const { rows, withExtraSpecs } = await readProductsCsv(found.csv);
    const valid = rows.flatMap((r) => (r.product ? [r.product] : []));
    if (valid.length === 0) throw new AppError('VALIDATION', 'No row of this CSV can be imported: every row has an error.');
    const counts = { created: 0, updated: 0, skipped: rows.length - valid.length };
    const actor = { userId: requestedBy, role: 'vendor', email: await repo.requesterEmail(db, requestedBy) };

    const written = await db.transaction(async (tx) => {
      if (!(await repo.lockForWriting(tx, id))) return false;
      for (let start = 0; start < valid.length; start += BATCH) {
        const batch = valid.slice(start, start + BATCH).map((input) => {
          const productId = newId('prd');
          return { id: productId, vendorId, slug: `${slugify(input.name)}-${productId.slice(-6).toLowerCase()}`, ...columnsOf(input) };
        });
        counts.created += await products.upsertBySku(tx, batch, { withExtraSpecs });
        // On the pool, not in `tx`: rows written in the open transaction are invisible until it commits, progress must not be.
        await repo.setProgress(db, id, Math.min(start + batch.length, found.totalRows));
      }
      counts.updated = valid.length - counts.created;
      await audit.record(tx, {
        action: 'product.import',
        entityType: 'vendor',
        entityId: vendorId,
        vendorId,
        summary: `Imported a CSV (${found.fileName}): ${counts.created} products created, ${counts.updated} updated, ${counts.skipped} rows skipped`,
        after: { importId: id, ...counts, skus: valid.map((p) => p.sku) },
        actor,
      });
      if (!(await repo.finish(tx, id, counts))) throw new Error(`Import ${id} changed state while its rows were written`);
      return true;
    });
    if (!written) return null;
    await refreshSearchLexicon(db);
    await cache.invalidate();
    await deps.onImported?.(vendorId);
    return counts;
  }

  return {
    /**
     * Checks an uploaded CSV as the preview does (an unreadable file, unknown columns, too many rows
     * or no valid row is a 400 at once) and queues its import: the import and its job are written in
     * one transaction. Imports of one vendor run one after another, in the order they were uploaded.
     */
    async queue(vendorId: string, requestedBy: string, file: { name: string; csv: string }): Promise<ProductImportDetail> {
      const { rows } = await readProductsCsv(file.csv);
      const valid = rows.filter((r) => r.product).length;
      if (valid === 0)
        throw new AppError('VALIDATION', 'No row of this CSV can be imported: every row has an error.', {
          fields: { file: 'Every row has an error.' },
        });
      // The rows left out are kept with the import: once it ran, the vendor still reads which and why.
      const rowErrors = rows
        .filter((r) => !r.product)
        .slice(0, MAX_KEPT_ROW_ERRORS)
        .map(({ line, sku, name, errors }) => ({ line, sku, name, errors }));
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
