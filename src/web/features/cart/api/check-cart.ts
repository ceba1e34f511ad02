import { queryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CartCheckRequest, CartCheckResponse } from '~/shared/schemas/cart';
import { api } from '~/web/lib/api-client';
import { CART_QUERY_ROOT } from '~/web/lib/catalogue-changes';
import type { CartItem } from '~/web/lib/cart/cart';

export const cartKeys = {
  all: CART_QUERY_ROOT,
  check: (items: CartCheckRequest['items'], asBusiness = false) => [...cartKeys.all, 'check', items, asBusiness] as const,
};

/** The lines the server checks: what the cart asks for and the price it shows. */
export function checkLinesOf(items: readonly CartItem[]): CartCheckRequest['items'] {
  return items.map((i) => ({
    productId: i.product.id,
    ...(i.product.offerId && i.product.offerId !== i.product.id ? { offerId: i.product.offerId } : {}),
    quantity: i.quantity,
    pricePaise: i.product.price,
  }));
}

export type CheckedCart = CartCheckResponse & { sent: CartCheckRequest['items'] };

/**
 * The server's view of the cart: current prices, stock, availability and the totals, within each product's limit
 * for a consumer or, `asBusiness`, for a business (decision 77).
 */
export const checkCartQueryOptions = (lines: CartCheckRequest['items'], asBusiness = false) =>
  queryOptions({
    queryKey: cartKeys.check(lines, asBusiness),
    // The lines sent come back with the answer: a line changed since is not judged by an old answer.
    queryFn: ({ signal }) =>
      api<CartCheckResponse>('/api/cart/check', {
        method: 'POST',
        body: asBusiness ? { asBusiness, items: lines } : { items: lines },
        signal,
      }).then((r): CheckedCart => ({
        ...r,
        sent: lines,
      })),
    enabled: lines.length > 0,
    staleTime: 30_000,
  });

/** The value once it has stayed the same for `delayMs`: a burst of stepper clicks makes one check. */
export function useDebouncedValue<T extends string>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
