import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '~/web/components/ui/toaster';
import { AuthGate } from '~/web/components/session/auth-gate';
import { CartProvider } from '~/web/lib/cart/cart-provider';
import { createQueryClient } from '~/web/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        <AuthGate>{children}</AuthGate>
        {/* Below the sticky header (taller on phones, with its search row), so a toast never covers the menu or cart. */}
        <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 128 }} closeButton duration={5000} />
      </CartProvider>
    </QueryClientProvider>
  );
}
