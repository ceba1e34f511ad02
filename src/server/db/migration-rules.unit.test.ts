import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractingSince, contractingStatements } from './migration-rules';
import { MIGRATIONS_DIR } from './migrate';
import { newestReleaseQueries } from './release-queries';

describe('expand, then contract (decision 31)', () => {
  it('finds no unmarked contracting statement in the migrations made since the previous release', () => {
    const previous = newestReleaseQueries();
    expect(previous, 'no release corpus: run npm run db:release-queries').toBeDefined();
    expect(contractingSince(previous!.migration)).toEqual([]);
  });

  it('flags what breaks the running release: drops, renames, type changes, new required columns', () => {
    const sql = [
      'ALTER TABLE "users" DROP COLUMN "phone";',
      'ALTER TABLE "orders" RENAME COLUMN "notes" TO "customer_notes";',
      'ALTER TABLE "orders" ALTER COLUMN "total_paise" SET DATA TYPE bigint;',
      'ALTER TABLE "orders" ALTER COLUMN "gstin" SET NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;',
      'DROP TABLE "wishlist_items";',
      'DROP VIEW "public"."seller_directory";',
    ].join('--> statement-breakpoint\n');
    expect(contractingStatements('0042_tidy', sql).map((c) => c.why)).toEqual([
      'drops a column',
      'renames a table or column',
      'changes a column’s type',
      'makes a column required',
      'adds a required column without a default (the previous release’s inserts leave it out)',
      'drops a table',
      'drops a view',
    ]);
  });

  it('lets additions through, a view made again in the same migration, and a contraction that says why', () => {
    const sql = [
      'CREATE TABLE "stock_alerts" ("id" text PRIMARY KEY NOT NULL, "status" text NOT NULL);',
      'ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT \'web\' NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "note" text;',
      'CREATE INDEX "orders_channel_idx" ON "orders" USING btree ("channel");',
      'DROP VIEW "public"."product_directory";',
      'CREATE VIEW "public"."product_directory" AS (select "id" from "products");',
      '-- contract: release 0.3.0 reads customer_notes only; 0.2.0 wrote both\nALTER TABLE "orders" DROP COLUMN "notes";',
    ].join('--> statement-breakpoint\n');
    expect(contractingStatements('0043_grow', sql)).toEqual([]);
  });

  it('reads drizzle-kit’s own way of changing a view (dropped, then made again) as an addition', () => {
    const tag = '0018_back-in-stock-alerts';
    const sql = readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    expect(contractingStatements(tag, sql)).toEqual([]);
    const withoutRecreate = sql.replace(/CREATE VIEW "public"\."product_directory"[^;]*;/, '');
    expect(contractingStatements(tag, withoutRecreate)).toEqual([
      { migration: tag, statement: 'DROP VIEW "public"."product_directory";', why: 'drops a view' },
    ]);
  });
});
