import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './kv-store';
import { createResponseCache } from './response-cache';

describe('response cache', () => {
  it('keeps answers for their time and forgets them on invalidate', async () => {
    const cache = createResponseCache({ ttlSeconds: 30 });
    await cache.set('a', '{"x":1}');
    expect(await cache.get('a')).toBe('{"x":1}');
    const before = await cache.version();
    await cache.invalidate();
    expect(await cache.get('a')).toBeNull();
    expect(await cache.version()).not.toBe(before);
  });

  it('drops the least recently used beyond its size', async () => {
    const cache = createResponseCache({ ttlSeconds: 30, maxEntries: 2 });
    await cache.set('a', '1');
    await cache.set('b', '2');
    await cache.get('a');
    await cache.set('c', '3');
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('c')).toBe('3');
  });

  it('is off with 0 seconds', async () => {
    const cache = createResponseCache({ ttlSeconds: 0 });
    await cache.set('a', '1');
    expect(await cache.get('a')).toBeNull();
  });

  it('shares answers and the version through the shared store', async () => {
    const store = createMemoryStore();
    const one = createResponseCache({ ttlSeconds: 30, shared: store });
    const two = createResponseCache({ ttlSeconds: 30, shared: store });
    await one.set('k', 'v');
    expect(await two.get('k')).toBe('v');
    await one.invalidate();
    expect(await two.version()).toBe('1');
  });
});
