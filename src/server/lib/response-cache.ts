import type { ChangeBus } from './change-bus';
import type { KeyValueStore } from './kv-store';

/**
 * Answers of public reads (catalogue lists, facets, product pages) kept for a few seconds, as
 * JSON text. In Redis when REDIS_URL is set, so every app process shares it; otherwise in this
 * process, bounded to `maxEntries` (least recently used go first). Keys carry a version that
 * catalogue writes bump (`invalidate`), and the change bus tells every other process (decision 32):
 * without Redis they drop their own copies; with Redis they read the new version, which each
 * process otherwise holds in memory (a cached answer costs one Redis round trip, not two).
 */
export interface ResponseCache {
  readonly enabled: boolean;
  get(key: string): Promise<string | null>;
  set(key: string, json: string): Promise<void>;
  /** Makes every cached answer stale (after a product, price or stock change), in every process. */
  invalidate(): Promise<void>;
  /** The current version, part of every key. */
  version(): Promise<string>;
  /**
   * What an answer computed now must include (decision 34): the database as of this moment
   * (performance.now()), when this process last learned that what it holds may have changed (its
   * own or another process's change, a version read from the shared store). Infinity while changes
   * may be missed (the bus not receiving): only the primary will do then.
   */
  freshSince(): number;
}

/** Answers larger than this are not cached (they would crowd out many small ones). */
const MAX_VALUE_BYTES = 256 * 1024;

export function createResponseCache(options: {
  ttlSeconds: number;
  shared?: KeyValueStore;
  maxEntries?: number;
  /** Keeps several caches apart in one Redis (default: the catalogue's); also the topic of its change messages. */
  namespace?: string;
  /** Tells the other processes of an `invalidate`, and this one of theirs. */
  bus?: ChangeBus;
}): ResponseCache {
  const { ttlSeconds, shared, bus } = options;
  const namespace = options.namespace ?? 'catalogue-cache';
  const VERSION_KEY = `${namespace}:version`;
  const maxEntries = options.maxEntries ?? 2000;
  const local = new Map<string, { json: string; expiresAt: number }>();
  let localVersion = 0;
  const enabled = ttlSeconds > 0;
  /** The shared version as last read, trusted while the bus receives (another process's change clears it). */
  let knownVersion: string | undefined;
  /** Bumped by every change: a version read that overlapped one is not kept. */
  let changes = 0;
  /** When this process last learned of a change or read the shared version (what `freshSince` answers). */
  let changeSeenAt = performance.now();

  /** Another process changed what this cache holds (or may have, while the bus was not receiving). */
  const forget = () => {
    changeSeenAt = performance.now();
    changes += 1;
    knownVersion = undefined;
    localVersion += 1;
    local.clear();
  };
  bus?.subscribe(namespace, forget);
  // Back from a Redis outage, the shared version has moved on by what each process counted in
  // memory meanwhile (decision 24): every process reads it again.
  shared?.onAvailabilityChange?.((available) => {
    if (!available) return;
    forget();
    void bus?.publish(namespace);
  });

  return {
    enabled,
    async version() {
      if (!shared) return String(localVersion);
      if (knownVersion !== undefined && bus?.live) return knownVersion;
      const seen = changes;
      const version = (await shared.get(VERSION_KEY)) ?? '0';
      // The version read may be of a change whose message has not reached this process yet.
      changeSeenAt = performance.now();
      if (bus?.live && seen === changes) knownVersion = version;
      return version;
    },
    async get(key) {
      if (!enabled) return null;
      if (shared) return shared.get(`${namespace}:${key}`);
      const entry = local.get(key);
      if (!entry) return null;
      local.delete(key);
      if (entry.expiresAt <= Date.now()) return null;
      local.set(key, entry); // most recently used last
      return entry.json;
    },
    async set(key, json) {
      if (!enabled || json.length > MAX_VALUE_BYTES) return;
      if (shared) return shared.set(`${namespace}:${key}`, json, ttlSeconds);
      local.delete(key);
      local.set(key, { json, expiresAt: Date.now() + ttlSeconds * 1000 });
      while (local.size > maxEntries) local.delete(local.keys().next().value!);
    },
    freshSince() {
      return bus && !bus.live ? Number.POSITIVE_INFINITY : changeSeenAt;
    },
    async invalidate() {
      forget();
      if (shared) await shared.increment(VERSION_KEY, 365 * 86_400);
      // A version read while the increment was under way may be the old one.
      forget();
      await bus?.publish(namespace);
    },
  };
}
