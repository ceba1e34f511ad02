import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { vendors } from './vendors';

/** A row of an import's file left out, and each column's error (`ImportRowError` of the shared schema). */
export interface ImportRowErrorLine {
  line: number;
  sku: string | null;
  name: string | null;
  errors: Record<string, string>;
}

/** A product an import wrote whose row named pictures to fetch (decision 61): the addresses in the cell's order. */
export interface ImportPicturesLine {
  line: number;
  sku: string;
  productId: string;
  /** The product's name, the alt text of its pictures. */
  name: string;
  urls: string[];
}

/** A picture address of an import that could not be added, and why (in the vendor's words). */
export interface ImportPictureErrorLine {
  line: number;
  sku: string;
  url: string;
  reason: string;
}

/**
 * A vendor's CSV import of products (decision 35), owned by the products module (decision 68). The upload is
 * checked and written here with its job in one transaction; the job writes every valid row in one
 * transaction and reports `rowsDone` as it goes. `csv` holds the file until the import is done or
 * refused (the rows are then the vendor's products, and the export gives them back); an import that
 * failed on a fault of ours keeps it, so an admin's Retry can run it again.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The vendor's account that uploaded the file (null once that account is erased). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    csv: text('csv'),
    /** queued → running → done | failed; a fault with tries left goes back to queued. */
    status: text('status').notNull().default('queued'),
    /** The rows that will be written (rows with errors are counted in `skippedRows` from the upload). */
    totalRows: integer('total_rows').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    createdRows: integer('created_rows'),
    updatedRows: integer('updated_rows'),
    /** Of the configurations created (`created_rows`, a row each): the new products, and how many of them are theirs (the rest joined products the seller had). */
    createdProducts: integer('created_products'),
    newProductConfigurations: integer('new_product_configurations'),
    skippedRows: integer('skipped_rows').notNull().default(0),
    /** The rows left out at the upload and why (the first `MAX_KEPT_ROW_ERRORS`): the vendor reads them after the import. */
    rowErrors: jsonb('row_errors').$type<ImportRowErrorLine[]>().notNull().default([]),
    /** Why it failed, for the vendor to read; while a fault is retried, what happened to the last try. */
    error: text('error'),
    /** `refused`: the vendor can fix it (run again, it would fail again); `fault`: ours, an admin's Retry may run it again. */
    failure: text('failure'),
    /** How many times a worker started it. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * The pictures to fetch once the rows are written (decision 61): set in the transaction of the rows,
     * fetched one address after another by the job `catalogue.import-pictures`.
     */
    pictures: jsonb('pictures').$type<ImportPicturesLine[]>().notNull().default([]),
    /** Picture addresses to fetch, handled so far (the job goes on from here after a retry), added, and not added. */
    picturesTotal: integer('pictures_total').notNull().default(0),
    picturesDone: integer('pictures_done').notNull().default(0),
    picturesAdded: integer('pictures_added').notNull().default(0),
    picturesFailed: integer('pictures_failed').notNull().default(0),
    /** The first `MAX_KEPT_PICTURE_ERRORS` addresses not added and why. */
    pictureErrors: jsonb('picture_errors').$type<ImportPictureErrorLine[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the last picture address was handled (null while none were to fetch or some still are). */
    picturesFinishedAt: timestamp('pictures_finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('product_imports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('product_imports_failure_check', sql`${t.failure} is null or ${t.failure} in ('refused', 'fault')`),
    check('product_imports_rows_check', sql`${t.totalRows} >= 0 and ${t.rowsDone} between 0 and ${t.totalRows}`),
    // The vendor's list, newest first (read backwards).
    index('product_imports_vendor_idx').on(t.vendorId, t.createdAt, t.id),
  ],
);
