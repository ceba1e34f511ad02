// Two servers compared in turns of a few seconds on connections kept open throughout, so that a
// machine whose speed drifts by ±10–15% within minutes (docs/benchmarks.md) slows both alike. The
// catalogue part's ratios of the shop to the bare server moved more from one 10 s run to the next than
// the shop's own extra time; this asks each in short alternating slices instead.
import { keptClient } from './kept-connections';

export interface Side {
  origin: string;
  path: string;
  headers?: Record<string, string>;
}

export interface InterleavedRun {
  /** Requests a second of each side over all its slices. */
  reqPerSec: [number, number];
  /** The first side's rate over the second's, all slices together. */
  ratio: number;
  /** The same ratio for each pair of slices (A B, then B A: the order alternates). */
  pairRatios: number[];
  errors: [number, number];
}

/** One side's clients: `connections` keep-alive connections, opened in the warm-up and kept throughout. */
function clientsOf(side: Side, connections: number) {
  const { ask, close } = keptClient(side.origin, connections, side.headers);
  /** All clients ask one request after another for `seconds`; the requests answered and the time until the last came back. */
  async function run(seconds: number): Promise<{ answered: number; errors: number; elapsed: number }> {
    const started = performance.now();
    const endAt = started + seconds * 1000;
    let answered = 0;
    let errors = 0;
    const client = async () => {
      while (performance.now() < endAt) {
        const status = await ask(side.path);
        answered++;
        if (status < 200 || status >= 300) errors++;
      }
    };
    await Promise.all(Array.from({ length: connections }, client));
    return { answered, errors, elapsed: (performance.now() - started) / 1000 };
  }
  return { run, close };
}

/**
 * Asks `a` and `b` in turns: a warm-up of each, then `pairs` pairs of `slice`-second runs, A then B,
 * then B then A, and so on; one side is idle while the other is asked.
 */
export async function measureInterleaved(options: {
  a: Side;
  b: Side;
  connections: number;
  warmUp: number;
  slice: number;
  pairs: number;
}): Promise<InterleavedRun> {
  const sides = [clientsOf(options.a, options.connections), clientsOf(options.b, options.connections)] as const;
  try {
    for (const side of sides) await side.run(options.warmUp);
    const answered: [number, number] = [0, 0];
    const elapsed: [number, number] = [0, 0];
    const errors: [number, number] = [0, 0];
    const pairRatios: number[] = [];
    for (let pair = 0; pair < options.pairs; pair++) {
      const rate: [number, number] = [0, 0];
      const order: (0 | 1)[] = pair % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const run = await sides[index].run(options.slice);
        answered[index] += run.answered;
        elapsed[index] += run.elapsed;
        errors[index] += run.errors;
        rate[index] = run.answered / run.elapsed;
      }
      pairRatios.push(rate[0] / rate[1]);
    }
    const reqPerSec: [number, number] = [answered[0] / elapsed[0], answered[1] / elapsed[1]];
    return { reqPerSec: [Math.round(reqPerSec[0]), Math.round(reqPerSec[1])], ratio: reqPerSec[0] / reqPerSec[1], pairRatios, errors };
  } finally {
    for (const side of sides) side.close();
  }
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
