import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * `items.map(map)` that gives the event loop back every `every` items: for a loop over thousands of
 * rows (checking an uploaded CSV), so that the shop's other requests are answered meanwhile.
 */
export async function mapInTurns<T, R>(items: readonly T[], every: number, map: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % every === 0) await nextTurn();
    out.push(map(items[i]!, i));
  }
  return out;
}
