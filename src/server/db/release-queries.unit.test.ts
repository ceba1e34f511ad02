import { describe, expect, it } from 'vitest';
import { compactStatement, distinctStatements, firstRowOnly, statementKind } from './release-queries';
import { sentByTest } from './sql-capture';

describe('the release corpus of statements (decision 31)', () => {
  it('keeps one statement per shape, the shortest, and leaves out what PREPARE cannot take', () => {
    const kept = distinctStatements([
      'begin',
      'set local jit = off',
      'select "id" from "orders" where "id" in ($1, $2, $3)',
      'select "id" from "orders" where "id" in ($1)',
      'insert into "order_items" ("id", "qty") values ($1, $2), ($3, $4) returning "id"',
      "\n  -- the day's orders\n  select count(*) from orders where created_at > $1",
      'commit',
    ]);
    expect(kept).toEqual([
      'insert into "order_items" ("id", "qty") values ($1, $2) returning "id"',
      'select "id" from "orders" where "id" in ($1)',
      'select count(*) from orders where created_at > $1',
    ]);
  });

  it('makes white space and comments compact outside quotes only', () => {
    expect(compactStatement("select  'a  -- b'  ,\n  \"x  y\" -- note\n from t where v = E'it\\'s  ok'")).toBe(
      "select 'a  -- b' , \"x  y\" from t where v = E'it\\'s  ok'",
    );
  });

  it('cuts a multi-row insert to its first row only when nothing after the rows takes a parameter', () => {
    expect(firstRowOnly("insert into t (a, b) values ($1, '(x), (y)'), ($2, 'z') on conflict do nothing")).toBe(
      "insert into t (a, b) values ($1, '(x), (y)') on conflict do nothing",
    );
    const upsert = 'insert into t (a) values ($1), ($2) on conflict (a) do update set b = $3';
    expect(firstRowOnly(upsert)).toBe(upsert);
  });

  it('names a statement by its first keyword', () => {
    expect(statementKind('\n -- why\n (select 1) union (select 2)')).toBe('select');
    expect(statementKind('/* batch */ WITH x AS (select 1) select * from x')).toBe('with');
  });

  it('tells statements sent by test code from the app’s, by the nearest frame of our sources', () => {
    const frame = (file: string) => `    at fn (/work/shop/${file}:10:5)`;
    const stack = (...files: string[]) => ['Error', frame('node_modules/pg/lib/client.js'), ...files.map(frame)].join('\n');
    expect(sentByTest(stack('src/server/db/sql-capture.ts', 'src/server/modules/orders/orders.repo.ts', 'src/server/x.api.test.ts'))).toBe(
      false,
    );
    expect(sentByTest(stack('src/server/db/sql-capture.ts', 'src/server/test/orders-kit.ts'))).toBe(true);
    expect(sentByTest(stack('src/server/modules/media/media.api.test.ts'))).toBe(true);
  });
});
