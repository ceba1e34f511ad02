import { z } from 'zod';
import { groupDigits } from '../money';
import { pageQueryFields, paginatedSchema } from './common';

/**
 * A vendor's CSV imports (decision 35): the upload answers at once with the import, queued; a
 * background job writes its rows, and the seller centre follows `rowsDone` until it is done or failed.
 */

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Waiting',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
};

/** Whether the import may still change (the seller centre keeps asking). */
export const isImportUnderWay = (status: ImportStatus) => status === 'queued' || status === 'running';

/** How many of an import's rows with errors are kept with it (the count of all is `skipped`). */
export const MAX_KEPT_ROW_ERRORS = 200;

/** A row of the file left out of the import: its line (the header is line 1) and each column's error, as the preview showed. */
export const importRowErrorSchema = z.object({
  line: z.number().int(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  errors: z.record(z.string(), z.string()),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** How many of an import's picture addresses not added are kept with it, with why (the count of all is `pictures.failed`). */
export const MAX_KEPT_PICTURE_ERRORS = 200;

/** A picture address of the file that was not added to its product, and why, in the seller's words (decision 61). */
export const importPictureErrorSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  url: z.string(),
  reason: z.string(),
});
export type ImportPictureError = z.infer<typeof importPictureErrorSchema>;

/**
 * The pictures an import fetches once its rows are written (decision 61): the addresses of its
 * `picture_urls` not yet pictures of their products, handled so far, added, and not added. Those
 * handled but neither added nor failed had become pictures of the product meanwhile.
 */
export const importPicturesSchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  added: z.number().int(),
  failed: z.number().int(),
  /** When the last address was handled (or the fetching stopped for good on a fault of the shop); null while under way or when none were to fetch. */
  finishedAt: z.string().nullable(),
});
export type ImportPictures = z.infer<typeof importPicturesSchema>;

export const productImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileBytes: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  /** The rows that will be written; rows with errors are in `skipped` from the start. */
  total: z.number().int(),
  done: z.number().int(),
  /** Known once the import is done: configurations (a row each) created and updated. */
  created: z.number().int().nullable(),
  updated: z.number().int().nullable(),
  /** Of those created, the new products and how many configurations they have (the rest joined products the seller had); null for imports of before. */
  createdProducts: z.number().int().nullable(),
  newProductConfigurations: z.number().int().nullable(),
  skipped: z.number().int(),
  /** What the import did, in the seller's words ("3 products added in 7 configurations; 2 configurations updated."); null until it is done. */
  summary: z.string().nullable(),
  /** Why it failed, for the vendor to read (or, while a fault is being retried, what stopped the last try). */
  error: z.string().nullable(),
  /** How many times it was started: above 1, it was tried again after a fault. */
  attempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pictures: importPicturesSchema,
});
export type ProductImport = z.infer<typeof productImportSchema>;

const counted = (n: number, one: string, many: string) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/**
 * What an import did, counting products and configurations apart (a row of the file is a configuration):
 * "3 products added in 7 configurations; 1 configuration added to your products; 2 configurations updated;
 * 1 row with errors left out." A new product of one configuration each is only counted as a product.
 */
export function importSummaryText(
  i: Pick<ProductImport, 'created' | 'updated' | 'skipped'> & Partial<Pick<ProductImport, 'createdProducts' | 'newProductConfigurations'>>,
): string {
  const created = i.created ?? 0;
  const products = i.createdProducts ?? null;
  const ofNew = i.newProductConfigurations ?? (products === null ? 0 : created);
  const parts: string[] = [];
  if (products !== null && products > 0) {
    parts.push(
      ofNew === products
        ? `${counted(products, 'product', 'products')} added`
        : `${counted(products, 'product', 'products')} added in ${counted(ofNew, 'configuration', 'configurations')}`,
    );
  }
  // An import of before knew only the configurations it created.
  const joined = products === null ? created : created - ofNew;
  if (joined > 0 || (products === null && created === 0))
    parts.push(`${counted(joined, 'configuration', 'configurations')} added${products === null ? '' : ' to your products'}`);
  if ((i.updated ?? 0) > 0 || parts.length === 0) parts.push(`${counted(i.updated ?? 0, 'configuration', 'configurations')} updated`);
  if (i.skipped > 0) parts.push(`${counted(i.skipped, 'row', 'rows')} with errors left out`);
  return `${parts.join('; ')}.`;
}

/** Whether the rows are written and the pictures still being fetched. */
export const arePicturesUnderWay = (i: Pick<ProductImport, 'status' | 'pictures'>) =>
  i.status === 'done' && i.pictures.total > 0 && i.pictures.finishedAt === null;

/** Whether the seller centre keeps asking about an import: its rows, or then its pictures, are under way. */
export const isImportOrPicturesUnderWay = (i: Pick<ProductImport, 'status' | 'pictures'>) =>
  isImportUnderWay(i.status) || arePicturesUnderWay(i);

/**
 * One import as its own address and the upload answer it: the list's fields, the rows left out
 * and why, the first `MAX_KEPT_ROW_ERRORS` of them in the file's order, and the pictures not added. The list leaves them out (it
 * is asked again every second while an import runs); the seller centre asks for them when opened.
 */
export const productImportDetailSchema = productImportSchema.extend({
  rowErrors: z.array(importRowErrorSchema),
  /** The picture addresses not added and why, the first `MAX_KEPT_PICTURE_ERRORS` of them in the file's order. */
  pictureErrors: z.array(importPictureErrorSchema),
});
export type ProductImportDetail = z.infer<typeof productImportDetailSchema>;
export const productImportResponseSchema = z.object({ import: productImportDetailSchema });

/**
 * What an uploaded CSV may hold (decision 56): the server refuses more with a message that says so,
 * and the import page says so before it sends a file.
 */
export const IMPORT_LIMITS = { rows: 10_000, bytes: 10 * 1024 * 1024 } as const;
export const IMPORT_LIMITS_TEXT = 'up to 10,000 rows and 10 MB';
/** The longest picture address a CSV's `picture_urls` may hold (decision 61). */
export const MAX_PICTURE_URL_LENGTH = 2_048;
export const TOO_MANY_ROWS_MESSAGE = 'A CSV may have at most 10,000 rows; split it into smaller files.';
export const FILE_TOO_LARGE_MESSAGE = 'A CSV may be at most 10 MB; split it into smaller files.';

const DEFAULT_FILE_NAME = 'products.csv';

/**
 * The name a file is shown by, from the name a client sent: its last part after any folder (`/` or
 * `\`), without control and direction characters (the joiners of Indian scripts stay), characters that no system allows in a name, or
 * leading dots, spaces collapsed. `../../../../etc/passwd` is shown as `passwd`. It is never a path:
 * the file itself is kept in the database, not on disk.
 */
export function safeFileName(sent: string): string {
  const last = sent.split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff<>:"|?*]/gu, '')
    .replace(/^[\s.]+/, '')
    .trim();
  return clean || DEFAULT_FILE_NAME;
}

/** `POST /api/vendor/products/import?fileName=…`: the file's name as the vendor chose it (the body is the CSV), kept as a safe display name. */
export const importUploadQuerySchema = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1, 'The file name is empty')
    .max(200, 'The file name must be at most 200 characters')
    .default(DEFAULT_FILE_NAME)
    .transform(safeFileName),
});

/** The vendor's imports, newest first, a page at a time. */
export const productImportsQuerySchema = z.strictObject({ ...pageQueryFields });
export type ProductImportsQuery = z.output<typeof productImportsQuerySchema>;
export const productImportsResponseSchema = paginatedSchema(productImportSchema);
export type ProductImportsResponse = z.infer<typeof productImportsResponseSchema>;

export const importIdParamsSchema = z.strictObject({
  id: z.string().regex(/^imp_[A-Za-z0-9]{1,40}$/, 'Not an import id'),
});
