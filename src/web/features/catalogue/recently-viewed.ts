import { createLocalStore, isProductId, parseJson } from './local-store';

/** Local-storage key of the products this browser looked at, newest first. */
export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
export const RECENTLY_VIEWED_MAX = 12;

const EMPTY: readonly string[] = Object.freeze([]);

/** Reads the stored ids, keeping only product ids, each once, at most 12. */
export function parseRecentlyViewed(raw: string | null): readonly string[] {
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed)) return EMPTY;
  return [...new Set(parsed.filter(isProductId))].slice(0, RECENTLY_VIEWED_MAX);
}

/** The list after viewing a product: it moves to the front, the oldest falls off past 12. */
export function withViewed(ids: readonly string[], productId: string): string[] {
  return [productId, ...ids.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_MAX);
}

const store = createLocalStore(RECENTLY_VIEWED_KEY, parseRecentlyViewed);

export function readRecentlyViewed(): readonly string[] {
  return store.read();
}

/** Records that a product page showed this product. */
export function recordRecentlyViewed(productId: string) {
  if (!isProductId(productId)) return;
  const current = store.read();
  if (current[0] === productId) return;
  store.write(withViewed(current, productId));
}

export function clearRecentlyViewed() {
  store.write([]);
}

/** The recently viewed ids, newest first; follows changes in this and other tabs. */
export function useRecentlyViewed(): readonly string[] {
  return store.useValue();
}
