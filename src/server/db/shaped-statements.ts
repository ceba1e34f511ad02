import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** The dialect the shop's Drizzle instance writes with: the pool's `execute` (client.ts) compiles with it too. */
export const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement's text and its values, ready to send. The pool's `execute` sends them as they are
 * (client.ts); any other executor (a transaction) reads them back as SQL.
 */
export class ShapedStatement implements SQLWrapper {
  constructor(
    readonly text: string,
    readonly params: unknown[],
  ) {}

  getSQL(): SQL {
    // The text's $1, $2… in order, each replaced by its value: Drizzle numbers them again the same way.
    // This holds for texts the dialect wrote from fragments with values as parameters, as every
    // shaped statement is; a text with "$1" inside a string literal would be split wrongly.
    const pieces = this.text.split(/\$\d+/);
    return sql.join(
      pieces.flatMap((piece, i) => (i < this.params.length ? [sql.raw(piece), sql.param(this.params[i])] : [sql.raw(piece)])),
    );
  }
}

/**
 * Statements whose text depends only on their shape: a list or its facets differ from one request
 * to the next by which filters and which sort they have, and otherwise only by values. Each shape's
 * text is made once, from a statement written with `sql.placeholder(name)` for every value, and
 * kept; a call then fills in its values by name. Making the text from Drizzle's fragments on every
 * request allocated ~20 KB and kept a tree of a few hundred objects alive while the request waited
 * for a connection (decision 40); its CPU time, warm, is small (~0.02 ms a list).
 *
 * `shape` must tell apart every two statements `build` would write differently; with `check`
 * (every process but a production one), each call writes its statement anew and fails when the kept
 * text of its shape differs, so a shape that misses a difference fails the tests that use it. A
 * placeholder without a value fails the call (Drizzle: "No value for placeholder").
 */
export function shapedStatements(options: { maxShapes: number; check: boolean }) {
  const texts = new Map<string, { sql: string; params: unknown[] }>();
  return (shape: string, build: () => SQL, values: Record<string, unknown>): ShapedStatement => {
    let compiled = texts.get(shape);
    if (compiled && options.check && dialect.sqlToQuery(build()).sql !== compiled.sql) {
      throw new Error(`Two statements of the shape "${shape}" differ: the shape must tell them apart`);
    }
    if (!compiled) {
      compiled = dialect.sqlToQuery(build());
      // Shapes are few (filters × sorts in use); past the bound a rare one is made each time.
      if (texts.size < options.maxShapes) texts.set(shape, compiled);
    }
    return new ShapedStatement(compiled.sql, fillPlaceholders(compiled.params, values));
  };
}
