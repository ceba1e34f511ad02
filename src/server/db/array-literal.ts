/**
 * A PostgreSQL array literal of `values`, sent as one parameter (`= any(${textArray(ids)}::text[])`):
 * a statement's text then stays the same whatever the number of values, so it can be prepared once
 * (decision 38). Values are quoted as data, never concatenated into SQL.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** The same for whole numbers. */
export function intArray(values: readonly number[]): string {
  for (const v of values) if (!Number.isInteger(v)) throw new Error(`Not a whole number: ${v}`);
  return `{${values.join(',')}}`;
}
