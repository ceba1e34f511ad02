import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectDatabase, DEFAULT_LIMITS, type DatabaseHandle } from './client';
import { prepared } from './prepared';

/** Prepared statements on the test run's real PostgreSQL (decision 38), one connection per pool. */

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

type Prepared = { name: string; statement: string; runs: number };
const preparedOnConnection = async (db: DatabaseHandle['db']) =>
  (
    await db.execute<Prepared>(
      sql`select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like '%prepared test-%'`,
    )
  ).rows;

describe('named statements for reads by key (decision 38)', () => {
  it('prepares a marked read once on its connection and runs it again by name, with the right answers', async () => {
    database = connectDatabase(inject('serverUrl'), 1, { ...DEFAULT_LIMITS, preparedStatements: true });
    const next = (n: number) => database!.db.execute<{ next: number }>(prepared('test-next', sql`select ${n}::int + 1 as next`));
    for (let n = 1; n <= 7; n++) expect((await next(n)).rows).toEqual([{ next: n + 1 }]);
    // Inside a transaction too (a checkout reads stock in one).
    await database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ next: number }>(prepared('test-next', sql`select ${41}::int + 1 as next`));
      expect(rows).toEqual([{ next: 42 }]);
    });

    const statements = await preparedOnConnection(database.db);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^test-next-\d+$/);
    expect(statements[0]!.runs).toBe(8);
  });

  it('sends unmarked statements unnamed, and nothing named when prepared statements are off (a pooler in transaction mode)', async () => {
    database = connectDatabase(inject('serverUrl'), 1, { ...DEFAULT_LIMITS, preparedStatements: false });
    for (let n = 1; n <= 3; n++) {
      const { rows } = await database.db.execute<{ next: number }>(prepared('test-off', sql`select ${n}::int + 1 as next`));
      expect(rows).toEqual([{ next: n + 1 }]);
    }
    expect(await preparedOnConnection(database.db)).toEqual([]);
    await database.close();

    database = connectDatabase(inject('serverUrl'), 1, { ...DEFAULT_LIMITS, preparedStatements: true });
    await database.db.execute(sql`select ${1}::int + 1 as next /* prepared test-plain, not at the start */`);
    expect(await preparedOnConnection(database.db)).toEqual([]);
  });
});
