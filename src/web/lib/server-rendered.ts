import { createContext, useContext } from 'react';

/**
 * On a page the server rendered (decision 29): false while React hydrates it — its shell and the content
 * of every Suspense boundary in it —, true from then on; always true on a page the browser renders.
 * The app makes it true in a transition once the shell is hydrated: the change reaches every boundary not
 * yet hydrated, so React hydrates them first, in slices, and commits it only when the whole page is.
 * What only the browser knows (the stored cart, the session, compare, recently viewed) shows through it:
 * a boundary hydrated after the shell then still renders what the server did, as React requires.
 */
export const HydratedContext = createContext(true);

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
