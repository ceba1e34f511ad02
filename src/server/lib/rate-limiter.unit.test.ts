import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createMemoryStore, type KeyValueStore } from './kv-store';
import { RateLimiter } from './rate-limiter';

let clock: number;
let store: KeyValueStore;
let limiter: RateLimiter;
beforeEach(() => {
  clock = 1_700_000_000_000;
  store = createMemoryStore(() => clock);
  limiter = new RateLimiter(store);
});
afterEach(() => store.close());

const limit = { max: 3, windowSeconds: 900 };

async function refusal(work: Promise<void>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('RateLimiter', () => {
  it('allows the allowance, then refuses with 429 and when to retry', async () => {
    for (let i = 0; i < 3; i++) await limiter.hit('login:a', limit, 'Too many attempts.');
    clock += 60_000;
    const error = await refusal(limiter.hit('login:a', limit, 'Too many attempts.'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.statusCode).toBe(429);
    expect(error.retryAfterSeconds).toBe(840);
    expect(error.message).toBe('Too many attempts. Please try again in 14 minutes.');
  });

  it('counts each key on its own', async () => {
    for (let i = 0; i < 3; i++) await limiter.hit('login:a', limit, 'Too many.');
    await expect(limiter.hit('login:b', limit, 'Too many.')).resolves.toBeUndefined();
  });

  it('opens again when the window has passed', async () => {
    for (let i = 0; i < 4; i++) await limiter.hit('k', limit, 'Too many.').catch(() => undefined);
    clock += 900_000;
    await expect(limiter.hit('k', limit, 'Too many.')).resolves.toBeUndefined();
  });

  it('says seconds when less than a minute is left', async () => {
    const short = { max: 1, windowSeconds: 30 };
    await limiter.hit('s', short, 'Slow down.');
    const error = await refusal(limiter.hit('s', short, 'Slow down.'));
    expect(error.message).toBe('Slow down. Please try again in 30 seconds.');
    clock += 29_000;
    expect((await refusal(limiter.hit('s', short, 'Slow down.'))).message).toMatch(/in 1 second\.$/);
  });

  it('check refuses at the allowance without counting; count and reset change the tally', async () => {
    await limiter.check('c', limit, 'Too many.');
    await limiter.count('c', limit);
    await limiter.count('c', limit);
    await limiter.check('c', limit, 'Too many.');
    expect(await store.get('c')).toBe('2');
    await limiter.count('c', limit);
    expect((await refusal(limiter.check('c', limit, 'Too many.'))).code).toBe('RATE_LIMITED');
    await limiter.reset('c');
    await expect(limiter.check('c', limit, 'Too many.')).resolves.toBeUndefined();
  });

  it('lets exactly the allowance through when hits arrive together', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.hit('burst', limit, 'Too many.')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(7);
  });
});
