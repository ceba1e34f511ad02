// The benchmark (npm run bench). Generates 10,000 products into a separate database, then measures
// the list, search, facet and product endpoints of the built shop at 50 concurrent connections with
// autocannon, next to a bare node:http + pg server that runs the same SQL; then checkout throughput.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { productFacetsQuerySchema, productListQuerySchema } from '../../src/shared/schemas/catalogue';
import { connectDatabase } from '../../src/server/db/client';
import { freePort, removeCluster, startEmbeddedPostgres, withDatabase } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { statementName } from '../../src/server/db/prepared';
import { createCatalogueService } from '../../src/server/modules/catalogue/catalogue.service';
import { benchAdmin } from './admin';
import { benchCheckout } from './checkout';
import { benchCluster } from './cluster';
import { cpuMeter, describeCpu, perUnit, type Role } from './cpu-by-role';
import { cpuProbe } from './cpu-probe';
import { generateCatalogue, listProductIds } from './generate';
import { measureInterleaved, median, type InterleavedRun } from './interleaved';
import { measureKept, type KeptRun } from './kept-connections';
import { measureRenderAlone, type RenderAlone } from './render-alone';
import { benchSellerDashboard, benchSellerImport } from './seller';

const env = process.env;
const root = path.resolve(import.meta.dirname, '../..');
const tmp = path.join(root, '.tmp/bench');
/** The catalogue's configurations (BENCH_VARIANTS), at most BENCH_CONFIGURATIONS a product (1: one each, as before decision 70). */
const VARIANTS = Number(env.BENCH_VARIANTS ?? env.BENCH_PRODUCTS ?? 10_000);
const PER_PRODUCT = Number(env.BENCH_CONFIGURATIONS ?? 5);
const DURATION = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SELLER_ROWS = Number(env.BENCH_IMPORT_ROWS ?? 5_000);
const ADMIN_ORDERS = Number(env.BENCH_ADMIN_ORDERS ?? 100_000);
/**
 * BENCH_ONLY=catalogue,checkout runs only those parts (catalogue, pages, checkout, seller, admin); the admin part needs
 * checkout's orders. BENCH_ONLY=cluster runs the cluster part alone: 1, 2 and 4 API processes behind nginx (it needs
 * nginx and the machine's PostgreSQL and Redis; BENCH_CLUSTER_DATABASE_URL; BENCH_CLUSTER_SIZES=1,2,4).
 */
const PARTS = new Set((env.BENCH_ONLY ?? 'catalogue,pages,checkout,seller,admin').split(',').map((p) => p.trim()));
const part = (name: string) => PARTS.has(name);
/** BENCH_ROUNDS=3 measures the catalogue endpoints three times in turn (each round: shop, no cache, bare per endpoint). */
const ROUNDS = Number(env.BENCH_ROUNDS ?? 1);
/**
 * BENCH_PAIRS=8: after its rounds, the catalogue part asks the uncached shop and the bare server in
 * turns, this many pairs of 2 s slices per endpoint (0: not at all).
 */
const PAIRS = Number(env.BENCH_PAIRS ?? 8);
/** BENCH_ENDPOINTS=list,search measures only those of the catalogue part's endpoints (list, search, facets, product). */
const ENDPOINTS = env.BENCH_ENDPOINTS?.split(',').map((e) => e.trim());
/**
 * BENCH_PROFILE=1 writes CPU profiles (node --cpu-prof) of both app servers (checkout runs on the cached one) and of the bare server
 * (unprepared; tsx's loader thread writes one of its own) to .tmp/bench-profiles/ when they stop: what
 * the shop spends beyond the bare server, part by part, under the same load.
 */
const PROFILE_DIR = env.BENCH_PROFILE ? path.join(root, '.tmp/bench-profiles') : undefined;

interface Scenario {
  name: string;
  url: string;
  /** Calls the service the way the route does, so the SQL it runs can be recorded. */
  run(service: ReturnType<typeof createCatalogueService>): Promise<unknown>;
}

/** What a browser says it accepts: the shop's answers come compressed (brotli). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const say = (line = '') => process.stdout.write(`${line}\n`);

function listScenario(name: string, qs: string): Scenario {
  return {
    name,
    url: `/api/catalogue/products?${qs}`,
    run: (s) => s.list(productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)))),
  };
}

async function waitFor(url: string, child: ChildProcess) {
  let last = 'no answer';
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up: ${last}`);
}

interface Rate {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequest?: Record<Role, number>;
}

/** CPU by role over each measured run (the servers under test count as `api`; only one of them is asked at a time). */
let meter: ReturnType<typeof cpuMeter> | undefined;

/** `nextPath` gives each request its own path (one product after another); else every request asks for `url`. */
async function measure(url: string, headers: Record<string, string> = {}, nextPath?: () => string): Promise<Rate> {
  const requests: autocannon.Request[] | undefined = nextPath
    ? [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }]
    : undefined;
  // A short warm-up (JIT, pool, PostgreSQL caches), then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2, requests });
  meter?.take();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, requests });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuPerRequest: meter ? perUnit(meter.take(), result.requests.total) : undefined,
  };
}

function bundleReport() {
  const web = path.join(root, 'dist/web');
  const manifest = JSON.parse(readFileSync(path.join(web, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] }
  >;
  const gz = (file: string) => gzipSync(readFileSync(path.join(web, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  // The entry loads the app (boot.tsx) after the first frame: both are the first page's script.
  const initial = closure(entryKey);
  for (const app of manifest[entryKey]!.dynamicImports ?? []) closure(app, initial);
  const home = closure('app/routes/home.tsx');
  const homeOnly = [...home].filter((k) => !initial.has(k));
  const sum = (keys: Iterable<string>) => [...keys].reduce((n, k) => n + gz(manifest[k]!.file), 0);
  const css = (manifest[entryKey]!.css ?? []).reduce((n, f) => n + gz(f), 0);
  const chunks = [...new Set([...initial, ...home])].map((k) => ({
    file: manifest[k]!.file,
    raw: statSync(path.join(web, manifest[k]!.file)).size,
    gzip: gz(manifest[k]!.file),
  }));
  return { initialJs: sum(initial), homeJs: sum(initial) + sum(homeOnly), css, chunks };
}

async function main() {
  if (PARTS.size === 1 && part('cluster')) {
    // The cluster part alone (it needs nginx and the machine's PostgreSQL and Redis, not the embedded server).
    const sizes = process.env.BENCH_CLUSTER_SIZES?.split(',').map(Number);
    const cluster = await benchCluster({ products: VARIANTS, duration: DURATION, connections: CONNECTIONS, sizes });
    writeFileSync(path.join(root, '.tmp/bench-cluster-result.json'), JSON.stringify({ at: new Date().toISOString(), ...cluster }, null, 2));
    say('\nResults written to .tmp/bench-cluster-result.json');
    return;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const bundles = bundleReport();
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });

  let serverUrl = env.BENCH_DATABASE_URL;
  const embedded = serverUrl ? undefined : await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg') });
  serverUrl ??= embedded!.url;
  const dbName = 'shop_bench';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = withDatabase(serverUrl, dbName);

  const children: ChildProcess[] = [];
  try {
    say(`Generating ${VARIANTS.toLocaleString('en-IN')} configurations (at most ${PER_PRODUCT} a product) into ${dbName}…`);
    const started = Date.now();
    const migrate = connectDatabase(databaseUrl, 2);
    await runMigrations(migrate.pool);
    await migrate.close();
    const products = await generateCatalogue(databaseUrl, VARIANTS, PER_PRODUCT);
    say(`  ${products.toLocaleString('en-IN')} products, done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Record the SQL the service runs for each scenario.
    const handle = connectDatabase(databaseUrl, 2);
    const { rows } = await handle.pool.query<{ id: string }>(
      `select id from products where category = 'Laptop' order by sold_count desc limit 1`,
    );
    const productId = rows[0]!.id;
    const scenarios: Scenario[] = [
      listScenario('list', 'category=Laptop&sort=price_asc&page=2'),
      listScenario('search', 'q=thinkpad%2016gb'),
      {
        name: 'facets',
        url: '/api/catalogue/facets?category=Laptop&brand=Dell,HP,Lenovo&ram=16',
        run: (s) => s.facets(productFacetsQuerySchema.parse({ category: 'Laptop', brand: 'Dell,HP,Lenovo', ram: '16' })),
      },
      { name: 'product', url: `/api/catalogue/products/${productId}`, run: (s) => s.product(productId) },
    ];
    const recorded: Record<string, { text: string; values: unknown[] }[]> = {};
    const originalQuery = handle.pool.query.bind(handle.pool) as (...args: unknown[]) => unknown;
    let current: { text: string; values: unknown[] }[] = [];
    (handle.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : first.text;
      const values = (typeof first === 'string' ? undefined : first.values) ?? (args[1] as unknown[] | undefined) ?? [];
      current.push({ text, values });
      return originalQuery(...args);
    };
    const service = createCatalogueService({ db: handle.db });
    for (const scenario of scenarios) {
      current = [];
      await scenario.run(service);
      recorded[scenario.name] = current;
    }
    await handle.close();
    const measured = scenarios.filter((scenario) => !ENDPOINTS || ENDPOINTS.includes(scenario.name));
    const scenariosFile = path.join(tmp, 'scenarios.json');
    writeFileSync(scenariosFile, JSON.stringify(recorded));

    const appPort = await freePort();
    const uncachedPort = await freePort();
    const barePort = await freePort();
    const preparedBarePort = await freePort();
    // One secret for both app servers, so a session signed in on one is valid on the other.
    const authSecret = randomBytes(32).toString('hex');
    const appEnv = (port: number, cacheSeconds: string) => ({
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(tmp, `data-${port}`),
      AUTH_SECRET: authSecret,
      CATALOGUE_CACHE_SECONDS: cacheSeconds,
      ...(cacheSeconds === '0' ? { VENDOR_DASHBOARD_CACHE_SECONDS: '0', ADMIN_DASHBOARD_CACHE_SECONDS: '0' } : {}),
      // The checkout part registers 50 customers from one address.
      PUBLIC_FORM_LIMIT_PER_HOUR: '100000',
    });
    const profileArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    const app = spawn(process.execPath, [...profileArgs, path.join(root, 'dist/server/main.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: appEnv(appPort, '30'),
    });
    children.push(app);
    const uncached = spawn(process.execPath, [...profileArgs, path.join(root, 'dist/server/main.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: appEnv(uncachedPort, '0'),
    });
    children.push(uncached);
    /** The bare server on `port`; `prepared`: sending the statements the shop prepares (decision 38) prepared too. */
    const startBare = (port: number, prepared: boolean) => {
      const child = spawn(
        process.execPath,
        [...(prepared ? [] : profileArgs), '--import', 'tsx', path.join(root, 'scripts/bench/bare-server.ts')],
        {
          cwd: root,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...env,
            BENCH_PORT: String(port),
            BENCH_DATABASE_URL: databaseUrl,
            BENCH_SCENARIOS_FILE: scenariosFile,
            ...(prepared ? { BENCH_PREPARED: '1' } : {}),
          },
        },
      );
      children.push(child);
      return child;
    };
    const bare = startBare(barePort, false);
    // What separates the shop from the prepared one is then the framework's work alone.
    const preparedBare = startBare(preparedBarePort, true);
    await waitFor(`http://127.0.0.1:${appPort}/api/health`, app);
    await waitFor(`http://127.0.0.1:${uncachedPort}/api/health`, uncached);
    await waitFor(`http://127.0.0.1:${barePort}/product`, bare);
    await waitFor(`http://127.0.0.1:${preparedBarePort}/product`, preparedBare);
    meter = cpuMeter(() => new Map(children.map((child) => [child.pid!, 'api'])));

    const load = () =>
      loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    say(`\nLoad average ${load()} (1, 5, 15 minutes) before measuring; ${cpus().length} cores.`);
    const probe = cpuProbe();
    say(
      `CPU probe: fastest ${probe.fastestMs} ms, median ${probe.medianMs} ms (scripts/bench/cpu-probe.ts; lower is faster): compare runs whose probes agree.`,
    );
    say(`Each endpoint: ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up; the servers in turn.`);
    say('shop = the built app as configured by default (30 s response cache); no cache = CATALOGUE_CACHE_SECONDS=0;');
    say('bare = node:http + pg running the same SQL statements the service ran for that request.\n');
    const line = (label: string, r: Rate) =>
      `${label} ${String(r.reqPerSec).padStart(6)} req/s p50 ${String(r.p50).padStart(4)} ms p99 ${String(r.p99).padStart(4)} ms${r.errors ? ` (${r.errors} errors)` : ''}`;
    /** CPU ms per request of the server asked (api), PostgreSQL and the load generator. */
    const cpu = (label: string, r: Rate) => (r.cpuPerRequest ? `${label}: ${describeCpu(r.cpuPerRequest)}` : '');
    const results = [];
    const rounds = part('catalogue') ? ROUNDS : 0;
    for (let round = 1; round <= rounds; round++) {
      if (rounds > 1) say(`Round ${round} of ${rounds} (load average ${load()})`);
      for (const scenario of measured) {
        const shop = await measure(`http://127.0.0.1:${appPort}${scenario.url}`);
        // The cached answer as a browser asks for it (compressed); the rest as the bare server answers: uncompressed.
        const shopBrowser = await measure(`http://127.0.0.1:${appPort}${scenario.url}`, BROWSER);
        const noCache = await measure(`http://127.0.0.1:${uncachedPort}${scenario.url}`);
        const reference = await measure(`http://127.0.0.1:${barePort}/${scenario.name}`);
        const ratio = noCache.reqPerSec / reference.reqPerSec;
        const prepares = recorded[scenario.name]!.some((statement) => statementName(statement.text) !== undefined);
        const preparedReference = prepares ? await measure(`http://127.0.0.1:${preparedBarePort}/${scenario.name}`) : undefined;
        results.push({
          round,
          scenario: scenario.name,
          url: scenario.url,
          statements: recorded[scenario.name]!.length,
          shop,
          shopBrowser,
          noCache,
          reference,
          ratio,
          ...(preparedReference ? { preparedReference, preparedRatio: noCache.reqPerSec / preparedReference.reqPerSec } : {}),
        });
        say(
          `${scenario.name.padEnd(8)} ${line('shop', shop)} | ${line('no cache', noCache)} | ${line('bare', reference)} | no-cache/bare ${ratio.toFixed(2)}`,
        );
        say(`${''.padEnd(8)} ${line('shop, compressed as a browser asks', shopBrowser)}`);
        say(`${''.padEnd(8)} CPU ms a request: ${cpu('no cache', noCache)} | ${cpu('bare', reference)}`);
        if (preparedReference) {
          const ratioPrepared = (noCache.reqPerSec / preparedReference.reqPerSec).toFixed(2);
          say(`${''.padEnd(8)} ${line('bare, prepared as the shop prepares', preparedReference)} | no-cache/this bare ${ratioPrepared}`);
        }
      }
    }
    // Point 8's ratio with the machine's drift taken out: the uncached shop and the bare server asked
    // in turns of 2 s on connections kept throughout, the order alternating from pair to pair.
    const interleaved: (InterleavedRun & { scenario: string })[] = [];
    if (part('catalogue') && PAIRS > 0) {
      say(`\nNo cache ÷ bare, asked in turns: ${PAIRS} pairs of 2 s slices per endpoint, ${CONNECTIONS} connections kept open by each`);
      for (const scenario of measured) {
        const run = await measureInterleaved({
          a: { origin: `http://127.0.0.1:${uncachedPort}`, path: scenario.url },
          b: { origin: `http://127.0.0.1:${barePort}`, path: `/${scenario.name}` },
          connections: CONNECTIONS,
          warmUp: 2,
          slice: 2,
          pairs: PAIRS,
        });
        interleaved.push({ scenario: scenario.name, ...run });
        const pairs = `pairs: median ${median(run.pairRatios).toFixed(2)}, ${Math.min(...run.pairRatios).toFixed(2)}–${Math.max(...run.pairRatios).toFixed(2)}`;
        const errors = run.errors[0] + run.errors[1] > 0 ? ` (errors: ${run.errors.join(' / ')})` : '';
        say(
          `${scenario.name.padEnd(8)} no cache ${String(run.reqPerSec[0]).padStart(6)} req/s | bare ${String(run.reqPerSec[1]).padStart(6)} req/s | no-cache/bare ${run.ratio.toFixed(2)} (${pairs})${errors}`,
        );
      }
    }
    // The product page as the server renders it (decision 29), asked for as a browser asks (brotli or
    // gzip accepted): from the page cache (and once without compression, as earlier runs measured it);
    // rendered anew, one popular product asked for by everyone at once (the server renders it once
    // for all who wait); and rendered anew, every request another product (what one render costs).
    let pages:
      | (Record<'shop' | 'shopUncompressed' | 'noCache' | 'eachProduct', Awaited<ReturnType<typeof measure>>> & {
          eachProductKept: KeptRun;
          renderAlone: RenderAlone;
        })
      | undefined;
    if (part('pages')) {
      const url = `/product/${productId}`;
      // With the shop's own host (PUBLIC_URL's): a page asked for at another host is redirected there.
      const shop = await measure(`http://127.0.0.1:${appPort}${url}`, { ...BROWSER, host: `localhost:${appPort}` });
      const shopUncompressed = await measure(`http://127.0.0.1:${appPort}${url}`, { host: `localhost:${appPort}` });
      const noCache = await measure(`http://127.0.0.1:${uncachedPort}${url}`, { ...BROWSER, host: `localhost:${uncachedPort}` });
      const ids = await listProductIds(databaseUrl);
      let next = 0;
      const eachProduct = await measure(
        `http://127.0.0.1:${uncachedPort}${url}`,
        { ...BROWSER, host: `localhost:${uncachedPort}` },
        () => `/product/${ids[next++ % ids.length]}`,
      );
      // The same on connections kept from the warm-up: what the API process sees behind nginx.
      const eachProductKept = await measureKept({
        origin: `http://127.0.0.1:${uncachedPort}`,
        headers: { ...BROWSER, host: `localhost:${uncachedPort}` },
        connections: CONNECTIONS,
        warmUp: 2,
        duration: DURATION,
        nextPath: () => `/product/${ids[next++ % ids.length]}`,
      });
      // The render by itself: the same pages in a process of their own, the API's answers replayed.
      const renderAlone = await measureRenderAlone({
        origin: `http://127.0.0.1:${uncachedPort}`,
        host: `localhost:${uncachedPort}`,
        paths: ids.slice(0, 200).map((id) => `/product/${id}`),
      });
      pages = { shop, shopUncompressed, noCache, eachProduct, eachProductKept, renderAlone };
      say(`\nServer-rendered product page (${url}, HTML as a browser asks for it, compressed):`);
      say(`  ${line('cached', shop)} | ${line('cached, uncompressed', shopUncompressed)}`);
      say(`  ${line('rendered, one product', noCache)} | ${line('rendered, every request another product', eachProduct)}`);
      say(`  CPU ms a page, every request another product: ${cpu('rendered', eachProduct)}`);
      say(
        `  ${line('rendered, every request another product, connections kept from the warm-up', eachProductKept)}, slowest ${eachProductKept.max} ms`,
      );
      say(
        `  the render alone (one process, the API's answers replayed: no HTTP, no PostgreSQL): ${renderAlone.render} ms of CPU a page, ` +
          `${renderAlone.renderAndBrotli} ms with brotli (${Math.round(renderAlone.htmlBytes / 1024)} KB of HTML); ` +
          `two cores doing nothing else: at most ${Math.floor(2000 / renderAlone.renderAndBrotli)} pages a second`,
      );
    }
    if (part('checkout') || part('admin')) {
      say(
        `\nCheckout: cash-on-delivery orders at ${CONNECTIONS} connections for ${DURATION} s, 50 signed-in customers (POST /api/orders); load average ${load()}`,
      );
    }
    const checkoutCpu: Record<Role, number>[] = [];
    const checkout =
      part('checkout') || part('admin')
        ? await benchCheckout({
            baseUrl: `http://127.0.0.1:${appPort}`,
            databaseUrl,
            duration: DURATION,
            connections: CONNECTIONS,
            // CPU by role for each scenario, from its start to its orders' commit (the e-mail jobs they queue included).
            aroundRun: { before: () => meter?.take(), after: () => checkoutCpu.push(meter!.take()) },
          })
        : [];
    for (const [i, c] of checkout.entries()) {
      say(
        `  ${c.scenario.padEnd(26)} ${String(c.ordersPerSec).padStart(5)} orders/s p50 ${String(c.p50).padStart(4)} ms p99 ${String(c.p99).padStart(4)} ms; ${c.created} answered 201, ${c.written} written, ${c.refused} refused; books ${c.consistent ? 'balance' : 'DO NOT BALANCE'}`,
      );
      if (checkoutCpu[i]) say(`    CPU ms an order: ${describeCpu(perUnit(checkoutCpu[i], c.written))}`);
    }
    let seller: Awaited<ReturnType<typeof benchSellerImport>> | undefined;
    let dashboard: Awaited<ReturnType<typeof benchSellerDashboard>> | undefined;
    if (part('seller')) {
      say(
        `\nSeller centre: a vendor imports a CSV of ${SELLER_ROWS.toLocaleString('en-IN')} new laptops, then the same file again (updates)`,
      );
      seller = await benchSellerImport({ baseUrl: `http://127.0.0.1:${appPort}`, databaseUrl, rows: SELLER_ROWS });
      say(
        `  preview ${seller.previewMs} ms (${seller.previewCounts.create} new, ${seller.previewCounts.error} errors); import answered in ${seller.importAnswerMs} ms, done in ${seller.importMs} ms (${seller.created} created); again ${seller.reimportMs} ms (${seller.updated} updated); ${seller.written} in the database; CSV ${kb(seller.csvBytes)}`,
      );
      say(
        `  /api/health/live meanwhile: slowest ${seller.previewHealthMs} ms during the preview, ${seller.importHealthMs} ms during the import; a file of 200,000 rows (${kb(seller.overLimit.bytes)}) refused (${seller.overLimit.status}) in ${seller.overLimit.ms} ms, health's slowest ${seller.overLimit.healthMs} ms`,
      );
      say(`\nSeller centre: the vendor dashboard at 20 connections, ${DURATION} s per range`);
      dashboard = await benchSellerDashboard({
        baseUrl: `http://127.0.0.1:${appPort}`,
        uncachedUrl: `http://127.0.0.1:${uncachedPort}`,
        databaseUrl,
        vendor: seller.vendor,
        duration: DURATION,
      });
      say(`  over ${dashboard.products} products, ${dashboard.orders} orders (${dashboard.lines} lines) of the vendor`);
      for (const r of dashboard.results) {
        say(`  ${r.range.padEnd(4)} ${line('shop', r.shop)} | ${line('no cache', r.noCache)}`);
      }
    }
    let admin: Awaited<ReturnType<typeof benchAdmin>> | undefined;
    if (part('admin')) {
      say(
        `\nAdmin console: the dashboard and the orders list at 20 connections, ${DURATION} s each, over ${ADMIN_ORDERS.toLocaleString('en-IN')} orders`,
      );
      admin = await benchAdmin({
        baseUrl: `http://127.0.0.1:${appPort}`,
        uncachedUrl: `http://127.0.0.1:${uncachedPort}`,
        databaseUrl,
        orders: ADMIN_ORDERS,
        duration: DURATION,
      });
      say(`  over ${admin.orders.toLocaleString('en-IN')} orders`);
      for (const r of admin.results) say(`  ${r.name.padEnd(24)} ${line('shop', r.shop)} | ${line('no cache', r.noCache)}`);
    }
    say(`\nHome page JavaScript: ${kb(bundles.homeJs)} gzipped (initial load ${kb(bundles.initialJs)}; CSS ${kb(bundles.css)})`);
    for (const c of bundles.chunks) say(`  ${c.file.padEnd(48)} ${kb(c.raw).padStart(10)} raw ${kb(c.gzip).padStart(9)} gzip`);
    writeFileSync(
      path.join(root, '.tmp/bench-result.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          cpuProbe: probe,
          variants: VARIANTS,
          products,
          results,
          interleaved,
          pages,
          checkout,
          seller,
          dashboard,
          admin,
          bundles,
        },
        null,
        2,
      ),
    );
    say('\nResults written to .tmp/bench-result.json');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await embedded?.stop();
    if (embedded) await removeCluster(path.join(tmp, 'pg'));
  }
}

await main();
