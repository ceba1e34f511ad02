// The app itself, loaded by main.tsx once the server's HTML has been painted.
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadPage } from './app/router';
import { createQueryClient } from './lib/query-client';
import { configureZod } from './lib/zod-settings';

configureZod();

/** Lets the browser run what waits (input, paint) before going on: `scheduler.yield` where there is one. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A page the server rendered carries its data as JSON (not a script: the CSP runs only our files).
const data = document.getElementById('page-data');
if (data && root.dataset.hydrate === 'true') {
  const queryClient = createQueryClient();
  hydrate(queryClient, JSON.parse(data.textContent ?? '{}') as DehydratedState);
  // The modules just evaluated were one task; matching the page's routes and asking for their modules
  // (Vite adds a preload link for each of their files) is another, so that neither blocks a slow phone
  // for long (docs/benchmarks.md, issue 14, sixth session).
  await yieldToBrowser();
  // The page's modules first: nothing suspends while hydrating.
  await preloadPage(window.location.pathname);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (a long listing took ~300 ms of a slow phone's CPU in one task).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <AppProvider queryClient={queryClient} serverRendered>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
} else {
  // Pages only the browser renders (cart, checkout, the consoles), or a server page whose data failed.
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
