import { useState } from 'react';

/**
 * A control that follows the URL shows the shopper's choice at once. The router updates the URL in
 * a transition, so without this a ticked box would snap back for a moment before showing ticked.
 * The pending value is dropped as soon as the URL's value changes (whatever it changes to).
 */
export function usePendingValue<T>(actual: T, actualKey: string): [T, (value: T) => void] {
  const [pending, setPending] = useState<{ base: string; value: T } | null>(null);
  // Adjusting state while rendering (React's pattern for "reset when a prop changes"): a choice the
  // URL has moved past must not come back when Back returns to the old URL.
  if (pending !== null && pending.base !== actualKey) setPending(null);
  const value = pending !== null && pending.base === actualKey ? pending.value : actual;
  return [value, (next: T) => setPending({ base: actualKey, value: next })];
}
