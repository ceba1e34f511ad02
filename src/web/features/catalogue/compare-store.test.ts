import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToCompare,
  addToList,
  clearCompare,
  parseCompare,
  readCompare,
  removeFromCompare,
  replaceCompare,
  useCompareList,
} from './compare-store';

const monitor = (n: number) => ({ id: `prd_mon${n}`, category: 'Monitor' as const });
const laptop = { id: 'prd_lap1', category: 'Laptop' as const };
const stored = () => JSON.parse(window.localStorage.getItem('compare') ?? 'null') as unknown;

describe('compare list', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps up to four products of one category under the compare key', () => {
    expect(addToCompare(monitor(1))).toBe('added');
    expect(addToCompare(monitor(2))).toBe('added');
    expect(stored()).toEqual({ category: 'Monitor', ids: ['prd_mon1', 'prd_mon2'] });
    expect(addToCompare(monitor(2))).toBe('already');
    expect(addToCompare(monitor(3))).toBe('added');
    expect(addToCompare(monitor(4))).toBe('added');
    expect(readCompare().ids).toHaveLength(4);
  });

  it('refuses a fifth product and leaves the list as it was', () => {
    for (const n of [1, 2, 3, 4]) addToCompare(monitor(n));
    expect(addToCompare(monitor(5))).toBe('full');
    expect(readCompare().ids).toEqual(['prd_mon1', 'prd_mon2', 'prd_mon3', 'prd_mon4']);
  });

  it('refuses a product of another category until the shopper replaces the list', () => {
    addToCompare(monitor(1));
    addToCompare(monitor(2));
    expect(addToCompare(laptop)).toBe('other-category');
    expect(readCompare()).toEqual({ category: 'Monitor', ids: ['prd_mon1', 'prd_mon2'] });
    replaceCompare(laptop);
    expect(readCompare()).toEqual({ category: 'Laptop', ids: ['prd_lap1'] });
  });

  it('takes any category again once the list is empty', () => {
    addToCompare(monitor(1));
    removeFromCompare('prd_mon1');
    expect(readCompare()).toEqual({ category: null, ids: [] });
    expect(addToCompare(laptop)).toBe('added');
    clearCompare();
    expect(readCompare().ids).toEqual([]);
  });

  it('checks the rules without storage too', () => {
    const empty = { category: null, ids: [] };
    expect(addToList(empty, laptop)).toEqual({ list: { category: 'Laptop', ids: ['prd_lap1'] }, result: 'added' });
  });

  it('forgives unreadable or tampered data', () => {
    for (const raw of [null, '', '{oops', '[]', '{"category":"Toaster","ids":["prd_a"]}', '{"category":"Monitor","ids":"prd_a"}']) {
      expect(parseCompare(raw), String(raw)).toEqual({ category: null, ids: [] });
    }
    expect(
      parseCompare(JSON.stringify({ category: 'Monitor', ids: ['prd_a', 'prd_a', 3, 'x', 'prd_b', 'prd_c', 'prd_d', 'prd_e'] })),
    ).toEqual({
      category: 'Monitor',
      ids: ['prd_a', 'prd_b', 'prd_c', 'prd_d'],
    });
  });

  it('lets components follow changes here and in other tabs', () => {
    const { result } = renderHook(() => useCompareList());
    expect(result.current.ids).toEqual([]);
    act(() => {
      addToCompare(monitor(1));
    });
    expect(result.current).toEqual({ category: 'Monitor', ids: ['prd_mon1'] });
    act(() => {
      window.localStorage.setItem('compare', JSON.stringify({ category: 'Laptop', ids: ['prd_lap1', 'prd_lap2'] }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'compare' }));
    });
    expect(result.current).toEqual({ category: 'Laptop', ids: ['prd_lap1', 'prd_lap2'] });
  });
});
