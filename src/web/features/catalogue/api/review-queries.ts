import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProductDetail, Review } from '~/shared/schemas/catalogue';
import type { MyReviewResponse, ReviewInput } from '~/shared/schemas/reviews';
import { api, isApiError } from '~/web/lib/api-client';
import { catalogueKeys } from './catalogue-queries';

const productPath = (productId: string) => `/api/catalogue/products/${encodeURIComponent(productId)}`;

export const reviewKeys = {
  all: ['reviews'] as const,
  /** Per user too: another account signed in on the same browser has its own answer. */
  mine: (productId: string, userId: string | undefined) => [...reviewKeys.all, 'mine', productId, userId ?? null] as const,
};

/** Whether the signed-in customer may review the product, why not, and their review if they wrote one. */
export const myReviewQueryOptions = (productId: string, userId: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: reviewKeys.mine(productId, userId),
    queryFn: ({ signal }) => api<MyReviewResponse>(`${productPath(productId)}/my-review`, { signal }),
    enabled,
  });

/**
 * The product answer may sit in the browser's HTTP cache (the server lets it keep it for 30 s), where
 * a plain refetch would find the old rating. This asks the server past that cache and refreshes it too.
 */
async function refreshProduct(queryClient: QueryClient, productId: string) {
  try {
    const response = await fetch(productPath(productId), {
      cache: 'reload',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.ok) {
      const { product } = (await response.json()) as { product: ProductDetail };
      queryClient.setQueryData(catalogueKeys.product(productId), product);
      return;
    }
  } catch {
    // Fall through: a refetch in the ordinary way is the next best thing.
  }
  await queryClient.invalidateQueries({ queryKey: catalogueKeys.product(productId) });
}

/**
 * Publishes the customer's review. Afterwards the reviews list, the product's average and count,
 * and the customer's own review state are fetched anew.
 */
export function useWriteReview(productId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const mineKey = reviewKeys.mine(productId, userId);
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api<{ review: Review }>(`${productPath(productId)}/reviews`, { method: 'POST', body: input }).then((r) => r.review),
    onSuccess: async (review) => {
      const { id, rating, title, body, createdAt } = review;
      queryClient.setQueryData<MyReviewResponse>(mineKey, {
        canReview: false,
        reason: 'You have already reviewed this product.',
        review: { id, rating, title, body, createdAt },
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...catalogueKeys.all, 'reviews', productId] }),
        refreshProduct(queryClient, productId),
      ]);
    },
    onError: (error) => {
      // Already reviewed (another tab) or not received after all: show what the server now says.
      if (isApiError(error, 'CONFLICT') || isApiError(error, 'FORBIDDEN')) void queryClient.invalidateQueries({ queryKey: mineKey });
    },
  });
}
