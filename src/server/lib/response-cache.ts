import type { KeyValueStore } from './kv-store';

/**
 * Answers of public reads (catalogue lists, facets, product pages) kept for a few seconds, as
 * JSON text. In Redis when REDIS_URL is set, so every app process shares it; otherwise in this
 * process, bounded to `maxEntries` (least recently used go first). Keys carry a version that
 * catalogue writes bump (`invalidate`), so a change shows at once everywhere the version is shared.
 */
export interface ResponseCache {
  readonly enabled: boolean;
  get(key: string): Promise<string | null>;
  set(key: string, json: string): Promise<void>;
  /** Makes every cached answer stale (after a product, price or stock change). */
  invalidate(): Promise<void>;
  /** The current version, part of every key. */
  version(): Promise<string>;
}

/** Answers larger than this are not cached (they would crowd out many small ones). */
const MAX_VALUE_BYTES = 256 * 1024;

export function createResponseCache(options: {
  ttlSeconds: number;
  shared?: KeyValueStore;
  maxEntries?: number;
  /** Keeps several caches apart in one Redis (default: the catalogue's). */
  namespace?: string;
}): ResponseCache {
  const { ttlSeconds, shared } = options;
  const namespace = options.namespace ?? 'catalogue-cache';
  const VERSION_KEY = `${namespace}:version`;
  const maxEntries = options.maxEntries ?? 2000;
  const local = new Map<string, { json: string; expiresAt: number }>();
  let localVersion = 0;
  const enabled = ttlSeconds > 0;

  return {
    enabled,
    async version() {
      if (!shared) return String(localVersion);
      return (await shared.get(VERSION_KEY)) ?? '0';
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
    async invalidate() {
      if (shared) await shared.increment(VERSION_KEY, 365 * 86_400);
      localVersion += 1;
      local.clear();
    },
  };
}
