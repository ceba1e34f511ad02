// `npm run bench:web`: Lighthouse (mobile, its default simulated throttling) on the home page, a
// listing and a product page of the built shop with its demo data, three runs per page, the median
// run reported (Lighthouse's own computeMedianRun). Figures go to docs/benchmarks.md by hand; the
// raw reports stay in .tmp/bench-web/. Chromium: CHROME_PATH, else /usr/bin/chromium.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp/bench-web');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`Chromium is not at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

ensureBuild();
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const port = await freePort();
const base = `http://localhost:${port}`;
const shop = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const ms = (n) => `${Math.round(n)} ms`;
const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const results = [];
try {
  await waitFor(`${base}/api/health`, shop);
  const list = await (await fetch(`${base}/api/catalogue/products?category=Laptop&in_stock=true&page_size=1`)).json();
  // BENCH_WEB_PAGES=home,listing measures only those pages (all three by default).
  const only = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
  const pages = [
    { name: 'home', url: `${base}/` },
    { name: 'listing', url: `${base}/category/Laptop` },
    { name: 'product', url: `${base}/product/${list.items[0].id}` },
  ].filter((page) => !only || only.includes(page.name));
  // The browser's version moves the figures (docs/benchmarks.md, issue 14's fifth session): say which.
  const chromiumVersion = execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `Lighthouse ${RUNS}× per page (mobile, simulated throttling); ${chromiumVersion}; ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}.`,
  );
  for (const page of pages) {
    // A first visit warms the server's page cache and PostgreSQL, as a shop that has been running has,
    // and its pictures: each size is encoded (AVIF, WebP) on its first request and kept, which for the
    // product's large picture takes longer than the page itself (it made one run in three 2.7 s LCP).
    const html = await (await fetch(page.url)).text();
    const pictures = new Set([...html.matchAll(/\/media\/[^"'\s,]+/g)].map((m) => m[0].replaceAll('&amp;', '&')));
    await Promise.all([...pictures].map((src) => fetch(new URL(src, base)).then((res) => res.arrayBuffer())));
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      // A run Lighthouse could not finish (no first paint seen: it happens about once in 30 runs here) is
      // counted and left out of the median instead of ending the benchmark.
      if (result.lhr.runtimeError || !(result.lhr.audits['first-contentful-paint']?.numericValue > 0)) {
        console.log(`${page.name}: run ${i + 1} failed (${result.lhr.runtimeError?.code ?? 'no first paint'}), left out`);
        continue;
      }
      runs.push(result.lhr);
    }
    if (runs.length === 0) throw new Error(`No Lighthouse run of ${page.url} finished`);
    const lhr = computeMedianRun(runs);
    writeFileSync(path.join(tmp, `${page.name}.json`), JSON.stringify(lhr));
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const resources = lhr.audits['resource-summary']?.details?.items ?? [];
    const scripts = resources.find((item) => item.resourceType === 'script');
    // What a page view moves over the network (the capacity plan's CDN figures, docs/deploy.md).
    const kb = (type) => (resources.find((item) => item.resourceType === type)?.transferSize ?? NaN) / 1024;
    const row = {
      page: page.name,
      url: page.url.replace(base, ''),
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      scriptKb: scripts ? scripts.transferSize / 1024 : NaN,
      imageKb: kb('image'),
      totalKb: kb('total'),
      performanceRuns: runs.map((r) => score(r, 'performance')),
      tbtRuns: runs.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? NaN)),
      // Lighthouse's own measure of this machine's speed (higher is faster): its 4× slowdown is applied
      // on top of it, so a slower machine counts longer tasks (docs/benchmarks.md, thirtieth session).
      benchmarkIndexRuns: runs.map((r) => Math.round(r.environment?.benchmarkIndex ?? NaN)),
    };
    results.push(row);
    console.log(
      `${row.page.padEnd(8)} performance ${row.performance} (runs ${row.performanceRuns.join(', ')}) · accessibility ${row.accessibility} · best practices ${row.bestPractices} · SEO ${row.seo} · FCP ${ms(row.fcp)} · LCP ${ms(row.lcp)} · TBT ${ms(row.tbt)} (runs ${row.tbtRuns.join(', ')}) · CLS ${row.cls.toFixed(3)} · script ${row.scriptKb.toFixed(1)} KB transferred · pictures ${row.imageKb.toFixed(0)} KB · all ${row.totalKb.toFixed(0)} KB · benchmark index ${row.benchmarkIndexRuns.join(', ')}`,
    );
  }
  writeFileSync(
    path.join(tmp, 'summary.json'),
    JSON.stringify({ at: new Date().toISOString(), chromium: chromiumVersion, results }, null, 2),
  );
} finally {
  chrome.kill();
  shop.kill('SIGTERM');
}
