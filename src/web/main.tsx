import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A page the server rendered carries its data as JSON (not a script: the CSP runs only our files).
const data = document.getElementById('page-data');
if (data && root.dataset.hydrate === 'true') {
  const queryClient = createQueryClient();
  hydrate(queryClient, JSON.parse(data.textContent ?? '{}') as DehydratedState);
  hydrateRoot(
    root,
    <StrictMode>
      <AppProvider queryClient={queryClient} serverRendered>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
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
