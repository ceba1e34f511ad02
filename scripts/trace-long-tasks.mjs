// The long tasks of a page load, from a Chromium trace (docs/benchmarks.md, issue 14): when each ran,
// how long, and what it was (React rendering synchronously or in slices, a commit, effects, the app's
// modules evaluated, or the browser's own work), from CPU samples named through the build's source maps.
//
//   node scripts/trace-long-tasks.mjs <url> [--runs 3] [--sim 4 | --rate 4] [--cart] [--web dist/web] [--verbose] [--top N]
//
// --rate N slows the CPU N times (Chromium's throttling; wall time, which other processes stretch too).
// --sim N runs at full speed and counts each task N × its thread's CPU time, as Lighthouse's simulated
// throttling does: on a machine shared with other work this stays comparable between runs. --cart puts
// three lines into the stored cart before the page starts. --top N lists, for each long task after FCP,
// the N functions with the most CPU samples of their own and the N source files whose code (with what
// it calls) took the most. The shop must be running (npm start).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const url = args[0];
if (!url?.startsWith('http')) {
  console.error('usage: node scripts/trace-long-tasks.mjs <url> [--runs N] [--sim N | --rate N] [--cart] [--web dist/web] [--verbose]');
  process.exit(1);
}
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 1));
const sim = Number(option('--sim', 0));
const rate = sim ? 1 : Number(option('--rate', 4));
const webDir = path.resolve(option('--web', 'dist/web'));
const verbose = args.includes('--verbose');
const top = Number(option('--top', 0));
const LONG = 50_000; // µs
const durationOf = (event) => (sim ? (event.tdur ?? event.dur) * sim : event.dur);

const maps = new Map();
function frameName(frame) {
  const file = frame.url.split('/').pop() ?? '';
  if (!maps.has(file)) {
    const mapFile = path.join(webDir, 'assets', `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(file);
  let position = {};
  try {
    if (map) position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  } catch {
    // a position outside the map
  }
  const where = position.source ? `${position.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${position.line}` : file;
  return `${position.name ?? (frame.functionName || '(anonymous)')} ${where}`;
}

/** What a task was, from the share of its CPU samples under each kind of frame. */
const KINDS = [
  ['React renders synchronously', /workLoopSync/],
  ['React renders in slices', /workLoopConcurrent/],
  ['React commits', /commitRoot/],
  ['effects', /flushPassiveEffects/],
];
const BROWSER_WORK = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
]);

// These run in the page (globalThis is the page's window there).
const cartScript = (items) => globalThis.localStorage.setItem('cart', items);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
const origin = new URL(url).origin;
const cart = args.includes('--cart')
  ? (await (await fetch(`${origin}/api/catalogue/products?page_size=3`)).json()).items.map((p, i) => ({
      product: { id: p.id, price: p.pricePaise, name: p.name, stock: p.stock },
      quantity: i + 1,
    }))
  : null;
const results = [];
for (let run = 1; run <= runs; run++) {
  // A phone as Lighthouse's mobile run has it (Moto G Power): its viewport and pixel ratio.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  if (cart) await context.addInitScript(cartScript, JSON.stringify(cart));
  // The moment the app says the page is hydrated, as a mark in the trace.
  await context.addInitScript(() => {
    const { document, MutationObserver } = globalThis;
    new MutationObserver(() => {
      if (document.documentElement.dataset.ready === 'true' && performance.getEntriesByName('data-ready').length === 0) {
        performance.mark('data-ready');
        globalThis.console.debug('data-ready');
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  if (rate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  });
  // Told by a console message, not by waitForFunction: that would inject Playwright's script into the
  // page while it hydrates, a 50 ms task of its own.
  const hydrated = page.waitForEvent('console', { predicate: (m) => m.text() === 'data-ready', timeout: 30_000 }).catch(() => undefined);
  await page.goto(url, { waitUntil: 'load' });
  await hydrated;
  await page.waitForTimeout(2000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  // Read after the trace: Playwright's selector engine, injected on first use, is a 50 ms task of its own.
  const cartCount = await page.getByTestId('cart-count').first().textContent();
  await context.close();

  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const { pid, tid } = fcp;
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === pid && e.args?.data?.isLoadingMainFrame)?.ts ?? fcp.ts;
  const ready = events.find((e) => e.name === 'data-ready' && e.pid === pid);
  const mainThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = mainThread.filter((e) => e.name === 'RunTask' && durationOf(e) >= LONG).sort((a, b) => a.ts - b.ts);

  // CPU samples of the trace's profile, each with its stack.
  const nodes = new Map();
  const samples = [];
  let time = 0;
  for (const e of events.filter((x) => x.pid === pid && (x.name === 'Profile' || x.name === 'ProfileChunk')).sort((a, b) => a.ts - b.ts)) {
    if (e.name === 'Profile') time = e.args.data.startTime;
    const profile = e.args.data?.cpuProfile;
    if (!profile) continue;
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    (profile.samples ?? []).forEach((id, i) => {
      time += e.args.data.timeDeltas?.[i] ?? 0;
      samples.push({ id, ts: time });
    });
  }
  const stackOf = (id) => {
    const names = [];
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) if (node.callFrame?.url) names.push(frameName(node.callFrame));
    return names;
  };
  for (const node of nodes.values()) for (const child of node.children ?? []) if (nodes.has(child)) nodes.get(child).parent = node.id;

  const ms = (us) => Math.round(us / 1000);
  let blocking = 0;
  const described = tasks.map((task) => {
    const stacks = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur).map((s) => stackOf(s.id));
    const inside = stacks.map((stack) => stack.join('\n'));
    const share = (pattern) => inside.filter((stack) => pattern.test(stack)).length / Math.max(1, inside.length);
    // Samples in the page's scripts but in none of React's steps: the libraries' and the app's modules evaluated.
    const kind =
      KINDS.find(([, pattern]) => share(pattern) > 0.4)?.[0] ??
      (share(/./) > 0.4 ? 'script evaluated (libraries, app modules)' : 'the browser (parsing, style, layout, paint)');
    const work = new Map();
    for (const e of mainThread) {
      const within = e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur;
      if (within && BROWSER_WORK.has(e.name) && (!sim || e.tdur !== undefined)) work.set(e.name, (work.get(e.name) ?? 0) + durationOf(e));
    }
    const afterFcp = task.ts >= fcp.ts;
    if (afterFcp) blocking += durationOf(task) - LONG;
    const line = `${ms(durationOf(task))} ms at ${ms(task.ts - start)} ms${afterFcp ? '' : ' (before FCP)'}: ${kind}`;
    const detail = [...work.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, d]) => `${name} ${ms(d)} ms`);
    const ranked = (keysOf) => {
      const counts = new Map();
      for (const stack of stacks) for (const key of new Set(keysOf(stack))) counts.set(key, (counts.get(key) ?? 0) + 1);
      return [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([key, n]) => `${Math.round((100 * n) / Math.max(1, stacks.length))}% ${key}`);
    };
    const profile =
      top && afterFcp
        ? {
            self: ranked((stack) => stack.slice(0, 1)),
            files: ranked((stack) => stack.map((f) => f.split(' ').pop().replace(/:\d+$/, ''))),
          }
        : null;
    return { line, detail, afterFcp, kind, duration: ms(durationOf(task)), profile };
  });
  console.log(
    `run ${run}: ${url}${cart ? ' (stored cart)' : ''}${sim ? `, ${sim}× CPU time` : `, CPU ${rate}× slower`} — FCP ${ms(fcp.ts - start)} ms, data-ready ${ready ? `${ms(ready.ts - start)} ms` : 'never'}, cart count ${cartCount}, ${errors.length} errors`,
  );
  for (const error of errors) console.log(`  error: ${error.slice(0, 300)}`);
  for (const task of described) {
    console.log(`  ${task.line}${verbose && task.detail.length ? ` [${task.detail.join(', ')}]` : ''}`);
    if (task.profile) {
      console.log(`    own samples: ${task.profile.self.join(' · ')}`);
      console.log(`    files (with callees): ${task.profile.files.join(' · ')}`);
    }
  }
  console.log(`  ${described.filter((t) => t.afterFcp).length} long tasks after FCP, blocking ${ms(blocking)} ms`);
  results.push({
    tasks: described.filter((t) => t.afterFcp).map((t) => `${t.duration} ${t.kind}`),
    blocking: ms(blocking),
    errors: errors.length,
  });
}
await browser.close();
if (runs > 1) {
  const sorted = results.map((r) => r.blocking).sort((a, b) => a - b);
  console.log(`blocking time after FCP: median ${sorted[Math.floor(sorted.length / 2)]} ms (${results.map((r) => r.blocking).join(', ')})`);
}
