import pg from 'pg';

type Row = Record<string, unknown>;
type MakeRow = (values: unknown[]) => Row;

/** Past this many column lists, a rare one is built by the loop instead of a function of its own. */
const MAX_SHAPES = 500;

/**
 * Rows as objects, built from node-postgres's arrays (`rowMode: 'array'`) by one function per list
 * of columns (decision 42). node-postgres's own object rows are each a copy of one empty object per
 * statement (`{ ...empty }`): in a process that runs many statements that copy meets many shapes,
 * V8's inline cache for it becomes megamorphic, and every row of every statement takes the slow
 * path. A list of 24 cards cost node-postgres 2.5 times as much in the shop as in the bench's bare
 * server, which runs one statement. A function per column list that returns an object literal
 * builds each shape on its own fast path.
 */
export function rowObjects() {
  const makers = new Map<string, MakeRow>();

  /** The generic way: one property at a time (a column list that cannot be written as a literal, or past the bound). */
  const byLoop =
    (names: string[]): MakeRow =>
    (values) => {
      const row: Row = {};
      // As node-postgres does: of two columns with one name, the later one's value stays.
      for (let i = 0; i < names.length; i++)
        Object.defineProperty(row, names[i]!, { value: values[i], enumerable: true, writable: true, configurable: true });
      return row;
    };

  function makerFor(fields: pg.FieldDef[]): MakeRow {
    const names = fields.map((field) => field.name);
    const key = names.join('\u0000');
    let make = makers.get(key);
    if (make) return make;
    // "__proto__" in an object literal would set the prototype instead of a column.
    if (makers.size >= MAX_SHAPES || names.includes('__proto__')) return byLoop(names);
    // Each name as a JSON string is a valid string literal: the text holds nothing but the literal.
    make = new Function('v', `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')} };`) as MakeRow;
    makers.set(key, make);
    return make;
  }

  /** The result's rows, given as arrays, turned into objects in place. */
  return <R extends Row>(result: pg.QueryResult<unknown[]>): pg.QueryResult<R> => {
    const rows = result.rows as unknown[];
    if (rows.length > 0) {
      const make = makerFor(result.fields);
      for (let i = 0; i < rows.length; i++) rows[i] = make(rows[i] as unknown[]);
    }
    return result as unknown as pg.QueryResult<R>;
  };
}

interface ResultInternals {
  rowAsArray: boolean;
  fields: pg.FieldDef[];
  _parsers: ((value: string) => unknown)[] | undefined;
  _types: { getTypeParser: typeof pg.types.getTypeParser } | undefined;
  addFields(fields: pg.FieldDef[]): void;
}

let arrayFieldsPatched = false;

/**
 * node-postgres (since 8.11.3) builds, for every result, an empty object with a property per column
 * to copy each row from: a null-prototype object filled one property at a time, then copied. A result
 * whose rows are arrays never uses it, yet pays for it: under the list's load this cost more than
 * reading the rows (brianc/node-postgres#3055, open). For such results (`db.execute` here, and every
 * Drizzle select) this keeps the rest of what node-postgres does with the columns: the fields, and
 * each one's parser. Once per process; a node-postgres whose results look otherwise is left alone.
 */
export function skipEmptyRowOfArrayResults() {
  if (arrayFieldsPatched) return;
  arrayFieldsPatched = true;
  const prototype = pg.Result.prototype as unknown as ResultInternals;
  const original = prototype.addFields;
  if (typeof original !== 'function' || !('rowAsArray' in new (pg.Result as unknown as new (rowMode: string) => object)('array'))) return;
  prototype.addFields = function addFields(this: ResultInternals, fields: pg.FieldDef[]) {
    if (!this.rowAsArray) return original.call(this, fields);
    this.fields = fields;
    const types = this._types ?? pg.types;
    const parsers = new Array<(value: string) => unknown>(fields.length);
    for (let i = 0; i < fields.length; i++)
      parsers[i] = types.getTypeParser(fields[i]!.dataTypeID, (fields[i]!.format || 'text') as 'text');
    this._parsers = parsers;
  };
}
