import { describe, expect, it } from 'vitest';
import type { ChangeBus } from './change-bus';
import { createMemoryStore } from './kv-store';
import { createResponseCache } from './response-cache';

/** A bus whose messages the test delivers by hand (the transports are tested in change-bus.api.test.ts). */
function handBus() {
  const listeners = new Map<string, () => void>();
  const bus: { -readonly [K in keyof ChangeBus]: ChangeBus[K] } & { deliver(topic: string): void } = {
    live: true,
    publish: async () => undefined,
    subscribe(topic, listener) {
      listeners.set(topic, listener);
      return () => listeners.delete(topic);
    },
    deliver: (topic) => listeners.get(topic)?.(),
    close: async () => undefined,
  };
  return bus;
}

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

  describe('what an answer computed now must include (freshSince, decision 34)', () => {
    it('moves to the moment this process learns of a change: its own, or another process’s message', async () => {
      const bus = handBus();
      const cache = createResponseCache({ ttlSeconds: 30, bus });
      let before = performance.now();
      await cache.invalidate();
      expect(cache.freshSince()).toBeGreaterThanOrEqual(before);
      before = performance.now();
      bus.deliver('catalogue-cache');
      expect(cache.freshSince()).toBeGreaterThanOrEqual(before);
      // Nothing new learned: it stays.
      const settled = cache.freshSince();
      await cache.version();
      expect(cache.freshSince()).toBe(settled);
    });

    it('with a shared store, moves with every version read there: the change it reflects may not have been told yet', async () => {
      const store = createMemoryStore();
      const writer = createResponseCache({ ttlSeconds: 30, shared: store, bus: handBus() });
      const bus = handBus();
      const reader = createResponseCache({ ttlSeconds: 30, shared: store, bus });
      bus.deliver('catalogue-cache');
      await writer.invalidate();
      const before = performance.now();
      expect(await reader.version()).toBe('1');
      expect(reader.freshSince()).toBeGreaterThanOrEqual(before);
    });

    it('is Infinity while the bus is not receiving: changes may be missed', () => {
      const bus = handBus();
      const cache = createResponseCache({ ttlSeconds: 30, bus });
      bus.live = false;
      expect(cache.freshSince()).toBe(Number.POSITIVE_INFINITY);
    });
  });
});
