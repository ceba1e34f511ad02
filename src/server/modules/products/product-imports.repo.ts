import { and, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { MAX_KEPT_PICTURE_ERRORS } from '~/shared/schemas/product-imports';
import type { Executor } from '../../db/client';
import { productImports, type ImportPictureErrorLine, type ImportPicturesLine } from '../../db/schema/products';

export type ProductImportRow = typeof productImports.$inferSelect;
type NewImport = Pick<
  typeof productImports.$inferInsert,
  'id' | 'vendorId' | 'requestedBy' | 'fileName' | 'fileBytes' | 'csv' | 'rowErrors'
> & {
  totalRows: number;
  skippedRows: number;
};

/** Every column but the file itself and the pictures still to fetch: one import and its progress never read megabytes. */
const { csv: _csv, pictures: _pictures, ...detailColumns } = getTableColumns(productImports);
export type ImportDetailRow = Omit<ProductImportRow, 'csv' | 'pictures'>;
/** A list's columns: nor the rows left out or the pictures not added, which the seller centre asks for one import at a time. */
const { rowErrors: _rowErrors, pictureErrors: _pictureErrors, ...summaryColumns } = detailColumns;
export type ImportSummaryRow = Omit<ImportDetailRow, 'rowErrors' | 'pictureErrors'>;

export async function insertImport(tx: Executor, values: NewImport): Promise<ImportDetailRow> {
  const [row] = await tx.insert(productImports).values(values).returning(detailColumns);
  return row!;
}

/** One page of the vendor's imports, newest first, with the count of all of them. */
export async function listOwn(db: Executor, vendorId: string, page: number, pageSize: number) {
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(productImports)
    .where(eq(productImports.vendorId, vendorId))
    .orderBy(desc(productImports.createdAt), desc(productImports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows;
}

export async function countOwn(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(productImports)
    .where(eq(productImports.vendorId, vendorId));
  return row?.n ?? 0;
}

/** One of the vendor's imports; undefined for another vendor's or none. */
export async function findOwn(db: Executor, vendorId: string, id: string): Promise<ImportDetailRow | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.vendorId, vendorId)));
  return row;
}

/**
 * Marks an import running for a new try and returns it with its file, when it may run: queued, left
 * running by a try that died, or failed on a fault (an admin's Retry). Done or refused: undefined.
 */
export async function claim(db: Executor, id: string): Promise<ProductImportRow | undefined> {
  const [row] = await db
    .update(productImports)
    .set({
      status: 'running',
      rowsDone: 0,
      failure: null,
      attempts: sql`${productImports.attempts} + 1`,
      startedAt: sql`coalesce(${productImports.startedAt}, now())`,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(productImports.id, id),
        or(
          inArray(productImports.status, ['queued', 'running']),
          and(eq(productImports.status, 'failed'), eq(productImports.failure, 'fault')),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Inside the import's transaction: waits for any other try of the same import to end, then says
 * whether this one may still write (the import is running, not done by a try that committed first).
 */
export async function lockForWriting(tx: Executor, id: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`product_import:${id}`}, 0))`);
  // Seen in pg_stat_activity while the rows are written.
  await tx.execute(sql`select set_config('application_name', ${`import ${id}`}, true)`);
  const [row] = await tx.select({ status: productImports.status }).from(productImports).where(eq(productImports.id, id));
  return row?.status === 'running';
}

/** Progress of a running import, written outside its transaction so that the vendor sees it at once. */
export async function setProgress(db: Executor, id: string, rowsDone: number): Promise<void> {
  await db
    .update(productImports)
    .set({ rowsDone, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'running')));
}

/**
 * In the transaction of the rows: the import is done, its counts known and its file dropped, and the
 * pictures its rows name that are not yet the products' are left for the job that fetches them.
 */
export async function finish(
  tx: Executor,
  id: string,
  counts: { created: number; updated: number; createdProducts: number; newProductConfigurations: number },
  pictures: ImportPicturesLine[],
  /** The rows left out, when the rows' transaction found more than the upload did (a key another seller took meanwhile). */
  refused?: { rowErrors: ProductImportRow['rowErrors']; skipped: number },
): Promise<boolean> {
  const rows = await tx
    .update(productImports)
    .set({
      status: 'done',
      rowsDone: sql`${productImports.totalRows}`,
      createdRows: counts.created,
      updatedRows: counts.updated,
      createdProducts: counts.createdProducts,
      newProductConfigurations: counts.newProductConfigurations,
      ...(refused && { rowErrors: refused.rowErrors, skippedRows: refused.skipped }),
      pictures,
      picturesTotal: pictures.reduce((n, p) => n + p.urls.length, 0),
      picturesDone: 0,
      picturesAdded: 0,
      picturesFailed: 0,
      pictureErrors: [],
      picturesFinishedAt: null,
      error: null,
      csv: null,
      // now() would be the transaction's start: the time it commits is what the vendor is told.
      finishedAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'running')))
    .returning({ id: productImports.id });
  return rows.length === 1;
}

/** A done import whose pictures are still to fetch, with where the last try got to; undefined when none are left. */
export async function picturesToFetch(db: Executor, id: string) {
  const [row] = await db
    .select({
      vendorId: productImports.vendorId,
      pictures: productImports.pictures,
      picturesDone: productImports.picturesDone,
      picturesTotal: productImports.picturesTotal,
    })
    .from(productImports)
    .where(
      and(
        eq(productImports.id, id),
        eq(productImports.status, 'done'),
        sql`${productImports.picturesDone} < ${productImports.picturesTotal}`,
      ),
    );
  return row;
}

/**
 * The picture address at `index` of the import was handled: added, or not and why (kept among the
 * first MAX_KEPT_PICTURE_ERRORS). Only when no other try got there first: false then, and nothing is
 * counted twice. The last one marks the pictures finished.
 */
export async function recordPicture(
  db: Executor,
  id: string,
  index: number,
  result: { added: boolean; error?: ImportPictureErrorLine },
): Promise<boolean> {
  const failed = result.error !== undefined;
  const rows = await db
    .update(productImports)
    .set({
      picturesDone: sql`${productImports.picturesDone} + 1`,
      picturesAdded: sql`${productImports.picturesAdded} + ${result.added ? 1 : 0}`,
      picturesFailed: sql`${productImports.picturesFailed} + ${failed ? 1 : 0}`,
      ...(failed && {
        pictureErrors: sql`case when jsonb_array_length(${productImports.pictureErrors}) < ${MAX_KEPT_PICTURE_ERRORS}
          then ${productImports.pictureErrors} || ${JSON.stringify([result.error])}::jsonb else ${productImports.pictureErrors} end`,
      }),
      picturesFinishedAt: sql`case when ${productImports.picturesDone} + 1 >= ${productImports.picturesTotal} then clock_timestamp() end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(productImports.id, id), eq(productImports.picturesDone, index)))
    .returning({ id: productImports.id });
  return rows.length === 1;
}

/** The job that fetches an import's pictures stopped for good on a fault: the pictures are finished, the ones not reached not added. */
export async function abandonPictures(db: Executor, id: string): Promise<void> {
  await db
    .update(productImports)
    .set({ picturesFinishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), sql`${productImports.picturesDone} < ${productImports.picturesTotal}`));
}

/** The import failed for good: refused (its file is dropped) or a fault (kept for an admin's Retry). */
export async function fail(db: Executor, id: string, error: string, failure: 'refused' | 'fault'): Promise<void> {
  await db
    .update(productImports)
    .set({
      status: 'failed',
      error,
      failure,
      rowsDone: 0,
      ...(failure === 'refused' ? { csv: null } : {}),
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(productImports.id, id), inArray(productImports.status, ['queued', 'running'])));
}

/** A try stopped on a fault and the queue will try again: back to waiting, with what happened. */
export async function requeue(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(productImports)
    .set({ status: 'queued', error, rowsDone: 0, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'running')));
}

/** The e-mail of the account that asked (for the audit entry), through the view the auth module publishes. */
export async function requesterEmail(db: Executor, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ email: string }>(sql`select email from account_directory where id = ${userId}`);
  return rows[0]?.email ?? null;
}
