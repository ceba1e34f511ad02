import {
  MAX_PRODUCT_PICTURES,
  ORIGIN_FIELDS,
  productInputSchema,
  type ProductWrite,
  type SpecField,
} from '~/shared/schemas/vendor-products';
import { IMPORT_LIMITS, MAX_PICTURE_URL_LENGTH, TOO_MANY_ROWS_MESSAGE } from '~/shared/schemas/product-imports';
import { AppError } from '../../lib/app-error';
import type { OwnConfigurationRow } from '../catalogue/product-records.service';
import { readCsv, toCsv } from '../../lib/csv';
import { mapInTurns } from '../../lib/in-turns';
import {
  DEFAULT_OFFER_TERMS,
  GROUPED_COLUMNS,
  MAX_CSV_OPTIONS,
  OFFER_COLUMNS,
  OPTION_COLUMNS,
  PRODUCT_KEY_COLUMN,
  checkGroups,
  groupRecords,
  optionNameColumn,
  optionValueColumn,
  readOfferTerms,
  readOptions,
  type OfferTerms,
} from './vendor-products-csv-groups';
import { optionLabel } from '~/shared/catalogue';

/**
 * The seller centre's CSV: one column per field of the product form, spelled as a spreadsheet
 * user reads them, one row per configuration a seller offers, grouped by `product_key` into one product each
 * (vendor-products-csv-groups.ts); a file of before, without those columns, is one product a row. Parsing and writing go through lib/csv (csv-parse and csv-stringify, formulas neutralised); every row is checked with
 * the form's own zod schema, so an import accepts exactly what the form accepts.
 */

/** Column → the form field it fills. */
const BASE_COLUMNS = [
  ['sku', 'sku'],
  ['category', 'category'],
  ['brand', 'brand'],
  ['name', 'name'],
  ['model', 'model'],
  ['description', 'description'],
  ['price', 'price'],
  ['mrp', 'mrp'],
  ['hsn_code', 'hsnCode'],
  ['gst_rate', 'gstRatePercent'],
  ['stock', 'stock'],
  ['warranty', 'warranty'],
  ['warranty_months', 'warrantyMonths'],
  ['weight_kg', 'weightKg'],
  ['length_cm', 'lengthCm'],
  ['width_cm', 'widthCm'],
  ['height_cm', 'heightCm'],
  ['status', 'status'],
] as const;

export const SPEC_COLUMNS: Record<SpecField, string> = {
  processor: 'processor',
  processorFamily: 'processor_family',
  ramGb: 'ram_gb',
  storageGb: 'storage_gb',
  storageType: 'storage_type',
  graphics: 'graphics',
  operatingSystem: 'operating_system',
  screenSizeIn: 'screen_size_in',
  resolution: 'resolution',
  resolutionName: 'resolution_name',
  panelType: 'panel_type',
  refreshRateHz: 'refresh_rate_hz',
  ports: 'ports',
};

/**
 * "More specifications": one line per specification in the cell, "Label: value" (as the form's
 * Label and Value). The column is optional: a file without it leaves a product's lines as they are.
 */
const EXTRA_SPECS_COLUMN = 'extra_specs';

/**
 * Pictures to fetch (decision 61): web addresses separated by spaces, new lines or `;`. The column
 * and an empty cell leave a product's pictures as they are; an address not yet a picture of the
 * product is fetched after the rows are written and added after its pictures. Nothing is deleted.
 */
export const PICTURE_URLS_COLUMN = 'picture_urls';

/**
 * Where the model is made and who made or imported it (decision 73). A file without these columns leaves a
 * product's as they are; a new product put on sale (status active) needs all three.
 */
export const ORIGIN_COLUMNS: Record<(typeof ORIGIN_FIELDS)[number], string> = {
  originCountry: 'country_of_origin',
  makerName: 'manufacturer_or_importer',
  makerAddress: 'manufacturer_or_importer_address',
};

const ALL_SPEC_FIELDS = Object.keys(SPEC_COLUMNS) as SpecField[];
/** The columns of an export, in its order: the product key, the seller's SKU and the options first, as Shopify's. */
export const CSV_COLUMNS = [
  PRODUCT_KEY_COLUMN,
  'sku',
  ...OPTION_COLUMNS,
  ...BASE_COLUMNS.map(([column]) => column).filter((c) => c !== 'sku'),
  ...OFFER_COLUMNS,
  ...ALL_SPEC_FIELDS.map((f) => SPEC_COLUMNS[f]),
  EXTRA_SPECS_COLUMN,
  ...ORIGIN_FIELDS.map((f) => ORIGIN_COLUMNS[f]),
  PICTURE_URLS_COLUMN,
];
const FIELD_TO_COLUMN: Record<string, string> = {
  ...Object.fromEntries(BASE_COLUMNS.map(([column, field]) => [field, column])),
  ...Object.fromEntries(ALL_SPEC_FIELDS.map((f) => [f, SPEC_COLUMNS[f]])),
  extraSpecs: EXTRA_SPECS_COLUMN,
  ...ORIGIN_COLUMNS,
};

const extraSpecsCell = (lines: readonly { label: string; value: string }[]) => lines.map((l) => `${l.label}: ${l.value}`).join('\n');

/** The lines of an `extra_specs` cell, or the error of the first line that is not "Label: value". */
function readExtraSpecs(cell: string): { label: string; value: string }[] | { error: string } {
  const lines = cell
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const read: { label: string; value: string }[] = [];
  for (const [i, line] of lines.entries()) {
    const colon = line.indexOf(':');
    if (colon < 0) return { error: `Line ${i + 1} in this cell needs a label and a value, like "Battery: 6 hours" (one per line)` };
    read.push({ label: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return read;
}

/** An address as a message shows it: long ones cut in the middle of nowhere a reader needs. */
const shown = (address: string) => (address.length > 60 ? `${address.slice(0, 57)}…` : address);

/**
 * The addresses of a `picture_urls` cell, each as its URL spells it (`new URL(…).href`, so that the
 * address an export writes reads back the same), once each in the cell's order; or the error of the
 * cell: an address that is not one, not http or https, longer than 2,048 characters, or more than 8.
 */
export function readPictureUrls(cell: string): string[] | { error: string } {
  const read: string[] = [];
  for (const address of cell.split(/[\s;]+/).filter(Boolean)) {
    if (address.length > MAX_PICTURE_URL_LENGTH) {
      return { error: `An address may be at most 2,048 characters; "${shown(address)}" has ${address.length.toLocaleString('en-IN')}` };
    }
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { error: `"${shown(address)}" is not a web address: write each as https://…, separated by spaces, new lines or ;` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `"${shown(address)}" is not an http or https address` };
    if (!read.includes(url.href)) read.push(url.href);
  }
  if (read.length > MAX_PRODUCT_PICTURES) {
    return { error: `A product can have at most ${MAX_PRODUCT_PICTURES} pictures; this cell has ${read.length} addresses` };
  }
  return read;
}

/** Rows checked before the event loop is given back: a few milliseconds of zod on a slow core. */
const ROWS_PER_TURN = 100;

/** A row of an import: its line in the file, what it would do, and why not when it cannot. */
export interface CsvRowResult {
  line: number;
  sku: string | null;
  name: string | null;
  action: 'create' | 'update' | 'error';
  errors: Record<string, string>;
  product?: ProductWrite & { sku: string };
  /** The row's picture addresses (none when its cell is empty or the file has no such column). */
  pictureUrls: string[];
  /** The product key the row names; null in a file of before, or when its cell is empty (a product of its own). */
  productKey: string | null;
  /** The line of its product's first row: rows with the same line are one product. */
  groupLine: number;
  /** The configuration's options by key (`{ ram: '16 GB' }`), in `optionKeys`' order; empty for a product of one. */
  options: Record<string, string>;
  optionKeys: string[];
  /** The offer's EAN, days to dispatch, condition and grade (a file of before: none, 1 day, new). */
  offer: OfferTerms;
}

/** An uploaded CSV read: its rows, and what its header says about all of them. */
export interface ProductsCsv {
  rows: CsvRowResult[];
  /** Whether the file has the "More specifications" column: without it, an update keeps the product's lines. */
  withExtraSpecs: boolean;
  /** One row per configuration (a `product_key`, option or offer column); false for a file of before, one product a row. */
  grouped: boolean;
  /** The configuration columns the file has: without them, what a configuration has stays (a file of before). */
  present: { options: boolean; ean: boolean; terms: boolean; origin: boolean };
}

/** A configuration the seller offers as one CSV row (rupees, kg, cm; ports joined with "; "; one picture address a line). */
function toRecord({ product: p, variant: v, offer: o }: OwnConfigurationRow, pictureUrls: readonly string[]): Record<string, string> {
  const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
  const num = (value: number | null, divisor = 1) => (value === null ? '' : String(value / divisor));
  const specs: Record<SpecField, string> = {
    processor: v.processor ?? '',
    processorFamily: v.processorFamily ?? '',
    ramGb: num(v.ramGb),
    storageGb: num(v.storageGb),
    storageType: v.storageType ?? '',
    graphics: v.graphics ?? '',
    operatingSystem: v.operatingSystem ?? '',
    screenSizeIn: v.screenSizeIn === null ? '' : String(Number(v.screenSizeIn)),
    resolution: v.resolution ?? '',
    resolutionName: v.resolutionName ?? '',
    panelType: v.panelType ?? '',
    refreshRateHz: num(v.refreshRateHz),
    ports: (v.ports ?? []).join('; '),
  };
  // The product's option keys in its order, then any other key the configuration has.
  const keys = [...p.optionKeys.filter((k) => k in v.options), ...Object.keys(v.options).filter((k) => !p.optionKeys.includes(k))];
  const options = Object.fromEntries(
    keys.slice(0, MAX_CSV_OPTIONS).flatMap((key, i) => [
      [optionNameColumn(i + 1), optionLabel(key)],
      [optionValueColumn(i + 1), v.options[key]!],
    ]),
  );
  return {
    [PRODUCT_KEY_COLUMN]: p.slug,
    sku: o.sellerSku ?? '',
    ...options,
    category: p.category,
    brand: p.brand,
    name: p.name,
    model: p.model ?? '',
    description: p.description,
    price: rupees(o.pricePaise),
    mrp: rupees(v.mrpPaise),
    hsn_code: v.hsnCode,
    gst_rate: String(v.gstRateBp / 100),
    stock: String(o.stock),
    warranty: o.warranty,
    warranty_months: String(o.warrantyMonths),
    weight_kg: num(v.weightGrams, 1000),
    length_cm: num(v.lengthMm, 10),
    width_cm: num(v.widthMm, 10),
    height_cm: num(v.heightMm, 10),
    status: p.status === 'pending_review' ? 'draft' : p.status,
    ean: v.ean ?? '',
    dispatch_days: String(o.dispatchDays),
    condition: o.condition,
    grade: o.grade ?? '',
    ...Object.fromEntries(ALL_SPEC_FIELDS.map((f) => [SPEC_COLUMNS[f], specs[f]])),
    [EXTRA_SPECS_COLUMN]: extraSpecsCell(p.extraSpecs),
    [ORIGIN_COLUMNS.originCountry]: p.originCountry ?? '',
    [ORIGIN_COLUMNS.makerName]: p.makerName ?? '',
    [ORIGIN_COLUMNS.makerAddress]: p.makerAddress ?? '',
    [PICTURE_URLS_COLUMN]: pictureUrls.join('\n'),
  };
}

/**
 * The vendor's offers of its own products as a CSV with every column, one row per configuration, the
 * rows of one product together under its `product_key` (its slug), each with the product's fields, its
 * More specifications and the addresses of its pictures (`pictureUrlsOf`: each picture's source or the
 * shop's own address of it), so that the file imports back as it is and adds nothing.
 */
export function productsToCsv(
  rows: readonly OwnConfigurationRow[],
  pictureUrlsOf: ReadonlyMap<string, readonly string[]> = new Map(),
): string {
  return toCsv(
    rows.map((row) => toRecord(row, pictureUrlsOf.get(row.product.id) ?? [])),
    { header: true, columns: CSV_COLUMNS },
  );
}

/**
 * Reads an uploaded CSV and checks each row with the product form's schema. Unknown columns are an
 * error of the whole file (a typo would otherwise lose a field silently); a missing optional column
 * is simply empty. The file is read a slice at a time and its rows checked a batch at a time, the
 * event loop given back in between, so that the shop answers other requests meanwhile; a file with
 * more than `IMPORT_LIMITS.rows` rows is refused as soon as its row after the limit is read (decision 56).
 */
export async function readProductsCsv(text: string): Promise<ProductsCsv> {
  let read: { records: Record<string, string>[]; more: boolean };
  try {
    read = await readCsv(
      text,
      {
        columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
        skip_empty_lines: true,
        trim: true,
        relax_column_count: false,
      },
      { maxRecords: IMPORT_LIMITS.rows },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    throw new AppError('VALIDATION', `This file is not a CSV we can read: ${message}`, {
      fields: { file: 'This file is not a CSV we can read.' },
    });
  }
  const { records } = read;
  if (read.more) throw new AppError('VALIDATION', TOO_MANY_ROWS_MESSAGE, { fields: { file: 'Too many rows.' } });
  if (records.length === 0)
    throw new AppError('VALIDATION', 'The CSV has no product rows under its header.', { fields: { file: 'The CSV has no rows.' } });
  const unknown = Object.keys(records[0]!).filter((c) => !CSV_COLUMNS.includes(c));
  if (unknown.length > 0) {
    const message = `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Download the template for the columns we read.`;
    throw new AppError('VALIDATION', message, { fields: { file: message } });
  }

  const withExtraSpecs = EXTRA_SPECS_COLUMN in records[0]!;
  const grouped = GROUPED_COLUMNS.some((c) => c in records[0]!);
  const present = {
    options: OPTION_COLUMNS.some((c) => c in records[0]!),
    ean: 'ean' in records[0]!,
    terms: ['dispatch_days', 'condition', 'grade'].some((c) => c in records[0]!),
    origin: Object.values(ORIGIN_COLUMNS).some((c) => c in records[0]!),
  };
  const prepared = grouped
    ? groupRecords(records)
    : records.map((record, i) => ({ record, productKey: null, groupLine: i + 2, errors: {} as Record<string, string> }));
  const seen = new Map<string, number>();
  const rows = await mapInTurns(prepared, ROWS_PER_TURN, ({ record, productKey, groupLine, errors: groupErrors }, i): CsvRowResult => {
    const line = i + 2; // the header is line 1
    const value = (column: string) => record[column] ?? '';
    const input: Record<string, unknown> = {};
    for (const [column, field] of BASE_COLUMNS) input[field] = value(column);
    for (const f of ALL_SPEC_FIELDS) input[f] = f === 'ports' ? value('ports').split(';') : value(SPEC_COLUMNS[f]);
    const status = value('status').toLowerCase();
    input.status = status === '' ? 'draft' : status;
    input.category = value('category').charAt(0).toUpperCase() + value('category').slice(1).toLowerCase();
    // A file without the origin's columns leaves a product's origin as it is (undefined: not written).
    for (const f of ORIGIN_FIELDS) if (ORIGIN_COLUMNS[f] in record) input[f] = value(ORIGIN_COLUMNS[f]);
    const extraSpecs = withExtraSpecs ? readExtraSpecs(value(EXTRA_SPECS_COLUMN)) : [];
    if (Array.isArray(extraSpecs)) input.extraSpecs = extraSpecs;
    const pictureUrls = readPictureUrls(value(PICTURE_URLS_COLUMN));
    const sku = value('sku') || null;
    const options = grouped ? readOptions(record) : { options: {}, keys: [], errors: {} };
    const offer = grouped ? readOfferTerms(record) : { terms: DEFAULT_OFFER_TERMS, errors: {} };
    const base = {
      line,
      sku,
      name: value('name') || null,
      pictureUrls: Array.isArray(pictureUrls) ? pictureUrls : [],
      productKey,
      groupLine,
      options: options.options,
      optionKeys: options.keys,
      offer: offer.terms,
    };
    const errors: Record<string, string> = { ...options.errors, ...offer.errors };
    if (!Array.isArray(extraSpecs)) errors[EXTRA_SPECS_COLUMN] = extraSpecs.error;
    if (!Array.isArray(pictureUrls)) errors[PICTURE_URLS_COLUMN] = pictureUrls.error;
    if (!sku) errors.sku = 'SKU is needed to import a row: it matches the row to your product.';
    else if (seen.has(sku)) errors.sku = `This SKU is also on line ${seen.get(sku)}: each row needs its own.`;
    if (sku && !seen.has(sku)) seen.set(sku, line);
    const parsed = productInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = FIELD_TO_COLUMN[String(issue.path[0] ?? '')] ?? String(issue.path[0] ?? 'row');
        // A line of More specifications is named by its place in the cell.
        const where = column === EXTRA_SPECS_COLUMN && typeof issue.path[1] === 'number' ? `Line ${issue.path[1] + 1} in this cell: ` : '';
        errors[column] ??= `${where}${issue.message}`;
      }
    }
    // A product field that disagrees with the product's first row says so, before what its value lacks.
    Object.assign(errors, groupErrors);
    if (Object.keys(errors).length > 0 || !parsed.success) return { ...base, action: 'error' as const, errors };
    return { ...base, action: 'create' as const, errors, product: { ...parsed.data, sku: sku! } };
  });
  if (!grouped) return { rows, withExtraSpecs, grouped, present };
  const checked = checkGroups(rows.map((row) => ({ row, ...row, failed: row.action === 'error' })));
  return {
    rows: checked.map(({ row, failed, errors }) => {
      if (!failed) return row;
      const { product: _product, ...rest } = row;
      return { ...rest, action: 'error' as const, errors };
    }),
    withExtraSpecs,
    grouped,
    present,
  };
}
