import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * Prepared statements for the storefront's hottest reads (decision 38). PostgreSQL spends more time
 * planning a product page's statements (the join of the product, its seller and its first picture:
 * ~0.2 ms) than running them (~0.05 ms). A statement sent under a name is parsed once per connection,
 * and after five runs PostgreSQL keeps a generic plan for it when that plan costs no more than the
 * ones made for each run's values. Only statements of one fixed shape that find rows by key are
 * named, marked with `prepared()`: for a list filtered by a shopper's words or a price range a plan
 * made for the values asked stays the better one, and every distinct text costs memory on the server.
 */
const MARK_START = '/* prepared ';
const MARK_END = ' */ ';
/** What a statement's name may be made of. */
const NAME = /^[a-z][a-z0-9-]*$/;

/** Names at most this many distinct statement texts (a marked statement whose text varies is still bounded). */
const MAX_NAMED = 200;

/** Marks a read of fixed shape to be sent as a prepared statement (a comment that PostgreSQL's logs show too). */
export function prepared(name: string, query: SQL): SQL {
  if (!NAME.test(name)) throw new Error(`Not a statement name: ${name}`);
  return sql`${sql.raw(`${MARK_START}${name}${MARK_END}`)}${query}`;
}

/** Statement text → its name, shared by every connection of the process (each prepares it once). */
const names = new Map<string, string>();

/** The name a statement is sent under, or undefined when it is sent unnamed. */
export function statementName(text: string): string | undefined {
  // Unmarked statements (most) are told apart by their first characters, before any lookup of their whole text.
  if (!text.startsWith(MARK_START)) return undefined;
  const known = names.get(text);
  if (known !== undefined) return known;
  const end = text.indexOf(MARK_END, MARK_START.length);
  const mark = end < 0 ? '' : text.slice(MARK_START.length, end);
  if (!NAME.test(mark) || names.size >= MAX_NAMED) return undefined;
  const name = `${mark}-${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * A node-postgres client that sends the statements marked with `prepared()` under a name. For a
 * pooler in transaction mode that does not keep a connection's prepared statements (PgBouncer before
 * 1.21), `DB_PREPARED_STATEMENTS=false` leaves this client out and the marks are plain comments.
 */
export class PreparingClient extends pg.Client {
  // node-postgres's overloads of query() cannot be restated one by one; the arguments pass through as they came.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, ...rest: any[]): any {
    const statement = config as { text?: unknown; name?: unknown; submit?: unknown } | null;
    if (statement && typeof statement === 'object' && typeof statement.text === 'string' && !statement.name && !statement.submit) {
      const name = statementName(statement.text);
      if (name) return super.query({ ...config, name }, ...rest);
    }
    return super.query(config, ...rest);
  }
}
