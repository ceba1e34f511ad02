import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewsQuery, AdminReviewsResponse, ReviewModerationResponse } from '~/shared/schemas/reviews';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

export type AdminReviewsFilter = Partial<AdminReviewsQuery>;

export const adminReviewKeys = {
  all: ['admin', 'reviews'] as const,
  list: (filter: AdminReviewsFilter) => [...adminReviewKeys.all, filter] as const,
};

/** The list state as the API's query string (the server applies the same defaults). */

/** One page of every review for the filter in the address, newest first. */
export const adminReviewsQueryOptions = (filter: AdminReviewsFilter) =>
  queryOptions({
    queryKey: adminReviewKeys.list(filter),
    queryFn: ({ signal }) => api<AdminReviewsResponse>(`/api/admin/reviews${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

const reviewPath = (reviewId: string) => `/api/admin/reviews/${encodeURIComponent(reviewId)}`;

/**
 * Hides a review (with the reason its author reads) or shows it again; the lists are fetched anew,
 * without waiting: a hidden review's row trades Hide and its dialog for Show again (or leaves a list of
 * shown reviews), which would unmount the dialog before its toast.
 */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewId: string; action: 'hide'; reason: string } | { reviewId: string; action: 'restore' }) =>
      input.action === 'hide'
        ? api<ReviewModerationResponse>(`${reviewPath(input.reviewId)}/hide`, { method: 'POST', body: { reason: input.reason } })
        : api<ReviewModerationResponse>(`${reviewPath(input.reviewId)}/restore`, { method: 'POST' }),
    // The product's average and count change with it.
    meta: CHANGES_CATALOGUE,
    onSettled: refetchWithoutWaiting(queryClient, adminReviewKeys.all),
  });
}
