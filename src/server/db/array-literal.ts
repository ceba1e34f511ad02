import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal of `values`, sent as one parameter (`= any(${textArray(ids)}::text[])`).
 * Values are quoted as data, never concatenated into SQL. The statement's text stays the same whatever
 * the number of values, but a prepared statement written so does not keep its plan: PostgreSQL costs
 * its generic plan for an array of unknown length, above the plan made for the values asked, so it
 * plans every run (decision 38, later). Where the plan should be kept, use `parameterList`.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** The same for whole numbers. */
export function intArray(values: readonly number[]): string {
  for (const v of values) if (!Number.isInteger(v)) throw new Error(`Not a whole number: ${v}`);
  return `{${values.join(',')}}`;
}

/**
 * `values` as a list of parameters (`in (${parameterList(ids)})`): one text per number of values, each
 * of which a prepared statement plans once and keeps.
 */
export function parameterList(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}
