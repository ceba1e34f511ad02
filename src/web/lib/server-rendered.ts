import { createContext, useContext } from 'react';

/**
 * Whether this app started from a page the server rendered (decision 29). Then the page is shown
 * before the session and the browser's own storage (cart, compare list) are read: the first render
 * must match the server's HTML, which is the same for everyone; the signed-in parts fill in after.
 */
export const ServerRenderedContext = createContext(false);

export function useServerRendered(): boolean {
  return useContext(ServerRenderedContext);
}
