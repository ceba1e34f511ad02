// The seller centre's part of `npm run bench`: a vendor imports a CSV of 5,000 new laptops through
// the built shop (preview, then the import: answered at once, written in one transaction by the
// shop's job worker), then imports the same file again (5,000 updates). The products written are
// counted in the database afterwards. While the preview and the first import run, and while a file of
// 200,000 rows (over the limit) is refused, /api/health/live is asked every 20 ms: its slowest answer is
// how long the shop's other requests waited on the CSV (decision 56).
import autocannon from 'autocannon';
import { stringify } from 'csv-stringify/sync';
import pg from 'pg';
import { gstinCheckCharacter } from '../../src/shared/gstin';

const PASSWORD = 'Bench-Seller-2026';

async function registerApprovedVendor(baseUrl: string, databaseUrl: string): Promise<{ cookie: string; vendorId: string }> {
  const stamp = Date.now().toString(36).toUpperCase();
  const first14 = `27ABCDE${String(Date.now() % 10_000).padStart(4, '0')}F1Z`;
  const res = await fetch(`${baseUrl}/api/vendors/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Seller',
      email: `bench.seller.${stamp.toLowerCase()}@example.in`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      businessName: `Bench Seller ${stamp}`,
      mobile: '9822045678',
      gstin: first14 + gstinCheckCharacter(first14),
      pickupLine1: 'Shop 2, Laxmi Road',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411005',
    }),
  });
  if (res.status !== 201) throw new Error(`registering the bench vendor failed: ${res.status} ${await res.text()}`);
  const vendorId = ((await res.json()) as { user: { vendor: { id: string } } }).user.vendor.id;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Trusted (decision 70): the imported products go on sale at once, as the benchmark measures them.
  await client.query(`update vendors set status = 'approved', trusted = true where id = $1`, [vendorId]);
  await client.end();
  return { cookie, vendorId };
}

export function laptopsCsv(rows: number, stock: number): string {
  const brands = ['Lenovo', 'HP', 'Dell', 'Asus', 'Acer'];
  const ram = [8, 16, 32];
  return stringify(
    Array.from({ length: rows }, (_, i) => ({
      sku: `BENCH-${String(i).padStart(5, '0')}`,
      category: 'Laptop',
      brand: brands[i % brands.length],
      name: `${brands[i % brands.length]} Benchbook ${i} Core i5 ${ram[i % 3]} GB 512 GB`,
      description: 'A benchmark laptop with a 15.6-inch Full HD screen, a backlit keyboard and a fast SSD for office work.',
      price: String(40_000 + (i % 500) * 100),
      mrp: String(60_000 + (i % 500) * 100),
      hsn_code: '84713010',
      gst_rate: '18',
      stock: String(stock),
      warranty: '1 year',
      warranty_months: '12',
      weight_kg: '2.3',
      length_cm: '45',
      width_cm: '32',
      height_cm: '9',
      status: 'active',
      processor: 'Intel Core i5-1335U',
      processor_family: 'Intel Core i5',
      ram_gb: String(ram[i % 3]),
      storage_gb: '512',
      storage_type: 'SSD',
      graphics: 'Intel Iris Xe',
      operating_system: 'Windows 11 Home',
      screen_size_in: '15.6',
      resolution: '1920 x 1080',
      resolution_name: 'Full HD',
    })),
    { header: true },
  );
}

async function post(baseUrl: string, path: string, cookie: string, csv: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: csv });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return { ms: Math.round(performance.now() - started), body };
}

interface ImportState {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  created: number | null;
  updated: number | null;
  error: string | null;
}

/** Uploads a CSV for import and follows it as the seller centre does: how long the upload took to answer, and until done. */
async function importAndFollow(baseUrl: string, cookie: string, csv: string) {
  const started = performance.now();
  const queued = JSON.parse((await post(baseUrl, '/api/vendor/products/import?fileName=bench.csv', cookie, csv)).body) as {
    import: ImportState;
  };
  const answerMs = Math.round(performance.now() - started);
  for (;;) {
    const res = await fetch(`${baseUrl}/api/vendor/products/imports/${queued.import.id}`, { headers: { cookie } });
    const { import: state } = (await res.json()) as { import: ImportState };
    if (state.status === 'failed') throw new Error(`the bench import failed: ${state.error}`);
    if (state.status === 'done') return { answerMs, ms: Math.round(performance.now() - started), state };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks /api/health/live every 20 ms while `work` runs: the slowest answer, and how many were asked. */
async function whileOthersAsk<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; asked: number }> {
  let done = false;
  let slowestMs = 0;
  let asked = 0;
  const asking = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/api/health/live`)).arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), slowestMs: Math.round(slowestMs), asked };
  } finally {
    done = true;
    await asking;
  }
}

export async function benchSellerImport(options: { baseUrl: string; databaseUrl: string; rows: number }) {
  const { baseUrl, databaseUrl, rows } = options;
  const vendor = await registerApprovedVendor(baseUrl, databaseUrl);
  const csv = laptopsCsv(rows, 10);
  const { result: preview, slowestMs: previewHealthMs } = await whileOthersAsk(baseUrl, () =>
    post(baseUrl, '/api/vendor/products/import/preview', vendor.cookie, csv),
  );
  const counts = JSON.parse(preview.body) as { create: number; update: number; error: number };
  const { result: imported, slowestMs: importHealthMs } = await whileOthersAsk(baseUrl, () => importAndFollow(baseUrl, vendor.cookie, csv));
  // As the stranger's file: 200,000 short rows, 6.6 MB (under the 10 MB limit, far over the 10,000 rows).
  const tooMany = stringify(
    Array.from({ length: 200_000 }, (_, i) => [`BIG-${i}`, `Laptop ${i}`, '49990']),
    { header: true, columns: ['sku', 'name', 'price'] },
  );
  const { result: refused, slowestMs: refusedHealthMs } = await whileOthersAsk(baseUrl, async () => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/vendor/products/import/preview`, {
      method: 'POST',
      headers: { cookie: vendor.cookie, 'content-type': 'text/csv' },
      body: tooMany,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Math.round(performance.now() - started) };
  });
  const again = await importAndFollow(baseUrl, vendor.cookie, laptopsCsv(rows, 7));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: written } = await client.query<{ n: number; stock: number }>(
    `select count(*)::int as n, max(stock)::int as stock from products where vendor_id = $1`,
    [vendor.vendorId],
  );
  await client.end();
  return {
    vendor,
    rows,
    csvBytes: Buffer.byteLength(csv),
    previewMs: preview.ms,
    previewHealthMs,
    importHealthMs,
    overLimit: { bytes: Buffer.byteLength(tooMany), ...refused, healthMs: refusedHealthMs },
    previewCounts: counts,
    importAnswerMs: imported.answerMs,
    importMs: imported.ms,
    created: imported.state.created ?? 0,
    reimportMs: again.ms,
    updated: again.state.updated ?? 0,
    written: written[0]!.n,
    stockAfterReimport: written[0]!.stock,
  };
}

/**
 * The vendor dashboard at 20 connections, on the shop as configured (figures kept 5 s per vendor,
 * concurrent requests sharing one computation) and with that cache off. The bench vendor first takes
 * over one of the three generated vendors' products and order lines (a third of the catalogue and of
 * the checkout run's orders), so its figures are computed over real volumes.
 */
export async function benchSellerDashboard(options: {
  baseUrl: string;
  uncachedUrl: string;
  databaseUrl: string;
  vendor: { cookie: string; vendorId: string };
  duration: number;
}) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  await client.query(`update products set vendor_id = $1 where vendor_id = 'ven_bench_1'`, [options.vendor.vendorId]);
  await client.query(`update order_items set vendor_id = $1 where vendor_id = 'ven_bench_1'`, [options.vendor.vendorId]);
  // As after the catalogue's generation and the checkout run: written pages are all-visible and the
  // statistics current once vacuumed (autovacuum does it in production).
  await client.query('vacuum analyze');
  const { rows } = await client.query<{ products: number; lines: number; orders: number }>(
    `select (select count(*) from products where vendor_id = $1)::int as products,
            (select count(*) from order_items where vendor_id = $1)::int as lines,
            (select count(distinct order_id) from order_items where vendor_id = $1)::int as orders`,
    [options.vendor.vendorId],
  );
  await client.end();
  const headers = { cookie: options.vendor.cookie };
  const measure = async (url: string) => {
    await autocannon({ url, headers, connections: 20, duration: 2 });
    const r = await autocannon({ url, headers, connections: 20, duration: options.duration });
    return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
  };
  const results = [];
  for (const range of ['7d', '30d'] as const) {
    const path = `/api/vendor/dashboard?range=${range}`;
    results.push({ range, shop: await measure(`${options.baseUrl}${path}`), noCache: await measure(`${options.uncachedUrl}${path}`) });
  }
  return { ...rows[0]!, results };
}
