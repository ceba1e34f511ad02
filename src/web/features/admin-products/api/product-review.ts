import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikelyDuplicate, MergeSummary, ReviewDecisionResponse, ReviewQueueResponse } from '~/shared/schemas/product-review';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { adminProductKeys } from './admin-products-queries';

const productUrl = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

export const reviewKeys = {
  queue: (page: number) => [...adminProductKeys.all, 'review-queue', page] as const,
  count: [...adminProductKeys.all, 'review-queue', 'count'] as const,
  duplicates: (id: string) => [...adminProductKeys.all, 'duplicates', id] as const,
  merge: (id: string, intoId: string) => [...adminProductKeys.all, 'merge', id, intoId] as const,
};

/** The products awaiting review, oldest first (decision 70). */
export const reviewQueueQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: reviewKeys.queue(page),
    queryFn: ({ signal }) => api<ReviewQueueResponse>(`/api/admin/products/review-queue?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** How many products await review: the badge of the "Awaiting review" tab. */
export const reviewCountQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.count,
    queryFn: ({ signal }) => api<{ total: number }>('/api/admin/products/review-queue/count', { signal }),
  });

/** Likely duplicates of a product: the "Merge into…" dialog's suggestions. */
export const duplicatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reviewKeys.duplicates(id),
    queryFn: ({ signal }) => api<{ items: LikelyDuplicate[] }>(`${productUrl(id)}/duplicates`, { signal }),
  });

/** What merging `id` into `intoId` would move (refused as the merge would be). */
export const mergePreviewQueryOptions = (id: string, intoId: string) =>
  queryOptions({
    queryKey: reviewKeys.merge(id, intoId),
    queryFn: ({ signal }) => api<MergeSummary>(`${productUrl(id)}/merge?intoId=${encodeURIComponent(intoId)}`, { signal }),
    retry: false,
  });

/** Approves a product under review, or sends it back with a reason its seller reads. */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api<ReviewDecisionResponse>(`${productUrl(id)}/${reason === undefined ? 'approve' : 'reject'}`, {
        method: 'POST',
        ...(reason === undefined ? {} : { body: { reason } }),
      }),
    meta: CHANGES_CATALOGUE,
    onSuccess: refetchWithoutWaiting(queryClient, adminProductKeys.all),
  });
}

/** Merges a duplicate into the product kept. */
export function useMergeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, intoId }: { id: string; intoId: string }) =>
      api<MergeSummary>(`${productUrl(id)}/merge`, { method: 'POST', body: { intoId } }),
    meta: CHANGES_CATALOGUE,
    onSuccess: refetchWithoutWaiting(queryClient, adminProductKeys.all),
  });
}
