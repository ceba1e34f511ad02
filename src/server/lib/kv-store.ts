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
  /** Told when the store's backing service goes away and comes back (Redis; decision 24). */
  onAvailabilityChange?(listener: (available: boolean, reason: string) => void): void;
  /**
   * True while calls are answered from this process's memory because Redis is away: what is read
   * then was written by this process only (decision 32).
   */
  onOwnMemory?(): boolean;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number | null;
}

export function createMemoryStore(now: () => number = Date.now): KeyValueStore & { clear(): void } {
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
    clear() {
      entries.clear();
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

export interface RedisStoreOptions {
  /** A command not answered within this is answered from process memory instead (decision 24). */
  commandTimeoutMs?: number;
  /** How often Redis is asked whether it is back, while it is away. */
  recheckMs?: number;
}

/** Adds `ARGV[1]` to a counter kept in memory while Redis was away; a new key gets the TTL `ARGV[2]`. */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) and tonumber(ARGV[2]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return count`;

/**
 * Redis, falling back to process memory while Redis is away or slow (decision 24). No call waits
 * longer than `commandTimeoutMs`: the first that fails switches every later call to memory at
 * once, and Redis is asked every `recheckMs` whether it is back. The process never stops because
 * of Redis, and the client reconnects by itself.
 *
 * While Redis is away each process counts and caches on its own, as without REDIS_URL. Before
 * Redis is used again, every key written or deleted meanwhile is deleted there too (a session
 * ended during the outage must not come back from Redis's older copy; the cache falls back to
 * PostgreSQL), and counters add what they counted meanwhile (rate limits, the cache's version).
 */
export function createRedisStore(url: string, prefix: string, options: RedisStoreOptions = {}): KeyValueStore {
  const timeoutMs = options.commandTimeoutMs ?? 500;
  const recheckMs = options.recheckMs ?? 1_000;
  const redis = new Redis(url, {
    keyPrefix: prefix,
    // Fail at once while disconnected instead of queueing behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: timeoutMs,
    // Reconnect forever, at most every 2 seconds.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Connection problems surface as the fallback (and in /api/health); they must not crash the process.
  redis.on('error', () => undefined);
  const memory = createMemoryStore();
  const listeners: ((available: boolean, reason: string) => void)[] = [];
  /** Keys used in memory while Redis was away: what each counted (increments), or 0 for written or deleted. */
  const touched = new Map<string, number>();
  let state: 'starting' | 'up' | 'away' | 'rejoining' | 'closed' = 'starting';
  let recheck: NodeJS.Timeout | undefined;

  const tell = (available: boolean, reason: string) => {
    for (const listener of listeners) listener(available, reason);
  };
  const goAway = (reason: string) => {
    if (state === 'away' || state === 'closed') return;
    state = 'away';
    tell(false, reason);
    clearInterval(recheck);
    recheck = setInterval(() => void rejoin(), recheckMs);
    recheck.unref();
  };
  /** Redis answers again: bring it up to date with what happened meanwhile, then use it. */
  const rejoin = async () => {
    if (state !== 'away' || redis.status !== 'ready') return;
    state = 'rejoining';
    try {
      if ((await redis.ping()) !== 'PONG') throw new Error('no PONG');
      let reconciled = 0;
      while (touched.size > 0) {
        const batch = [...touched].slice(0, 500);
        const pipeline = redis.pipeline();
        for (const [key, added] of batch) {
          if (added === 0) pipeline.del(key);
          else {
            // A count whose window has ended in memory no longer matters.
            const ttl = await memory.ttl(key);
            if (ttl > 0) pipeline.eval(ADD_SCRIPT, 1, key, String(added), String(ttl));
          }
        }
        for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
        for (const [key] of batch) touched.delete(key);
        reconciled += batch.length;
      }
      clearInterval(recheck);
      state = 'up';
      memory.clear();
      tell(true, `${reconciled} key(s) written meanwhile brought up to date`);
    } catch {
      if (state === 'rejoining') state = 'away';
    }
  };
  redis.on('ready', () => {
    if (state === 'starting') state = 'up';
    else void rejoin();
  });

  // Right after start the first calls wait (briefly) for the first connection rather than
  // putting sessions and counters where the other processes cannot see them.
  const firstReady = new Promise<void>((resolve) => redis.once('ready', () => resolve()));

  async function firstReadyOrTimeout() {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([firstReady, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    if (state === 'starting') goAway(`not reachable at start (${redis.status})`);
  }

  /** `added`: 1 for an increment, 0 for a write or delete, -1 for a read (nothing to bring up to date). */
  async function use<T>(key: string, added: number, remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (state === 'starting') await firstReadyOrTimeout();
    if (state === 'up') {
      try {
        return await remote();
      } catch (error) {
        goAway((error as Error).message);
      }
    }
    if (added >= 0) touched.set(key, added > 0 ? (touched.get(key) ?? 0) + added : 0);
    return local();
  }

  return {
    get: (key) =>
      use(
        key,
        -1,
        () => redis.get(key),
        () => memory.get(key),
      ),
    getAndDelete: (key) =>
      use(
        key,
        0,
        () => redis.getdel(key),
        () => memory.getAndDelete(key),
      ),
    set: (key, value, ttlSeconds) =>
      use(
        key,
        0,
        async () => {
          if (ttlSeconds) await redis.set(key, value, 'EX', ttlSeconds);
          else await redis.set(key, value);
        },
        () => memory.set(key, value, ttlSeconds),
      ),
    delete: (key) =>
      use(
        key,
        0,
        async () => {
          await redis.del(key);
        },
        () => memory.delete(key),
      ),
    increment: (key, ttlSeconds) =>
      use(
        key,
        1,
        async () => Number(await redis.eval(INCREMENT_SCRIPT, 1, key, String(ttlSeconds))),
        () => memory.increment(key, ttlSeconds),
      ),
    ttl: (key) =>
      use(
        key,
        -1,
        async () => {
          const seconds = await redis.ttl(key);
          return seconds === -2 ? 0 : seconds;
        },
        () => memory.ttl(key),
      ),
    /** Whether Redis itself answers (the fallback keeps the shop working either way). */
    async ping() {
      if (state === 'starting') await firstReadyOrTimeout();
      if (state !== 'up') return false;
      const answer = await redis.ping().catch((error: Error) => error.message);
      if (answer !== 'PONG') goAway(answer);
      return answer === 'PONG';
    },
    onAvailabilityChange(listener) {
      listeners.push(listener);
    },
    onOwnMemory: () => state === 'away' || state === 'rejoining',
    async close() {
      state = 'closed';
      clearInterval(recheck);
      await memory.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
