import { RateLimiterRes } from 'rate-limiter-flexible';
import RateLimiterStoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js';
import { AppError } from './app-error';
import type { KeyValueStore } from './kv-store';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowSeconds: number;
}

function minutes(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

interface Counted {
  points: number;
  msBeforeNext: number;
}

/**
 * rate-limiter-flexible's fixed window kept in the shop's key-value store (decision 58): Redis with
 * its fall-back to process memory and its catching up afterwards (decisions 24 and 32), or memory
 * alone without REDIS_URL. The library counts and decides; the store only keeps the counters.
 */
class KeyValueStoreLimiter extends RateLimiterStoreAbstract {
  constructor(
    private readonly store: KeyValueStore,
    limit: Limit,
  ) {
    // No key prefix: the counters keep the names they had, so processes of two releases count together.
    super({ storeClient: store, keyPrefix: '', points: limit.max, duration: limit.windowSeconds });
  }

  /** Adds `points` (one: the store's increment is atomic) or, with `forceExpire`, sets the count and window anew. */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Counted> {
    const seconds = Math.ceil(msDuration / 1000);
    if (forceExpire) {
      await this.store.set(key, String(points), seconds);
      return { points, msBeforeNext: msDuration };
    }
    if (points !== 1) throw new Error('The key-value store counts one hit at a time');
    const count = await this.store.increment(key, seconds);
    return { points: count, msBeforeNext: (await this.store.ttl(key)) * 1000 };
  }

  async _get(key: string): Promise<Counted | null> {
    const value = await this.store.get(key);
    if (value === null) return null;
    return { points: Number(value), msBeforeNext: (await this.store.ttl(key)) * 1000 };
  }

  async _delete(key: string): Promise<boolean> {
    await this.store.delete(key);
    return true;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, counted: Counted): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.points - counted.points, 0),
      counted.msBeforeNext,
      counted.points,
      counted.points === changedPoints,
    );
  }
}

/** Fixed-window limits (rate-limiter-flexible) over the shared key-value store. */
export class RateLimiter {
  private readonly limiters = new Map<string, KeyValueStoreLimiter>();

  constructor(private readonly store: KeyValueStore) {}

  /**
   * Counts one hit; throws RATE_LIMITED (429, with retry-after) once the window's
   * allowance is used up. Counting first and checking after keeps it exact under
   * concurrent requests.
   */
  async hit(key: string, limit: Limit, message: string): Promise<void> {
    try {
      await this.limiter(limit).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) this.refuse(error, message);
      throw error;
    }
  }

  /** Throws RATE_LIMITED when the key has already reached `max`, without counting. */
  async check(key: string, limit: Limit, message: string): Promise<void> {
    const state = await this.limiter(limit).get(key);
    if (state && state.consumedPoints >= limit.max) this.refuse(state, message);
  }

  async count(key: string, limit: Limit): Promise<void> {
    await this.limiter(limit).penalty(key);
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }

  private limiter(limit: Limit): KeyValueStoreLimiter {
    const name = `${limit.max}/${limit.windowSeconds}`;
    let limiter = this.limiters.get(name);
    if (!limiter) this.limiters.set(name, (limiter = new KeyValueStoreLimiter(this.store, limit)));
    return limiter;
  }

  private refuse(state: RateLimiterRes, message: string): never {
    const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    throw new AppError('RATE_LIMITED', `${message} Please try again in ${minutes(retryAfterSeconds)}.`, { retryAfterSeconds });
  }
}
