import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded';
import { AppError } from './app-error';
import { createRedisStore, type KeyValueStore } from './kv-store';
import { RateLimiter } from './rate-limiter';

/** Runs `work` and returns how long it took (ms) with its result. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const stores: KeyValueStore[] = [];
function storeAt(port: number) {
  const store = createRedisStore(`redis://127.0.0.1:${port}`, 'outage:', { commandTimeoutMs: 300 });
  stores.push(store);
  return store;
}

/** A "Redis" that takes connections and never answers: a server that hangs. */
const silent: net.Socket[] = [];
const silentServer = net.createServer((socket) => silent.push(socket));

afterAll(async () => {
  for (const store of stores) await store.close();
  for (const socket of silent) socket.destroy();
  await new Promise((resolve) => silentServer.close(resolve));
});

describe('the Redis store when Redis is away (decision 24)', () => {
  it('answers every call from process memory at once when nothing listens on the port, and says Redis is away', async () => {
    const store = storeAt(await freePort());
    const told: boolean[] = [];
    store.onAvailabilityChange?.((available) => told.push(available));

    const results: unknown[] = [];
    const times: number[] = [];
    for (const call of [
      () => store.set('session:a', 'one', 60),
      () => store.get('session:a'),
      () => store.increment('hits', 60),
      () => store.increment('hits', 60),
      () => store.ttl('hits'),
      () => store.getAndDelete('session:a'),
      () => store.get('session:a'),
      () => store.ping(),
    ] as (() => Promise<unknown>)[]) {
      const { ms, value } = await timed(call);
      times.push(ms);
      results.push(value);
    }
    const [, got, first, second, ttl, taken, gone, ping] = results;
    expect([got, first, second, taken, gone, ping]).toEqual(['one', 1, 2, 'one', null, false]);
    expect(ttl).toBeGreaterThan(55);
    // Only the very first call waits (at most the command time limit) for a first connection.
    expect(times[0]).toBeLessThan(1_000);
    expect(Math.max(...times.slice(1))).toBeLessThan(100);
    expect(told).toEqual([false]);
  });

  it('keeps rate limits counting in memory while Redis is away', async () => {
    const limiter = new RateLimiter(storeAt(await freePort()));
    const limit = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await limiter.hit('login:priya@example.in', limit, 'Too many attempts.');
    const refused = await limiter.hit('login:priya@example.in', limit, 'Too many attempts.').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(55);
  });

  it('does not hang on a Redis that takes the connection but never answers', async () => {
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const store = storeAt((silentServer.address() as net.AddressInfo).port);

    const first = await timed(() => store.set('cart:1', 'kept', 60));
    const later = await timed(() => store.get('cart:1'));
    const ping = await timed(() => store.ping());
    expect(first.ms).toBeLessThan(1_000);
    expect(later).toMatchObject({ value: 'kept' });
    expect(later.ms).toBeLessThan(100);
    expect(ping.value).toBe(false);
    expect(ping.ms).toBeLessThan(100);
  });
});
