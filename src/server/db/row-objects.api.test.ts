import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client';
import { rowObjects } from './row-objects';

/**
 * `db.execute` reads rows as arrays and builds their objects itself (decision 42): what a repo gets
 * must be what node-postgres's own object rows were, on the test run's real PostgreSQL.
 */

let database: DatabaseHandle;
let plain: pg.Client;

beforeAll(async () => {
  database = connectDatabase(inject('serverUrl'), 2);
  plain = new pg.Client({ connectionString: inject('serverUrl') });
  plain.on('error', () => undefined);
  await plain.connect();
});

afterAll(async () => {
  await plain?.end();
  await database?.close();
});

const STATEMENT = `select 7::int as count, 12345678901::int8 as big, 1.50::numeric(10, 2) as price, true as ok,
  null::text as missing, 'Pune'::text as city, '{"a": [1, 2]}'::jsonb as doc, array['16 GB', '1 TB']::text[] as specs,
  '2026-11-27 10:00:00+05:30'::timestamptz as at, '2026-11-27'::date as day, 2 as dup, 3 as dup`;

describe('rows of db.execute (decision 42)', () => {
  it('are the objects node-postgres builds, with dates and times left as text as Drizzle leaves them', async () => {
    const { rows, rowCount, fields } = await database.db.execute(sql.raw(STATEMENT));
    expect(rowCount).toBe(1);
    expect(fields.map((f) => f.name)).toContain('city');
    expect(rows).toEqual([
      {
        count: 7,
        big: '12345678901',
        price: '1.50',
        ok: true,
        missing: null,
        city: 'Pune',
        doc: { a: [1, 2] },
        specs: ['16 GB', '1 TB'],
        at: expect.stringMatching(/^2026-11-27 04:30:00\+00|^2026-11-27 10:00:00\+05:30/),
        day: '2026-11-27',
        // Of two columns with one name, the later one's value stays, as with node-postgres's own rows.
        dup: 3,
      },
    ]);
    const own = (await plain.query(STATEMENT)).rows[0] as Record<string, unknown>;
    const { at: _at, day: _day, ...rest } = rows[0]!;
    const { at: _at2, day: _day2, ...ownRest } = own;
    expect(rest).toEqual(ownRest);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(own));
  });

  it('keep every row of a result and an empty result empty', async () => {
    const many = await database.db.execute(sql`select g as n, g * 2 as twice from generate_series(1, 300) g`);
    expect(many.rows).toHaveLength(300);
    expect(many.rows[299]).toEqual({ n: 300, twice: 600 });
    const none = await database.db.execute(sql`select 1 as n where false`);
    expect(none.rows).toEqual([]);
  });

  it('make a column named __proto__ a column, not the prototype', async () => {
    const { rows } = await database.db.execute(sql.raw(`select 1 as "__proto__", 2 as n`));
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe(1);
    expect(rows[0]!.n).toBe(2);
  });

  it("leave Drizzle's own reads as they were: a transaction's execute, a select's arrays", async () => {
    const result = await database.db.transaction((tx) => tx.execute(sql`select 'Navi Mumbai' as city, 400703 as pin`));
    expect(result.rows).toEqual([{ city: 'Navi Mumbai', pin: 400703 }]);
    const selected = await database.db.select({ city: sql<string>`'Pune'`, pin: sql<number>`411001` }).from(sql`(select 1) as one`);
    expect(selected).toEqual([{ city: 'Pune', pin: 411001 }]);
  });

  it('build the objects of many different column lists alike, also past the bound of one function each', () => {
    const asObjects = rowObjects();
    for (let shape = 0; shape < 520; shape++) {
      const names = [`a${shape}`, `b${shape}`];
      const result = asObjects({ rows: [[shape, 'x']], fields: names.map((name) => ({ name })) } as unknown as pg.QueryResult<unknown[]>);
      expect(result.rows[0]).toEqual({ [`a${shape}`]: shape, [`b${shape}`]: 'x' });
    }
  });
});
