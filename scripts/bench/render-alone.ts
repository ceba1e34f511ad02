// The server renderer by itself (issue 14, point 5): product pages rendered in this process with the
// API's answers recorded once from the running shop and then replayed from memory, so no HTTP, no
// Fastify, no PostgreSQL and no load generator take part. What a render costs on its own says how
// many uncached pages two cores could give at best, whatever the rest of the shop spends.
// Run by run.ts with NODE_ENV=production (React's production build); prints one JSON line.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compressAnswer } from '../../src/server/lib/compressed-answers';
import { assemblePage, loadServerRenderer, renderedPageTemplate } from '../../src/server/http/plugins/page-renderer';
import { median } from './interleaved';

export interface RenderAlone {
  /** CPU ms a page: the renderer's `render` (loaders, React Router, TanStack Query, React) and the page put together. */
  render: number;
  /** The same and brotli as the shop sends a new page. */
  renderAndBrotli: number;
  /** Median HTML size, bytes. */
  htmlBytes: number;
  pages: number;
}

const root = path.resolve(import.meta.dirname, '../..');

/** Runs this file in a process of its own (React must load its production build). */
export function measureRenderAlone(options: { origin: string; host: string; paths: string[] }): Promise<RenderAlone> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/render-alone.ts'), JSON.stringify(options)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as RenderAlone) : reject(new Error(`render-alone exited ${code}`))));
  });
}

async function main(options: { origin: string; host: string; paths: string[] }) {
  const renderer = await loadServerRenderer(path.join(root, 'dist/web-ssr/entry-server.js'));
  if (!renderer) throw new Error('dist/web-ssr is missing: build first');
  const template = renderedPageTemplate(readFileSync(path.join(root, 'dist/web/index.html'), 'utf8'));
  const answers = new Map<string, { status: number; body: string; type: string }>();
  let recording = true;
  renderer.configure({
    transport: async (url) => {
      if (recording) {
        const res = await fetch(options.origin + url, { headers: { accept: 'application/json', host: options.host } });
        answers.set(url, { status: res.status, body: await res.text(), type: res.headers.get('content-type') ?? '' });
      }
      const answer = answers.get(url);
      if (!answer) throw new Error(`No answer recorded for ${url}`);
      // As the shop's own transport hands an answer to the renderer (page-renderer.ts).
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.type } });
    },
  });
  const base = `http://${options.host}`;
  const sizes: number[] = [];
  async function page(p: string, brotli: boolean) {
    const result = await renderer!.render(new URL(p, base));
    if (result.kind !== 'page') throw new Error(`${p}: ${result.kind}`);
    const html = assemblePage(template, result);
    if (brotli) compressAnswer(html, 'br');
    return html.length;
  }
  for (const p of options.paths) await page(p, false);
  recording = false;

  const perRound = 40;
  let rendered = 0;
  async function round(brotli: boolean) {
    const before = process.cpuUsage();
    for (let i = 0; i < perRound; i++) sizes.push(await page(options.paths[(rendered++ * 7) % options.paths.length]!, brotli));
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / perRound;
  }
  // Warm-up (JIT), then rounds of either kind in turns, so that a drift of the machine touches both alike.
  for (let i = 0; i < 10; i++) await round(i % 2 === 0);
  const plain: number[] = [];
  const withBrotli: number[] = [];
  for (let i = 0; i < 24; i++) {
    plain.push(await round(false));
    withBrotli.push(await round(true));
  }
  const result: RenderAlone = {
    render: Number(median(plain).toFixed(2)),
    renderAndBrotli: Number(median(withBrotli).toFixed(2)),
    htmlBytes: Math.round(median(sizes)),
    pages: rendered,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1] === import.meta.filename) {
  await main(JSON.parse(process.argv[2]!) as { origin: string; host: string; paths: string[] });
  process.exit(0);
}
