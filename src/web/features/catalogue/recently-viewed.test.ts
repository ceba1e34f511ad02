import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearRecentlyViewed,
  parseRecentlyViewed,
  readRecentlyViewed,
  recordRecentlyViewed,
  useRecentlyViewed,
  withViewed,
} from './recently-viewed';

const stored = () => JSON.parse(window.localStorage.getItem('recentlyViewed') ?? 'null') as unknown;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `prd_${i + 1}`);

describe('recently viewed products', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the newest first under the recentlyViewed key, each product once', () => {
    recordRecentlyViewed('prd_a');
    recordRecentlyViewed('prd_b');
    recordRecentlyViewed('prd_c');
    recordRecentlyViewed('prd_a');
    expect(stored()).toEqual(['prd_a', 'prd_c', 'prd_b']);
    expect(readRecentlyViewed()).toEqual(['prd_a', 'prd_c', 'prd_b']);
  });

  it('keeps at most 12: the oldest falls off', () => {
    for (const id of ids(14)) recordRecentlyViewed(id);
    expect(readRecentlyViewed()).toHaveLength(12);
    expect(readRecentlyViewed()[0]).toBe('prd_14');
    expect(readRecentlyViewed()).not.toContain('prd_2');
    expect(withViewed(ids(12), 'prd_new')).toEqual(['prd_new', ...ids(11)]);
  });

  it('forgives unreadable or tampered data', () => {
    for (const raw of [null, '', '{oops', '42', '{"a":1}', 'null']) expect(parseRecentlyViewed(raw), String(raw)).toEqual([]);
    expect(parseRecentlyViewed(JSON.stringify(['prd_a', 7, null, 'prd_a', '<script>', 'prd_b', ...ids(20)]))).toEqual([
      'prd_a',
      'prd_b',
      ...ids(10),
    ]);
    window.localStorage.setItem('recentlyViewed', '{broken');
    recordRecentlyViewed('prd_x');
    expect(stored()).toEqual(['prd_x']);
  });

  it('ignores ids that are not product ids', () => {
    recordRecentlyViewed('../../etc');
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('lets components follow changes here and in other tabs', () => {
    const { result } = renderHook(() => useRecentlyViewed());
    expect(result.current).toEqual([]);
    act(() => {
      recordRecentlyViewed('prd_a');
    });
    expect(result.current).toEqual(['prd_a']);
    act(() => {
      window.localStorage.setItem('recentlyViewed', JSON.stringify(['prd_z', 'prd_a']));
      window.dispatchEvent(new StorageEvent('storage', { key: 'recentlyViewed' }));
    });
    expect(result.current).toEqual(['prd_z', 'prd_a']);
    const before = result.current;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'recentlyViewed' }));
    });
    expect(result.current).toBe(before);
    act(() => {
      clearRecentlyViewed();
    });
    expect(result.current).toEqual([]);
  });
});
