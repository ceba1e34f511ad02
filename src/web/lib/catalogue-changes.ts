import type { QueryClient } from '@tanstack/react-query';
import { CATALOGUE_BROWSER_CACHE } from '~/shared/constants';

/**
 * What this browser shows after a change of its own to what the catalogue shows (decision 60): an order
 * that took stock, a cancellation that put it back, a review, a seller's or an admin's edit. The server
 * drops its cached answers and pages at once; the browser keeps two caches of its own that would still
 * show the old stock, price or rating to the very person who changed it:
 *
 * - TanStack Query's, in memory: the catalogue's and the cart's queries are fetched again;
 * - the HTTP cache, which may answer a catalogue read for `max-age` + `stale-while-revalidate` seconds
 *   without asking (across loads of the app: the payment provider's page in between, another tab). For
 *   that long after the change, catalogue reads ask the server (`cache: 'no-cache'`), which also
 *   replaces the old answers there.
 */

/** The first part of every catalogue query's key (`catalogueKeys` in the catalogue feature). */
export const CATALOGUE_QUERY_ROOT = ['catalogue'] as const;
/** The first part of the cart's queries (the server's check of the cart's lines). */
export const CART_QUERY_ROOT = ['cart'] as const;

/** Where the time of this browser's last change is kept (localStorage: every tab and every load of the app reads it). */
export const CATALOGUE_CHANGED_AT_KEY = 'catalogue-changed-at';
const BROWSER_CACHE_MS = (CATALOGUE_BROWSER_CACHE.maxAgeSeconds + CATALOGUE_BROWSER_CACHE.staleWhileRevalidateSeconds) * 1000;

/** A mutation's `meta` saying that its success changes what the catalogue shows (read by the query client's mutation cache). */
export const CHANGES_CATALOGUE = { changesCatalogue: true } as const;

/** Records a change of this browser's own and fetches the catalogue's and the cart's queries again; resolves once the shown ones are back. */
export function catalogueChangedHere(queryClient: QueryClient, now = Date.now()): Promise<unknown> {
  try {
    window.localStorage.setItem(CATALOGUE_CHANGED_AT_KEY, String(now));
  } catch {
    // Storage refused (private mode, full): the queries below are still fetched again.
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: CART_QUERY_ROOT }),
  ]);
}

/** How a catalogue read uses the browser's HTTP cache: past it for a while after a change of this browser's own. */
export function catalogueRequestCache(now = Date.now()): RequestCache | undefined {
  if (typeof window === 'undefined') return undefined; // the server renderer has no HTTP cache
  let changedAt = 0;
  try {
    changedAt = Number(window.localStorage.getItem(CATALOGUE_CHANGED_AT_KEY) ?? 0);
  } catch {
    return undefined;
  }
  return now - changedAt < BROWSER_CACHE_MS ? 'no-cache' : undefined;
}
