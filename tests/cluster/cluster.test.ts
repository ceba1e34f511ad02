// The cluster suite (npm run test:cluster): the topology of deploy/ on this machine — nginx, three API
// processes, a worker, the machine's PostgreSQL and Redis, an S3-compatible server — under the races and
// faults a festive-season sale brings. Issue 15, point 3.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTopology, root, startCluster, type Cluster } from '../../scripts/cluster/topology';
import type { ProductImport } from '~/shared/schemas/product-imports';
import { DEMO_ACCOUNTS } from '../../src/server/ops/seed/demo-accounts';
import { csvOf, monitorRow } from '../../src/server/test/catalogue-csv-kit';
import { until } from '../../src/server/test/job-worker-kit';
import { call, listMonitor, PASSWORD, placeOrder, signInVendor, signUpCustomer, type Customer } from './shop-client';

const API_PROCESSES = 3;
let cluster: Cluster;
let db: pg.Client;
let vendor: string;
const apiUrl = (n: number) => `http://127.0.0.1:${cluster.topology.apiFirstPort + n}`;
const apiUrls = () => Array.from({ length: API_PROCESSES }, (_, i) => apiUrl(i));

beforeAll(async () => {
  cluster = await startCluster(
    readTopology({
      port: 8180,
      apiProcesses: API_PROCESSES,
      apiFirstPort: 3111,
      workerFirstHealthPort: 3195,
      databaseUrl: process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_cluster_test',
      redisPrefix: `cluster-test:${Date.now().toString(36)}:`,
      s3Port: 4579,
      dataDir: path.join(root, '.tmp/cluster-test'),
      env: { PUBLIC_FORM_LIMIT_PER_HOUR: '100000', LOGIN_MAX_FAILURES: '5', LOG_LEVEL: 'info' },
    }),
    { freshDatabase: true },
  );
  db = new pg.Client({ connectionString: cluster.topology.databaseUrl });
  await db.connect();
  vendor = await signInVendor(cluster.url);
}, 300_000);

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
}, 60_000);

/** The API processes nginx sent the matching requests to since `from` (a byte offset of its access log). */
function upstreamsOf(pattern: RegExp, from: number): Map<string, number> {
  const log = readFileSync(path.join(cluster.topology.dataDir, 'nginx/logs/nginx-access.log'), 'utf8').slice(from);
  const counts = new Map<string, number>();
  for (const line of log.split('\n')) {
    if (!pattern.test(line)) continue;
    for (const upstream of /upstream=([^ ]+)/.exec(line)?.[1]?.split(', ') ?? []) counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
  }
  return counts;
}
const accessLogSize = () => readFileSync(path.join(cluster.topology.dataDir, 'nginx/logs/nginx-access.log')).length;

async function signUpMany(count: number, label: string): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i += 10) {
    customers.push(
      ...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => signUpCustomer(cluster.url, `${label}${i + j}`)))),
    );
  }
  return customers;
}

describe('a cluster of API processes behind nginx', () => {
  it('gives fifty customers racing for the last five monitors, spread over every API process, exactly five orders', async () => {
    const productId = await listMonitor(cluster.url, vendor, 'Benq Race 27 QHD', 5);
    const customers = await signUpMany(50, 'racer');
    const mark = accessLogSize();
    // A customer told 503 (every database connection of that process busy for 2 s) tries again, as the web app does.
    let busy = 0;
    const answers = await Promise.all(
      customers.map(async (customer) => {
        const key = crypto.randomUUID();
        for (;;) {
          const answer = await placeOrder(cluster.url, customer, productId, key);
          if (answer.status !== 503) return answer;
          busy += 1;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }),
    );
    console.info(`race: ${busy} answers of 503 (busy) were retried`);

    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(45).fill(409));
    const { rows } = await db.query<{ stock: number; lines: string }>(
      `select p.stock, (select count(*) from order_items i where i.product_id = p.id) as lines from products p where p.id = $1`,
      [productId],
    );
    expect(rows[0]).toEqual({ stock: 0, lines: '5' });
    // Every API process took part in the race.
    expect(upstreamsOf(/"POST \/api\/orders /, mark).size).toBe(API_PROCESSES);
  });

  it('shows a price changed on one process through every other process within a second', async () => {
    const productId = await listMonitor(cluster.url, vendor, 'Benq Reprice 27 QHD', 20);
    // Every process has the product's answer and page in its cache first.
    for (const url of apiUrls()) {
      expect((await call(url, 'GET', `/api/catalogue/products/${productId}`)).status).toBe(200);
      expect((await fetch(`${url}/product/${productId}`, { headers: { host: new URL(cluster.url).host } })).status).toBe(200);
    }
    const changed = await call(apiUrl(0), 'PATCH', `/api/vendor/products/${productId}`, { price: '22,490' }, vendor);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const changedAt = Date.now();

    for (const url of apiUrls().slice(1)) {
      let seenAfter = Number.POSITIVE_INFINITY;
      while (Date.now() - changedAt < 5_000) {
        const answer = await call(url, 'GET', `/api/catalogue/products/${productId}`);
        const page = await (await fetch(`${url}/product/${productId}`, { headers: { host: new URL(cluster.url).host } })).text();
        if ((answer.body.product as { pricePaise: number }).pricePaise === 2_249_000 && page.includes('22,490')) {
          seenAfter = Date.now() - changedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seenAfter, url).toBeLessThan(1_000);
    }
  });

  it('counts failed sign-ins of one account across every process', async () => {
    const customer = await signUpCustomer(cluster.url, 'limited');
    for (let attempt = 0; attempt < 5; attempt++) {
      const url = apiUrl(attempt % API_PROCESSES);
      const res = await call(url, 'POST', '/api/auth/login', { email: customer.email, password: 'not-the-password', portal: 'customer' });
      expect(res.status, `attempt ${attempt + 1} on ${url}`).toBe(401);
    }
    // The sixth, on yet another process and with the right password, is refused: the count is shared.
    const sixth = await call(apiUrl(2), 'POST', '/api/auth/login', { email: customer.email, password: PASSWORD, portal: 'customer' });
    expect(sixth.status).toBe(429);
  });

  it('loses no acknowledged order when an API process is killed (kill -9) under checkout load, and nginx keeps serving', async () => {
    const productId = await listMonitor(cluster.url, vendor, 'Benq Load 27 QHD', 100_000);
    const customers = await signUpMany(20, 'load');
    const acknowledged = new Map<string, string>(); // idempotency key → order id
    const failures: number[] = [];
    let servedAfterKill = 0;
    let killedAt = 0;
    const started = Date.now();

    const shopper = async (customer: Customer) => {
      while (Date.now() - started < 8_000) {
        const key = crypto.randomUUID();
        // A shopper whose request failed (a 502, a reset connection) tries once more with the same key, as the web app does.
        for (let attempt = 0; attempt < 2; attempt++) {
          const res = await placeOrder(cluster.url, customer, productId, key).catch(() => ({
            status: 0,
            body: {} as Record<string, unknown>,
          }));
          if (res.status === 201) {
            acknowledged.set(key, (res.body.order as { id: string }).id);
            if (killedAt && Date.now() > killedAt) servedAfterKill += 1;
            break;
          }
          failures.push(res.status);
        }
      }
    };
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      killedAt = Date.now();
      cluster.signal('api-2', 'SIGKILL');
    })();
    await Promise.all([...customers.map(shopper), killer]);

    // Every acknowledged order is in the database, once per key, and the books balance.
    const ids = [...acknowledged.values()];
    const { rows } = await db.query<{ n: string }>('select count(*) as n from orders where id = any($1)', [ids]);
    expect(Number(rows[0]!.n)).toBe(ids.length);
    const books = await db.query<{ stock: number; ordered: string; orders: string }>(
      `select p.stock, (select coalesce(sum(quantity), 0) from order_items where product_id = p.id) as ordered,
              (select count(distinct order_id) from order_items where product_id = p.id) as orders from products p where p.id = $1`,
      [productId],
    );
    expect(100_000 - books.rows[0]!.stock).toBe(Number(books.rows[0]!.ordered));
    // A retried request never made a second order (the key is unique per customer; the retry answered the first order).
    const written = await db.query<{ key: string }>(
      `select o.idempotency_key as key from orders o join order_items i on i.order_id = o.id where i.product_id = $1`,
      [productId],
    );
    expect(new Set(written.rows.map((r) => r.key)).size).toBe(written.rows.length);
    expect(Number(books.rows[0]!.orders)).toBe(written.rows.length);
    // Orders written but never acknowledged can only be those whose both tries failed.
    expect(written.rows.length - acknowledged.size).toBeLessThanOrEqual(failures.length);
    expect(ids.length).toBeGreaterThan(50);
    // nginx kept serving: orders went on being placed after the kill, and few requests failed.
    expect(servedAfterKill).toBeGreaterThan(20);
    expect(failures.length).toBeLessThan(25);
    // The supervisor starts the killed process again, and it serves.
    await cluster.ready('api-2', 60_000);
    expect((await call(apiUrl(1), 'GET', '/api/health/ready')).status).toBe(200);
  }, 120_000);

  it('finishes the job of a worker killed mid-job (kill -9) after its restart, exactly once', async () => {
    const { rows: held } = await db.query<{ sku: string }>(
      `select p.sku from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
        where u.email = $1 and p.sku is not null order by p.sku limit 1`,
      [DEMO_ACCOUNTS.khargharVendor.email],
    );
    const heldSku = held[0]!.sku;
    const prefix = `CLUSTER-${Date.now().toString(36).toUpperCase()}`;
    const rows = Array.from({ length: 300 }, (_, i) => monitorRow(`${prefix}-${i}`));
    rows.splice(260, 0, monitorRow(heldSku)); // in the second batch of 250: the job stops there while the row is locked

    // Another session locks that product: the import's job writes its first batch, then waits on it.
    const holder = new pg.Client({ connectionString: cluster.topology.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from products where sku = $1 for update', [heldSku]);
    try {
      const upload = await fetch(`${cluster.url}/api/vendor/products/import?fileName=cluster.csv`, {
        method: 'POST',
        headers: { cookie: vendor, 'content-type': 'text/csv' },
        body: csvOf(rows),
      });
      expect(upload.status, await upload.clone().text()).toBe(202);
      const importId = ((await upload.json()) as { import: { id: string } }).import.id;
      const progress = async () =>
        (await call(cluster.url, 'GET', `/api/vendor/products/imports/${importId}`, undefined, vendor)).body.import as ProductImport;
      await until(async () => {
        const now = await progress();
        return now.status === 'running' && now.done >= 250;
      }, 30_000);

      cluster.signal('worker-1', 'SIGKILL');
      await holder.query('rollback');
      await cluster.ready('worker-1', 60_000);
      const finished = await until(async () => {
        const now = await progress();
        return now.status === 'done' || now.status === 'failed' ? now : undefined;
      }, 60_000);

      expect(finished).toMatchObject({ status: 'done', created: 300, updated: 1, attempts: 2 });
      const written = await db.query<{ n: number }>(`select count(*)::int as n from products where sku like $1`, [`${prefix}-%`]);
      expect(written.rows[0]!.n).toBe(300);
      const audited = await db.query<{ n: number }>(
        `select count(*)::int as n from audit_log where action = 'product.import' and after->>'importId' = $1`,
        [importId],
      );
      expect(audited.rows[0]!.n).toBe(1);
    } finally {
      await holder.end();
    }
  }, 180_000);
});
