import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Options as ParseOptions } from 'csv-parse';
import { stringify as stringifyStream } from 'csv-stringify';
import { stringify as stringifySync, type Input, type Options as StringifyOptions } from 'csv-stringify/sync';

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

type ReadOptions = Omit<ParseOptions, 'cast' | 'on_record' | 'bom'>;

/** A record's cells read back as they were written (`on_record`: per record, far cheaper than csv-parse's per-field `cast`). */
function readRecord(record: unknown): unknown {
  if (Array.isArray(record)) return record.map((cell) => (typeof cell === 'string' ? readCell(cell) : cell));
  const cells = record as Record<string, unknown>;
  for (const key of Object.keys(cells)) if (typeof cells[key] === 'string') cells[key] = readCell(cells[key]);
  return cells;
}

/**
 * Bytes parsed before the event loop is given back: a few milliseconds of csv-parse on a slow core,
 * so that a 10 MB upload never holds up the shop's other requests (decision 56).
 */
const SLICE_BYTES = 64 * 1024;

async function* slicesOf(text: string) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    if (at > 0) await nextTurn();
    yield bytes.subarray(at, at + SLICE_BYTES);
  }
}

/**
 * A CSV text's records (by header when `columns` says so) read a slice at a time, the event loop
 * given back between slices, each cell read back as it was
 * written (`readCell`); a BOM is skipped. Reading stops after `maxRecords`: `more` says whether the file had more, so
 * a file far over a limit is refused without reading the rest of it.
 */
export async function readCsv<T = Record<string, string>>(
  text: string,
  options: ReadOptions,
  limits: { maxRecords: number },
): Promise<{ records: T[]; more: boolean }> {
  const records: T[] = [];
  const parser = Readable.from(slicesOf(text)).pipe(parse({ ...options, bom: true, on_record: readRecord } as ParseOptions));
  for await (const record of parser) {
    if (records.length === limits.maxRecords) {
      parser.destroy();
      return { records, more: true };
    }
    records.push(record as T);
  }
  return { records, more: false };
}
