import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminJobsQuerySchema, type AdminJob, type AdminJobsQuery, type AdminJobsResponse } from '~/shared/schemas/jobs';
import { ADMIN_JOBS_KEY } from '~/web/lib/admin-jobs';
import { api } from '~/web/lib/api-client';
import { listParamsOf } from '~/web/lib/list-state/list-params';

export type AdminJobsFilter = Partial<AdminJobsQuery>;

/** The list refreshes itself this often while the page is visible, so a running job is seen finishing. */
export const JOBS_REFRESH_SECONDS = 5;

export const adminJobKeys = {
  all: ADMIN_JOBS_KEY,
  list: (filter: AdminJobsFilter) => [...ADMIN_JOBS_KEY, 'list', filter] as const,
};

/** The list state as the API's query string: what differs from the defaults, which the server applies too. */
function queryString(filter: AdminJobsFilter): string {
  const s = listParamsOf(adminJobsQuerySchema, filter).toString();
  return s ? `?${s}` : '';
}

/** One page of the jobs in a state (failed first by default), with the count of every state and the job names in the queue. */
export const adminJobsQueryOptions = (filter: AdminJobsFilter) =>
  queryOptions({
    queryKey: adminJobKeys.list(filter),
    queryFn: ({ signal }) => api<AdminJobsResponse>(`/api/admin/jobs${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
    // TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground is off).
    refetchInterval: JOBS_REFRESH_SECONDS * 1000,
    staleTime: 0,
  });

const jobPath = (jobId: string) => `/api/admin/jobs/${encodeURIComponent(jobId)}`;

/**
 * What the row says when the server answers. Given to the mutation itself rather than to `mutate`:
 * the refreshed list drops the row (and its button) before `mutate`'s own callbacks would run.
 */
export interface JobStepNotices {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** Runs a failed or scheduled job again now; the lists and the sidebar's count are fetched anew, whatever the answer. */
export function useRetryJob(notices: JobStepNotices) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api<{ job: AdminJob }>(`${jobPath(jobId)}/retry`, { method: 'POST' }),
    ...notices,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_JOBS_KEY }),
  });
}

/** Removes a failed job for good; the lists and the sidebar's count are fetched anew, whatever the answer. */
export function useDismissJob(notices: JobStepNotices) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api<void>(jobPath(jobId), { method: 'DELETE' }),
    ...notices,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_JOBS_KEY }),
  });
}
