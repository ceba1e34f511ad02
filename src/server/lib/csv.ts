import { Readable } from 'node:stream';
import { stringify as stringifyStream } from 'csv-stringify';
import { stringify as stringifySync, type Input, type Options as StringifyOptions } from 'csv-stringify/sync';
import { parse, type Options as ParseOptions } from 'csv-parse/sync';

/**
 * Every CSV the shop writes or reads goes through this file (decision 56); lint refuses csv-stringify
 * and csv-parse anywhere else.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula, and one that starts
 * with a tab or a carriage return may be trimmed into one (OWASP, "CSV Injection"). Such text is
 * written with a leading apostrophe, which Excel, LibreOffice and Google Sheets show as text and do
 * not display. A plain number (`-1250.50`, `+5`) is no formula and stays a number. An apostrophe
 * the text itself began with before such a character gets one more, so that reading the file back
 * gives exactly the text that was written: an import takes one leading apostrophe off a cell that
 * starts with apostrophes and then one of those characters.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const QUOTED_FORMULA_START = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The text as a cell a spreadsheet shows as text: a leading apostrophe before a formula's first character. */
export function neutraliseCell(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) || QUOTED_FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell of a file read: the text that `neutraliseCell` was given. */
export function readCell(value: string): string {
  return QUOTED_FORMULA_START.test(value) ? value.slice(1) : value;
}

type WriteOptions = Omit<StringifyOptions, 'cast'>;

/** The writer's options: text neutralised, and by default a BOM so that Excel reads UTF-8 (₹, Devanagari). */
function writeOptions(options: WriteOptions): StringifyOptions {
  return { bom: true, ...options, cast: { string: (value) => neutraliseCell(value) } };
}

/** Rows (arrays, or records with `columns`) as one CSV text. */
export function toCsv(rows: Input, options: WriteOptions = {}): string {
  return stringifySync(rows, writeOptions(options));
}

/** Records from an iterable (a database read in batches) as a CSV stream, for a download that never holds the whole file. */
export function csvStream(records: AsyncIterable<unknown> | Iterable<unknown>, options: WriteOptions = {}): Readable {
  return Readable.from(records).pipe(stringifyStream(writeOptions(options)));
}

/** A CSV text's records (by header when `columns` says so), each cell read back as it was written. */
export function parseCsv<T = Record<string, string>>(text: string, options: Omit<ParseOptions, 'cast' | 'on_record'> = {}): T[] {
  return parse(text.replace(/^\uFEFF/, ''), {
    ...options,
    cast: (value) => readCell(value),
  }) as T[];
}
