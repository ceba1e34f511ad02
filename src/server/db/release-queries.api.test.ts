import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { migrationJournal } from './migrate';
import { newestReleaseQueries, prepareStatement } from './release-queries';

/**
 * A rolling upgrade runs the previous release against the new schema until every instance is
 * replaced (decision 31). Every statement that release sends must still be valid after ALL of this
 * version's migrations: PREPARE checks each table, column, function, operator and type it names.
 */
const corpus = newestReleaseQueries();

let t: TestApp;
let client: pg.Client;
beforeAll(async () => {
  // A fresh clone of the template: a database with every migration of this version applied.
  t = await createTestApp();
  client = new pg.Client({ connectionString: t.config.DATABASE_URL });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await t?.close();
});

describe('the previous release against this version’s migrations', () => {
  it('has a committed corpus of its statements, taken at one of this version’s migrations', () => {
    expect(corpus, 'no src/server/db/release-queries/<version>.json: run npm run db:release-queries').toBeDefined();
    expect(corpus!.statements.length).toBeGreaterThan(100);
    expect(migrationJournal().map((m) => m.tag)).toContain(corpus!.migration);
  });

  it(`still prepares every statement of release ${corpus?.release ?? '(none)'}`, async () => {
    const broken: string[] = [];
    for (const { sql, types } of corpus?.statements ?? []) {
      const result = await prepareStatement(client, sql, types);
      if (!result.ok) broken.push(`${result.message}\n    in: ${sql.slice(0, 300)}`);
    }
    expect(broken, `statements of release ${corpus?.release} that no longer prepare (decision 31: expand, then contract)`).toEqual([]);
  });

  it('would notice a statement naming a column that is gone', async () => {
    const result = await prepareStatement(client, 'select "no_such_column" from "orders" where "id" = $1', ['text']);
    expect(result).toMatchObject({ ok: false, code: '42703' });
  });
});
