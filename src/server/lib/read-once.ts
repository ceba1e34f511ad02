import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Reads shared by everything one piece of work starts: a server-rendered page asks the API for its
 * product and writes the same product into its <head> (title, JSON-LD), two readers of one row
 * within a few milliseconds. Inside `withReadOnce`, `readOnce` runs each key's read once and gives
 * every caller that promise; outside it, every call reads.
 */
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` (and everything it starts) with reads of the same key shared. */
export function withReadOnce<T>(work: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), work);
}

/** The read of `key` already under way in this scope, or `read()` started now (and kept for the scope). */
export function readOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = scope.getStore();
  if (!reads) return read();
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    reads.set(key, pending);
  }
  return pending;
}
