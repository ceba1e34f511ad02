import { Redis } from 'ioredis';

/**
 * Short-lived shared state: rate-limit counters and the session cache. Redis when
 * REDIS_URL is set, so several app processes count together; process memory otherwise.
 * Its method set is what better-auth's `secondaryStorage` needs.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  getAndDelete(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one and returns the new count; a new key lives `ttlSeconds` from its first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds until the key expires; 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number | null;
}

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, Entry>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Drop expired keys now and then so an idle process does not keep them forever.
  const sweeper = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, 60_000);
  sweeper.unref();

  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async getAndDelete(key) {
      const value = live(key)?.value ?? null;
      entries.delete(key);
      return value;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: ttlSeconds ? now() + ttlSeconds * 1000 : null });
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlSeconds) {
      const entry = live(key);
      const count = entry ? Number(entry.value) + 1 : 1;
      entries.set(key, { value: String(count), expiresAt: entry ? entry.expiresAt : now() + ttlSeconds * 1000 });
      return count;
    },
    async ttl(key) {
      const entry = live(key);
      if (!entry) return 0;
      return entry.expiresAt === null ? -1 : Math.max(1, Math.ceil((entry.expiresAt - now()) / 1000));
    },
    async ping() {
      return true;
    },
    async close() {
      clearInterval(sweeper);
      entries.clear();
    },
  };
}

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

export function createRedisStore(url: string, prefix: string): KeyValueStore {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Connection problems surface as failed commands (and in /api/health); they must not crash the process.
  redis.on('error', () => undefined);
  return {
    get: (key) => redis.get(key),
    getAndDelete: (key) => redis.getdel(key),
    async set(key, value, ttlSeconds) {
      if (ttlSeconds) await redis.set(key, value, 'EX', ttlSeconds);
      else await redis.set(key, value);
    },
    async delete(key) {
      await redis.del(key);
    },
    async increment(key, ttlSeconds) {
      return Number(await redis.eval(INCREMENT_SCRIPT, 1, key, String(ttlSeconds)));
    },
    async ttl(key) {
      const seconds = await redis.ttl(key);
      return seconds === -2 ? 0 : seconds;
    },
    async ping() {
      return (await redis.ping().catch(() => null)) === 'PONG';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
