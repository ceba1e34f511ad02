import { brotliCompressSync, constants } from 'node:zlib';

/** Page-like text, the same on every run (a fixed pseudo-random sequence). */
function sampleText(length: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let x = 1; size < length;) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    const part = `<div class="card p-${x % 97}"><a href="/product/${x % 10_007}">Laptop ${x % 1_000}</a> ₹${x % 1_00_000}</div>`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

/**
 * A fixed piece of work on one core, timed before the figures are measured: five times brotli of
 * 200 KB of page-like text and a JSON round trip of 2,000 items. This machine's speed varies by about
 * 2× between sessions (docs/benchmarks.md, issue 14's eighth and ninth sessions), so figures of two
 * runs compare only when their probes agree. After two runs to warm up, the fastest of 9 (what the
 * machine can do) and their median (what it did while other work ran); lower is faster.
 */
export function cpuProbe(): { fastestMs: number; medianMs: number; runsMs: number[] } {
  const text = sampleText(200_000);
  const items = Array.from({ length: 2_000 }, (_, n) => ({
    id: `prd_${n}`,
    name: `Laptop ${n}`,
    pricePaise: n * 1_999,
    specs: [n, 'RAM'],
  }));
  const runsMs: number[] = [];
  for (let run = 0; run < 11; run++) {
    const start = performance.now();
    for (let i = 0; i < 5; i++) {
      brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
      JSON.parse(JSON.stringify(items));
    }
    if (run >= 2) runsMs.push(Math.round((performance.now() - start) * 10) / 10);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { fastestMs: sorted[0]!, medianMs: sorted[4]!, runsMs };
}
