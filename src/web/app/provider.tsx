import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '~/web/components/ui/toaster';
import { AuthGate } from '~/web/components/session/auth-gate';
import { CartProvider } from '~/web/lib/cart/cart-provider';
import { createQueryClient } from '~/web/lib/query-client';
import { HydratedContext } from '~/web/lib/server-rendered';

/**
 * Says when the whole page is hydrated (HydratedContext). Only it renders again then: its children are
 * the same elements, so of the app only what reads HydratedContext does.
 */
function Hydration({ serverRendered, children }: { serverRendered: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!serverRendered);
  useEffect(() => {
    // The whole page is hydrated and shows what only this browser knows: <html data-ready="true">,
    // which the browser stories wait for before they act on a server-rendered page.
    if (hydrated) document.documentElement.dataset.ready = 'true';
    // The shell is hydrated, the Suspense boundaries' content not yet (React does it later, at its lowest
    // priority). At default priority this change would hydrate them in one long task; as a transition,
    // React hydrates them in slices and commits it after them (see HydratedContext).
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** Above the bottom bars (each sets its height in a variable while it shows). */
const BOTTOM_BARS = 'var(--buy-bar-offset, 0px) + var(--compare-tray-offset, 0px)';
const TOAST_OFFSET = { bottom: `calc(${BOTTOM_BARS} + 24px)`, right: 24 };
const TOAST_MOBILE_OFFSET = { bottom: `calc(${BOTTOM_BARS} + 12px)`, left: 12, right: 12 };

/**
 * The app's providers. `queryClient` is given when the page's data came with the server's HTML;
 * `serverRendered` says the first render must match that HTML (decision 29).
 */
export function AppProvider(props: { children: ReactNode; queryClient?: QueryClient; serverRendered?: boolean }) {
  const { children, serverRendered = false } = props;
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  return (
    <Hydration serverRendered={serverRendered}>
      <QueryClientProvider client={queryClient}>
        <CartProvider>
          <AuthGate serverRendered={serverRendered}>{children}</AuthGate>
          {/*
            At the bottom (the right on a wider screen), clear of the page's heading and the header's menu and
            cart, and above the bars that sit at the bottom when they show (a phone's Add to cart, the compare tray).
          */}
          <Toaster position="bottom-right" offset={TOAST_OFFSET} mobileOffset={TOAST_MOBILE_OFFSET} closeButton duration={5000} />
        </CartProvider>
      </QueryClientProvider>
    </Hydration>
  );
}
