import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '~/web/components/ui/toaster';
import { AuthGate } from '~/web/components/session/auth-gate';
import { CartProvider } from '~/web/lib/cart/cart-provider';
import { createQueryClient } from '~/web/lib/query-client';
import { ServerRenderedContext } from '~/web/lib/server-rendered';

/**
 * The app's providers. `queryClient` is given when the page's data came with the server's HTML;
 * `serverRendered` says the first render must match that HTML (decision 29).
 */
export function AppProvider(props: { children: ReactNode; queryClient?: QueryClient; serverRendered?: boolean }) {
  const { children, serverRendered = false } = props;
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  // The page answers to clicks now (a server-rendered page is hydrated): <html data-ready="true">, which
  // the browser stories wait for before they act on such a page, as a fast shopper might not.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <ServerRenderedContext value={serverRendered}>
      <QueryClientProvider client={queryClient}>
        <CartProvider>
          <AuthGate>{children}</AuthGate>
          {/* Below the sticky header (taller on phones, with its search row), so a toast never covers the menu or cart. */}
          <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 128 }} closeButton duration={5000} />
        </CartProvider>
      </QueryClientProvider>
    </ServerRenderedContext>
  );
}
