// The cluster part of the benchmark (BENCH_ONLY=cluster npm run bench): the same catalogue and checkout
// load through nginx in front of 1, 2 and 4 API processes (SERVER_MODE=api, and a worker), on the
// machine's PostgreSQL and Redis, as ratios to one process. Issue 15, point 4.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { PGBOUNCER, startPgBouncer } from '../cluster/pgbouncer';
import { ensureDatabase, readTopology, root, startCluster } from '../cluster/topology';
import { benchCheckout } from './checkout';
import { cpuMeter, describeCpu, perUnit, type Role } from './cpu-by-role';
import { generateCatalogue, listProductIds } from './generate';
import { measureKept } from './kept-connections';

/** PostgreSQL backends PgBouncer keeps for all API processes together (each API process still pools 10 of its own). */
const PGBOUNCER_POOL = 8;

/** A page asked for as a browser asks for it, at the shop's own host (PUBLIC_URL's; another is redirected there). */
const PAGE_HEADERS = (port: number) => ({ 'accept-encoding': 'gzip, deflate, br, zstd', host: `localhost:${port}` });

const say = (line = '') => process.stdout.write(`${line}\n`);

export interface ClusterBenchRow {
  apiProcesses: number;
  /** The API processes reached PostgreSQL through PgBouncer (transaction pooling) with this many server connections. */
  pgBouncerPool?: number;
  list: number;
  product: number;
  /** Product pages rendered anew a second, every request another product (connections kept). */
  pages: number;
  pagesP99: number;
  checkout: number;
  checkoutP99: number;
  consistent: boolean;
  /** CPU milliseconds per request (per order for checkout), by role, from /proc. */
  cpuPerRequest: { list: Record<Role, number>; product: Record<Role, number>; page: Record<Role, number>; checkout: Record<Role, number> };
}

async function rate(url: string, connections: number, duration: number, meter: ReturnType<typeof cpuMeter>) {
  await autocannon({ url, connections, duration: 2 });
  meter.take();
  const r = await autocannon({ url, connections, duration });
  const cpu = perUnit(meter.take(), r.requests.total);
  return { reqPerSec: Math.round(r.requests.average), errors: r.errors + r.non2xx + r.timeouts, cpu };
}

export async function benchCluster(options: { products: number; duration: number; connections: number; sizes?: number[] }) {
  const databaseUrl = process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_bench_cluster';
  await ensureDatabase(databaseUrl, { fresh: true });
  const migrate = connectDatabase(databaseUrl, 2);
  await runMigrations(migrate.pool);
  await migrate.close();
  say(`Generating ${options.products.toLocaleString('en-IN')} products into the machine's PostgreSQL…`);
  await generateCatalogue(databaseUrl, options.products);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: string }>(`select id from products where category = 'Laptop' order by sold_count desc limit 1`);
  await db.end();
  const productId = rows[0]!.id;
  const ids = await listProductIds(databaseUrl);
  let next = 0;

  const results: ClusterBenchRow[] = [];
  const sizes = options.sizes ?? [1, 2, 4];
  // The largest size again with PgBouncer between the API processes and PostgreSQL, when it is installed.
  const rounds: { apiProcesses: number; pgBouncerPool?: number }[] = sizes.map((apiProcesses) => ({ apiProcesses }));
  if (existsSync(PGBOUNCER)) rounds.push({ apiProcesses: Math.max(...sizes), pgBouncerPool: PGBOUNCER_POOL });
  else say('PgBouncer is not installed (apt-get install -y pgbouncer): the PgBouncer round is left out.');
  for (const { apiProcesses, pgBouncerPool } of rounds) {
    const bouncer = pgBouncerPool
      ? await startPgBouncer({ databaseUrl, port: 6439, poolSize: pgBouncerPool, dir: path.join(root, '.tmp/bench-pgbouncer') })
      : undefined;
    const topology = readTopology({
      port: 8280,
      apiProcesses,
      apiFirstPort: 3121,
      workerFirstHealthPort: 3199,
      databaseUrl,
      ...(bouncer ? { apiDatabaseUrl: bouncer.url } : {}),
      redisPrefix: `bench-cluster:${Date.now().toString(36)}:`,
      s3Port: 4589,
      dataDir: path.join(root, '.tmp/bench-cluster'),
      env: {
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        PUBLIC_FORM_LIMIT_PER_HOUR: '100000',
        // Uncached answers measure the processes' own work; the cached list measures the shared Redis cache.
        CATALOGUE_CACHE_SECONDS: '0',
      },
    });
    const cluster = await startCluster(topology).catch(async (error: unknown) => {
      await bouncer?.stop();
      throw error;
    });
    // The shop's processes by pid, read again at each snapshot (the supervisor may have restarted one).
    const meter = cpuMeter(
      () => new Map(cluster.processes.filter((p) => p.child?.pid).map((p) => [p.child!.pid!, p.role === 'api' ? 'api' : 'worker'])),
    );
    try {
      say(
        `\n${apiProcesses} API process${apiProcesses > 1 ? 'es' : ''} behind nginx${bouncer ? `, through PgBouncer (${pgBouncerPool} server connections)` : ''} (load average ${loadavg()[0]!.toFixed(2)}, ${cpus().length} cores)`,
      );
      const base = `http://127.0.0.1:${topology.port}`;
      const list = await rate(
        `${base}/api/catalogue/products?category=Laptop&sort=price_asc&page=2`,
        options.connections,
        options.duration,
        meter,
      );
      const product = await rate(`${base}/api/catalogue/products/${productId}`, options.connections, options.duration, meter);
      say(
        `  list (no cache) ${list.reqPerSec} req/s; product (no cache) ${product.reqPerSec} req/s${list.errors + product.errors ? ` (${list.errors + product.errors} errors)` : ''}`,
      );
      say(`  CPU ms per list request: ${describeCpu(list.cpu)}`);
      say(`  CPU ms per product request: ${describeCpu(product.cpu)}`);
      // The product page rendered anew, every request another product, on connections kept (nginx's to the API processes are).
      const pages = await measureKept({
        origin: base,
        headers: PAGE_HEADERS(topology.port),
        connections: options.connections,
        warmUp: 2,
        duration: options.duration,
        nextPath: () => `/product/${ids[next++ % ids.length]}`,
        onMeasureStart: () => meter.take(),
      });
      const pageCpu = perUnit(meter.take(), pages.total);
      say(
        `  product page rendered anew, every request another product: ${pages.reqPerSec} pages/s p50 ${pages.p50} ms p99 ${pages.p99} ms${pages.errors ? ` (${pages.errors} errors)` : ''}`,
      );
      say(`  CPU ms per page: ${describeCpu(pageCpu)}`);
      let checkoutCpu: Record<Role, number> | undefined;
      const [spread] = await benchCheckout({
        baseUrl: base,
        databaseUrl,
        duration: options.duration,
        connections: options.connections,
        only: 'spread',
        aroundRun: { before: () => meter.take(), after: () => (checkoutCpu = meter.take()) },
      });
      const orderCpu = perUnit(checkoutCpu!, spread!.written);
      say(`  CPU ms per order: ${describeCpu(orderCpu)}`);
      say(`  checkout ${spread!.ordersPerSec} orders/s p99 ${spread!.p99} ms; books ${spread!.consistent ? 'balance' : 'DO NOT BALANCE'}`);
      results.push({
        apiProcesses,
        ...(pgBouncerPool ? { pgBouncerPool } : {}),
        list: list.reqPerSec,
        product: product.reqPerSec,
        pages: pages.reqPerSec,
        pagesP99: pages.p99,
        checkout: spread!.ordersPerSec,
        checkoutP99: spread!.p99,
        consistent: spread!.consistent,
        cpuPerRequest: { list: list.cpu, product: product.cpu, page: pageCpu, checkout: orderCpu },
      });
    } finally {
      await cluster.stop();
      await bouncer?.stop();
    }
  }
  const one = results[0]!;
  say('\nRatios to one API process (same machine, same PostgreSQL and Redis):');
  for (const r of results) {
    say(
      `  ${r.apiProcesses} × API${r.pgBouncerPool ? ' + PgBouncer' : ''}: list ${(r.list / one.list).toFixed(2)}, product ${(r.product / one.product).toFixed(2)}, pages ${(r.pages / one.pages).toFixed(2)}, checkout ${(r.checkout / one.checkout).toFixed(2)}`,
    );
  }
  return { cores: cpus().length, results };
}
