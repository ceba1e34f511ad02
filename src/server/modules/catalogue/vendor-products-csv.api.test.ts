import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '~/shared/schemas/catalogue';
import type { ImportPreview } from '~/shared/schemas/vendor-products';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let kharghar: { cookie: string; vendorId: string };
let pune: { cookie: string; vendorId: string };

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  await seedDemoCatalogueForTests(t.services);
  kharghar = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
  pune = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
}, 120_000);
afterAll(() => t.close());

function send(url: string, csv: string, cookie: string) {
  return t.app.inject({ method: 'POST', url, payload: csv, headers: { cookie, 'content-type': 'text/csv' } });
}

function monitorRow(sku: string, overrides: Record<string, string> = {}) {
  return {
    sku,
    category: 'Monitor',
    brand: 'Acer',
    name: `Acer Nitro Lumenbay ${sku} 27 QHD 180 Hz`,
    description: 'A 27-inch QHD gaming monitor with a fast IPS panel, two HDMI ports and a height-adjustable stand.',
    price: '21,499',
    mrp: '32,999',
    hsn_code: '85285200',
    gst_rate: '18',
    stock: '12',
    warranty: '3 years',
    warranty_months: '36',
    weight_kg: '6.8',
    length_cm: '72',
    width_cm: '20',
    height_cm: '48',
    status: 'active',
    screen_size_in: '27',
    resolution: '2560 x 1440',
    resolution_name: 'QHD',
    panel_type: 'IPS',
    refresh_rate_hz: '180',
    ports: 'HDMI 2.0; HDMI 2.0; DisplayPort 1.2',
    ...overrides,
  };
}

const csvOf = (rows: Record<string, string>[]) => stringify(rows, { header: true });

async function preview(csv: string, cookie = kharghar.cookie): Promise<ImportPreview> {
  const res = await send('/api/vendor/products/import/preview', csv, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportPreview;
}

describe('CSV templates and export', () => {
  it("gives a template per category with that category's columns, and exports the vendor's products so they import back as updates", async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/products/import/template?category=Monitor',
      headers: { cookie: kharghar.cookie },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toMatch(/text\/csv/);
    const [header] = parse(template.body.replace(/^\uFEFF/, ''), { to_line: 1 }) as string[][];
    expect(header).toEqual(expect.arrayContaining(['sku', 'price', 'panel_type', 'refresh_rate_hz', 'ports']));
    expect(header).not.toContain('processor');
    // The template's own example row is a valid new product.
    expect((await preview(template.body)).rows.map((r) => r.action)).toEqual(['create']);

    const exported = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie: kharghar.cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(exported.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const [{ n }] = (
      await t.services.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from products where vendor_id = ${kharghar.vendorId}`,
      )
    ).rows as [{ n: number }];
    expect(rows).toHaveLength(n);
    const back = await preview(exported.body);
    expect(back.rows.filter((r) => r.action === 'error')).toEqual([]);
    expect(back).toMatchObject({ update: n, create: 0, error: 0 });
  });
});

describe('CSV import', () => {
  it('previews each row as create, update or error with the reason, and writes nothing', async () => {
    const [existing] = (
      await t.services.database.db.execute<{ sku: string }>(
        sql`select sku from products where vendor_id = ${kharghar.vendorId} and sku is not null order by sku limit 1`,
      )
    ).rows as [{ sku: string }];
    const csv = csvOf([
      monitorRow('LUM-1'),
      { ...monitorRow(existing.sku), price: '19,999' },
      monitorRow('LUM-BAD', { price: '40,000', panel_type: '' }),
      monitorRow('LUM-1'),
    ]);
    const result = await preview(csv);
    expect(result).toMatchObject({ create: 1, update: 1, error: 2 });
    expect(result.rows[0]).toMatchObject({ line: 2, sku: 'LUM-1', action: 'create', errors: {} });
    expect(result.rows[1]).toMatchObject({ line: 3, action: 'update' });
    expect(result.rows[2]).toMatchObject({
      line: 4,
      action: 'error',
      errors: { price: 'Price must not be above the MRP', panel_type: 'Enter the panel type of this monitor' },
    });
    expect(result.rows[3]!.errors.sku).toBe('This SKU is also on line 2: each row needs its own.');
    const written = await t.services.database.db.execute(sql`select 1 from products where sku = 'LUM-1'`);
    expect(written.rows).toHaveLength(0);
  });

  it('imports all valid rows in one transaction, streaming progress, and the shop finds them at once', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => monitorRow(`BULK-${i}`));
    rows.push(monitorRow('BULK-BAD', { refresh_rate_hz: 'fast' }));
    const res = await send('/api/vendor/products/import', csvOf(rows), kharghar.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.slice(0, -1)).toEqual([
      { done: 250, total: 600 },
      { done: 500, total: 600 },
      { done: 600, total: 600 },
    ]);
    expect(lines.at(-1)).toEqual({ result: { created: 600, updated: 0, skipped: 1 } });
    const search = await json(t.app, 'GET', '/api/catalogue/products?q=lumenbay');
    expect((search.json() as ProductListResponse).total).toBe(600);

    // Importing again updates the same products (matched by the vendor's SKU), creating none.
    rows.pop();
    const again = await send('/api/vendor/products/import', csvOf(rows.map((r) => ({ ...r, stock: '3' }))), kharghar.cookie);
    expect(again.body.trim().split('\n').at(-1)).toBe(JSON.stringify({ result: { created: 0, updated: 600, skipped: 0 } }));
    const [{ n, stock }] = (
      await t.services.database.db.execute<{ n: number; stock: number }>(
        sql`select count(*)::int as n, max(stock)::int as stock from products where vendor_id = ${kharghar.vendorId} and sku like 'BULK-%'`,
      )
    ).rows as [{ n: number; stock: number }];
    expect({ n, stock }).toEqual({ n: 600, stock: 3 });
  });

  it("matches SKUs per vendor: the same SKU of another vendor creates the vendor's own product and leaves theirs alone", async () => {
    await send('/api/vendor/products/import', csvOf([monitorRow('SHARED-SKU', { stock: '40' })]), pune.cookie);
    const mine = await send('/api/vendor/products/import', csvOf([monitorRow('SHARED-SKU', { stock: '2' })]), kharghar.cookie);
    expect(mine.body.trim().split('\n').at(-1)).toBe(JSON.stringify({ result: { created: 1, updated: 0, skipped: 0 } }));
    const stocks = (
      await t.services.database.db.execute<{ vendor_id: string; stock: number }>(
        sql`select vendor_id, stock from products where sku = 'SHARED-SKU' order by stock`,
      )
    ).rows;
    expect(stocks).toEqual([
      { vendor_id: kharghar.vendorId, stock: 2 },
      { vendor_id: pune.vendorId, stock: 40 },
    ]);
  });

  it('refuses an unreadable file, unknown columns, a file with no valid row, and a vendor that is not approved', async () => {
    const unknown = await send('/api/vendor/products/import/preview', 'sku,colour\nA,red\n', kharghar.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/Unknown column: colour/);
    const broken = await send('/api/vendor/products/import/preview', 'sku,name\n"A,unclosed\n', kharghar.cookie);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/not a CSV we can read/);
    const allBad = await send('/api/vendor/products/import', csvOf([monitorRow('', {})]), kharghar.cookie);
    expect(allBad.statusCode).toBe(400);
    expect(allBad.json().error.message).toMatch(/every row has an error/);
    const pending = await signUpVendor(t, 'Aundh Awaiting Monitors');
    const refused = await send('/api/vendor/products/import', csvOf([monitorRow('P-1')]), pending.cookie);
    expect(refused.statusCode).toBe(403);
  });
});
