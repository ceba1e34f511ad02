import { optionLabel } from '~/shared/catalogue';
import { OFFER_CONDITIONS, OFFER_GRADES } from '~/shared/schemas/vendor-offers';

/**
 * The sellers' CSV of one row per configuration (decision 70, "The sellers' CSV"), as Shopify's is: rows
 * with the same `product_key` are one product, `optionN_name` and `optionN_value` name each row's
 * configuration, and the first row of a product gives its product's fields (name, brand, description,
 * category, model, status, More specifications, pictures and the options' names). A later row may leave
 * them empty; one that says otherwise is an error of that row, naming the field.
 */

export const PRODUCT_KEY_COLUMN = 'product_key';
/** Options a CSV row can name (a laptop's processor, RAM, storage and colour). */
export const MAX_CSV_OPTIONS = 4;
const OPTION_NUMBERS = Array.from({ length: MAX_CSV_OPTIONS }, (_, i) => i + 1);
export const optionNameColumn = (n: number) => `option${n}_name`;
export const optionValueColumn = (n: number) => `option${n}_value`;
export const OPTION_COLUMNS = OPTION_NUMBERS.flatMap((n) => [optionNameColumn(n), optionValueColumn(n)]);
/** The offer's terms beyond the form's (price, stock and warranty are its columns of before). */
export const OFFER_COLUMNS = ['ean', 'dispatch_days', 'condition', 'grade'] as const;
/** A file with any of these is one row per configuration; a file of before has none of them. */
export const GROUPED_COLUMNS: readonly string[] = [PRODUCT_KEY_COLUMN, ...OPTION_COLUMNS, ...OFFER_COLUMNS];

/** The product's own fields: its first row gives them, and its other rows agree or leave them empty. */
export const PRODUCT_LEVEL_COLUMNS: readonly string[] = [
  'category',
  'brand',
  'name',
  'model',
  'description',
  'status',
  'extra_specs',
  'picture_urls',
  'country_of_origin',
  'manufacturer_or_importer',
  'manufacturer_or_importer_address',
  ...OPTION_NUMBERS.map(optionNameColumn),
];
/** Compared without regard to case: the reader takes "laptop" and "Laptop" alike. */
const CASELESS = new Set(['category', 'status', ...OPTION_NUMBERS.map(optionNameColumn)]);

/** The key of an option a seller names: "RAM" is `ram`, "Screen size" is `size`; another name is its words joined by `_`. */
const KEY_OF_LABEL = new Map(
  ['processor', 'ram', 'storage', 'graphics', 'colour', 'size', 'screen', 'resolution', 'refresh', 'os'].map((k) => [
    optionLabel(k).toLowerCase(),
    k,
  ]),
);
export function optionKeyOf(name: string): string {
  const lower = name.trim().toLowerCase();
  return KEY_OF_LABEL.get(lower) ?? (lower === 'color' ? 'colour' : lower.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, ''));
}

export interface OfferTerms {
  ean: string | null;
  dispatchDays: number;
  condition: (typeof OFFER_CONDITIONS)[number];
  grade: (typeof OFFER_GRADES)[number] | null;
}
export const DEFAULT_OFFER_TERMS: OfferTerms = { ean: null, dispatchDays: 1, condition: 'new', grade: null };

/** A record read with its product: the line of the product's first row, and the errors of its product fields. */
export interface GroupedRecord {
  record: Record<string, string>;
  productKey: string | null;
  groupLine: number;
  errors: Record<string, string>;
}

const quoted = (value: string) => `"${value.length > 40 ? `${value.slice(0, 37)}…` : value}"`;

/**
 * Rows with one product key (compared without regard to case) are one product; a row with none is a product of its
 * own. A later row's empty product field takes the first row's; a different one is an error of the row.
 */
export function groupRecords(records: readonly Record<string, string>[]): GroupedRecord[] {
  const firsts = new Map<string, { line: number; record: Record<string, string> }>();
  const header = Object.keys(records[0] ?? {});
  const productColumns = PRODUCT_LEVEL_COLUMNS.filter((c) => header.includes(c));
  return records.map((original, i) => {
    const line = i + 2;
    const productKey = (original[PRODUCT_KEY_COLUMN] ?? '').trim() || null;
    const record = { ...original };
    const errors: Record<string, string> = {};
    const first = productKey ? firsts.get(productKey.toLowerCase()) : undefined;
    if (productKey && !first) firsts.set(productKey.toLowerCase(), { line, record });
    if (first) {
      for (const column of productColumns) {
        const mine = (record[column] ?? '').trim();
        const theirs = (first.record[column] ?? '').trim();
        if (mine === '') record[column] = theirs;
        else if (CASELESS.has(column) ? mine.toLowerCase() !== theirs.toLowerCase() : mine !== theirs) {
          errors[column] =
            `Line ${first.line} of this product (product_key ${quoted(productKey!)}) says ${theirs === '' ? 'nothing here' : quoted(theirs)}: ` +
            'the rows of one product must agree on it, or leave it empty.';
        }
      }
    }
    return { record, productKey, groupLine: first?.line ?? line, errors };
  });
}

/** The options a row names, by key in the columns' order; or the errors of its option columns. */
export function readOptions(record: Record<string, string>): {
  options: Record<string, string>;
  keys: string[];
  errors: Record<string, string>;
} {
  const options: Record<string, string> = {};
  const keys: string[] = [];
  const errors: Record<string, string> = {};
  for (const n of OPTION_NUMBERS) {
    const name = (record[optionNameColumn(n)] ?? '').trim();
    const value = (record[optionValueColumn(n)] ?? '').trim();
    if (name === '' && value === '') continue;
    if (name === '') {
      errors[optionNameColumn(n)] = `Name this option (like RAM or Storage), or leave option${n}_value empty`;
      continue;
    }
    const key = optionKeyOf(name);
    if (key === '' || name.length > 30) errors[optionNameColumn(n)] = 'An option’s name is 1 to 30 letters or digits, like RAM';
    else if (keys.includes(key)) errors[optionNameColumn(n)] = `${quoted(name)} is named twice in this row`;
    else if (value === '') errors[optionValueColumn(n)] = `Enter this configuration’s ${name}, like “16 GB”`;
    else if (value.length > 60) errors[optionValueColumn(n)] = 'An option’s value is at most 60 characters';
    else {
      keys.push(key);
      options[key] = value;
    }
  }
  return { options, keys, errors };
}

/** The offer's terms of a row (EAN, days to dispatch, condition and grade); or the errors of their columns. */
export function readOfferTerms(record: Record<string, string>): { terms: OfferTerms; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const ean = (record.ean ?? '').trim();
  if (ean !== '' && !/^[0-9]{8,14}$/.test(ean)) errors.ean = 'An EAN is the 8 to 14 digits under the barcode, like 8901234567890';
  const days = (record.dispatch_days ?? '').trim();
  const dispatchDays = days === '' ? 1 : Number(days);
  if (!Number.isInteger(dispatchDays) || dispatchDays < 0 || dispatchDays > 30)
    errors.dispatch_days = 'Days to dispatch is a whole number from 0 to 30';
  const condition = ((record.condition ?? '').trim().toLowerCase() || 'new') as OfferTerms['condition'];
  if (!OFFER_CONDITIONS.includes(condition)) errors.condition = 'Condition is new or refurbished';
  const gradeCell = (record.grade ?? '').trim().toUpperCase();
  const grade = (gradeCell || null) as OfferTerms['grade'];
  if (grade !== null && !OFFER_GRADES.includes(grade)) errors.grade = 'Grade is A, B or C';
  else if (condition === 'refurbished' && grade === null) errors.grade = 'A refurbished unit needs its grade: A, B or C';
  else if (condition === 'new' && grade !== null) errors.grade = 'Only a refurbished unit has a grade: leave it empty for a new one';
  return { terms: { ean: ean || null, dispatchDays, condition, grade }, errors };
}

/** What the grouping checks once every row is read. */
export interface GroupedRow {
  line: number;
  groupLine: number;
  productKey: string | null;
  options: Record<string, string>;
  errors: Record<string, string>;
  failed: boolean;
}

const optionsText = (options: Record<string, string>) => Object.values(options).join(' / ');

/**
 * The checks of a product's rows together: each configuration once (its options tell it apart from the
 * others), and a product written with all its rows or none, so a row of it with an error keeps the others out.
 * Marks the rows it refuses `failed` with their errors.
 */
export function checkGroups<T extends GroupedRow>(rows: T[]): T[] {
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.failed || row.productKey === null) continue;
    const id = `${row.groupLine}|${JSON.stringify(Object.entries(row.options).sort(([a], [b]) => a.localeCompare(b)))}`;
    const other = seen.get(id);
    if (other === undefined) {
      seen.set(id, row.line);
      continue;
    }
    row.errors[optionValueColumn(1)] =
      Object.keys(row.options).length === 0
        ? `Line ${other} of this product has no options either: the rows of one product need options (option1_name, option1_value) that tell its configurations apart`
        : `Line ${other} of this product has the same options (${optionsText(row.options)}): each configuration needs its own row`;
    row.failed = true;
  }
  const firstFailure = new Map<number, number>();
  for (const row of rows) if (row.failed && !firstFailure.has(row.groupLine)) firstFailure.set(row.groupLine, row.line);
  for (const row of rows) {
    const failedLine = firstFailure.get(row.groupLine);
    if (row.failed || failedLine === undefined) continue;
    row.errors[PRODUCT_KEY_COLUMN] =
      `Not imported: line ${failedLine} of this product has an error, and a product is imported with all its rows or none.`;
    row.failed = true;
  }
  return rows;
}
