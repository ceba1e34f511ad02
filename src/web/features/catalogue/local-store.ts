import { useSyncExternalStore } from 'react';
import { useHydrated } from '~/web/lib/server-rendered';

/**
 * A value kept in local storage that components follow with useSyncExternalStore: changes in
 * this tab notify at once, changes in another tab arrive through the `storage` event.
 * Unreadable stored data reads as the empty value; blocked storage (private mode) keeps
 * the value for this visit only.
 */
export interface LocalStore<T> {
  read(): T;
  write(value: T): void;
  subscribe(onChange: () => void): () => void;
  useValue(): T;
}

export function createLocalStore<T>(key: string, parse: (raw: string | null) => T): LocalStore<T> {
  const listeners = new Set<() => void>();
  // The snapshot must be the same object while the stored text is unchanged, and, with nothing stored,
  // the very object the server rendered with: a different one makes React render again.
  const empty = parse(null);
  const server = () => empty;
  let cachedRaw: string | null = null;
  let cachedValue: T = empty;
  let memory: string | null = null;

  const rawValue = (): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return memory;
    }
  };

  const read = (): T => {
    const raw = rawValue();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = parse(raw);
    }
    return cachedValue;
  };

  const notify = () => listeners.forEach((listener) => listener());

  const write = (value: T) => {
    const raw = JSON.stringify(value);
    memory = raw;
    try {
      window.localStorage.setItem(key, raw);
    } catch {
      // Storage full or blocked: `memory` keeps it for this visit.
    }
    notify();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  const subscribe = (onChange: () => void) => {
    listeners.add(onChange);
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(onChange);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };

  // On a page the server rendered, the server's (empty) value until the whole page is hydrated: the stored
  // one then comes with the cart and the session, in the same transition (decision 29).
  const useValue = () => useSyncExternalStore(subscribe, useHydrated() ? read : server, server);

  return { read, write, subscribe, useValue };
}

/** Parses stored JSON, or gives undefined for anything unreadable. */
export function parseJson(raw: string | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Product ids as the API writes them (`prd_…`): anything else in storage is dropped. */
export function isProductId(value: unknown): value is string {
  return typeof value === 'string' && /^prd_[0-9A-Za-z]{1,40}$/.test(value);
}
