import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCard, ProductCardsResponse } from '~/shared/schemas/catalogue';
import { api } from '~/web/lib/api-client';

const BASE = '/api/wishlist';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  ids: () => [...wishlistKeys.all, 'ids'] as const,
  items: () => [...wishlistKeys.all, 'items'] as const,
};

/** Ids of the signed-in customer's saved products: the hearts on cards read this. */
export const wishlistIdsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: wishlistKeys.ids(),
    queryFn: ({ signal }) => api<{ productIds: string[] }>(`${BASE}/ids`, { signal }).then((r) => r.productIds),
    enabled,
    staleTime: 5 * 60_000,
  });

/** The saved products as cards, newest saved first (the wishlist page). */
export const wishlistItemsQueryOptions = () =>
  queryOptions({
    queryKey: wishlistKeys.items(),
    queryFn: ({ signal }) => api<ProductCardsResponse>(BASE, { signal }).then((r) => r.items),
  });

interface ToggleVariables {
  productId: string;
  save: boolean;
  /** The card, when known: a save shows on the wishlist page at once. */
  product?: ProductCard;
}

/**
 * Saves or removes a product. The heart and the wishlist page change at once; on failure they
 * go back to what the server has and the caller shows the error.
 */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, save }: ToggleVariables) =>
      api<void>(`${BASE}/${encodeURIComponent(productId)}`, { method: save ? 'PUT' : 'DELETE' }),
    onMutate: async ({ productId, save, product }) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.all });
      const ids = queryClient.getQueryData<string[]>(wishlistKeys.ids());
      const items = queryClient.getQueryData<ProductCard[]>(wishlistKeys.items());
      const others = (list: string[]) => list.filter((id) => id !== productId);
      if (ids) queryClient.setQueryData(wishlistKeys.ids(), save ? [productId, ...others(ids)] : others(ids));
      if (items) {
        const rest = items.filter((p) => p.id !== productId);
        queryClient.setQueryData(wishlistKeys.items(), save && product ? [product, ...rest] : rest);
      }
      return { ids, items };
    },
    onError: (_error, _variables, context) => {
      if (context?.ids) queryClient.setQueryData(wishlistKeys.ids(), context.ids);
      if (context?.items) queryClient.setQueryData(wishlistKeys.items(), context.items);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
