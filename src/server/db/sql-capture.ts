import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/**
 * The statements the app sends, written down while the API suite runs (decision 31): with
 * SHOP_SQL_CAPTURE_DIR set, each process appends every new statement text it sends through a pool
 * to `<dir>/<pid>.ndjson`. `npm run db:release-queries` turns them into the release's corpus.
 * Statements a test file or a test kit sends itself (fixtures, direct checks) are left out: they are
 * not the release's queries.
 */
export function captureStatements(pool: pg.Pool, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.ndjson`);
  const seen = new Set<string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string' && !seen.has(text) && !sentByTest(callStack())) {
        seen.add(text);
        appendFileSync(file, `${JSON.stringify(text)}\n`);
      }
      return query(...args);
    };
  });
}

/** The stack of the caller, deep enough to reach our own sources below drizzle's and pg's frames. */
function callStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return stack;
}

/**
 * Whether the code that sent a statement is test code: the nearest frame of our own sources (below
 * this hook) is a `*.test.ts` file or a test kit of src/server/test. App code a test calls (a
 * service, the seed) counts as the app's.
 */
export function sentByTest(stack: string): boolean {
  const caller = stack
    .split('\n')
    .slice(1)
    .find((line) => /[/\\]src[/\\]/.test(line) && !line.includes('sql-capture'));
  return caller !== undefined && /\.test\.tsx?\b|[/\\]src[/\\]server[/\\]test[/\\]/.test(caller);
}
