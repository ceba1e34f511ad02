import { QueryClientProvider, QueryObserver, useMutation } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_CHANGED_AT_KEY, catalogueRequestCache, CHANGES_CATALOGUE } from './catalogue-changes';
import { createQueryClient } from './query-client';

afterEach(() => window.localStorage.clear());

describe("the browser's own catalogue changes (decision 60)", () => {
  it('reads past the HTTP cache for as long as the browser may keep an answer (max-age 30 s + stale-while-revalidate 60 s), then uses it again', () => {
    expect(catalogueRequestCache()).toBeUndefined();
    const at = Date.parse('2026-03-01T10:00:00Z');
    window.localStorage.setItem(CATALOGUE_CHANGED_AT_KEY, String(at));
    expect(catalogueRequestCache(at + 1_000)).toBe('no-cache');
    expect(catalogueRequestCache(at + 89_000)).toBe('no-cache');
    expect(catalogueRequestCache(at + 90_000)).toBeUndefined();
  });

  it('a mutation marked as changing the catalogue fetches the shown catalogue and cart queries again before its own onSuccess', async () => {
    const queryClient = createQueryClient();
    const product = vi.fn().mockResolvedValueOnce({ stock: 3 }).mockResolvedValue({ stock: 2 });
    const order = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
    // The product page shows the product (an observed query); the orders list is not affected.
    const unsubscribe = new QueryObserver(queryClient, { queryKey: ['catalogue', 'product', 'prd_1'], queryFn: product }).subscribe(
      () => undefined,
    );
    await waitFor(() => expect(queryClient.getQueryData(['catalogue', 'product', 'prd_1'])).toEqual({ stock: 3 }));
    await queryClient.fetchQuery({ queryKey: ['orders', 'list'], queryFn: () => 'orders' });

    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async () => 'placed',
          meta: CHANGES_CATALOGUE,
          onSuccess: () => order(queryClient.getQueryData(['catalogue', 'product', 'prd_1'])),
        }),
      { wrapper },
    );
    result.current.mutate();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(order).toHaveBeenCalledWith({ stock: 2 });
    expect(Number(window.localStorage.getItem(CATALOGUE_CHANGED_AT_KEY))).toBeGreaterThan(Date.now() - 5_000);
    expect(queryClient.getQueryState(['orders', 'list'])?.isInvalidated).toBe(false);
    unsubscribe();
  });
});
