import { describe, expect, it } from 'vitest';
import { readOnce, withReadOnce } from './read-once';

/** A read that counts how often it ran and answers after the event loop turns (as a query does). */
function counted() {
  const calls: string[] = [];
  const read = (key: string) => () => {
    calls.push(key);
    return new Promise<string>((resolve) => setTimeout(() => resolve(`row ${key}`), 1));
  };
  return { calls, read };
}

describe('readOnce', () => {
  it('reads a key once within a piece of work, for callers at the same moment and after', async () => {
    const { calls, read } = counted();
    const answers = await withReadOnce(async () => {
      const together = await Promise.all([readOnce('p1', read('p1')), readOnce('p1', read('p1'))]);
      const later = await readOnce('p1', read('p1'));
      const other = await readOnce('p2', read('p2'));
      return [...together, later, other];
    });
    expect(answers).toEqual(['row p1', 'row p1', 'row p1', 'row p2']);
    expect(calls).toEqual(['p1', 'p2']);
  });

  it('reads every time outside such work, and anew in each piece of work', async () => {
    const { calls, read } = counted();
    await readOnce('p1', read('p1'));
    await readOnce('p1', read('p1'));
    await Promise.all([withReadOnce(() => readOnce('p1', read('p1'))), withReadOnce(() => readOnce('p1', read('p1')))]);
    expect(calls).toEqual(['p1', 'p1', 'p1', 'p1']);
  });

  it('gives every caller the same failure, without reading again', async () => {
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('no such product'));
    };
    await withReadOnce(async () => {
      await expect(readOnce('gone', failing)).rejects.toThrow('no such product');
      await expect(readOnce('gone', failing)).rejects.toThrow('no such product');
    });
    expect(reads).toBe(1);
  });
});
