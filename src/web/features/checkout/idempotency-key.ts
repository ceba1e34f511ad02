import { useCallback, useRef } from 'react';

/**
 * One Idempotency-Key per checkout attempt: asked again with the same inputs (a double click, a
 * retry after a network error) it gives the same key, so the server makes one order; once any
 * input changes it gives a new one.
 */
export function useIdempotencyKey(): (inputs: unknown) => string {
  const current = useRef<{ inputs: string; key: string } | null>(null);
  return useCallback((inputs: unknown) => {
    const serialised = JSON.stringify(inputs);
    if (current.current?.inputs !== serialised) current.current = { inputs: serialised, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
}
