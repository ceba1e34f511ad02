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

/** Fixed-window counters over the shared key-value store. */
export class RateLimiter {
  constructor(private readonly store: KeyValueStore) {}

  /**
   * Counts one hit; throws RATE_LIMITED (429, with retry-after) once the window's
   * allowance is used up. Counting first and checking after keeps it exact under
   * concurrent requests.
   */
  async hit(key: string, limit: Limit, message: string): Promise<void> {
    const count = await this.store.increment(key, limit.windowSeconds);
    if (count > limit.max) await this.refuse(key, message);
  }

  /** Throws RATE_LIMITED when the key has already reached `max`, without counting. */
  async check(key: string, limit: Limit, message: string): Promise<void> {
    const count = Number((await this.store.get(key)) ?? 0);
    if (count >= limit.max) await this.refuse(key, message);
  }

  async count(key: string, limit: Limit): Promise<void> {
    await this.store.increment(key, limit.windowSeconds);
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }

  private async refuse(key: string, message: string): Promise<never> {
    const retryAfterSeconds = Math.max(1, await this.store.ttl(key));
    throw new AppError('RATE_LIMITED', `${message} Please try again in ${minutes(retryAfterSeconds)}.`, { retryAfterSeconds });
  }
}
