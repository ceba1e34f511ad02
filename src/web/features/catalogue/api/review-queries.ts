import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '~/shared/schemas/catalogue';
import type { MyReviewResponse, ReviewInput } from '~/shared/schemas/reviews';
import { api, isApiError } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';

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
 * Publishes the customer's review. Afterwards the reviews list and the product's average and count are
 * fetched anew, past the browser's HTTP cache (decision 60), and the customer's own review state is the one written.
 */
export function useWriteReview(productId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const mineKey = reviewKeys.mine(productId, userId);
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api<{ review: Review }>(`${productPath(productId)}/reviews`, { method: 'POST', body: input }).then((r) => r.review),
    meta: CHANGES_CATALOGUE,
    onSuccess: (review) => {
      const { id, rating, title, body, createdAt } = review;
      queryClient.setQueryData<MyReviewResponse>(mineKey, {
        canReview: false,
        reason: 'You have already reviewed this product.',
        review: { id, rating, title, body, createdAt },
      });
    },
    onError: (error) => {
      // Already reviewed (another tab) or not received after all: show what the server now says.
      if (isApiError(error, 'CONFLICT') || isApiError(error, 'FORBIDDEN')) void queryClient.invalidateQueries({ queryKey: mineKey });
    },
  });
}
