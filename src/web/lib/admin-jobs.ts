import { queryOptions } from '@tanstack/react-query';
import type { AdminJobsResponse } from '~/shared/schemas/jobs';
import { api } from './api-client';

/**
 * The root key of every background-jobs query (decision 33): the Jobs page's lists and the admin
 * sidebar's count of failed jobs, so that a Retry or a Dismiss refreshes both at once.
 */
export const ADMIN_JOBS_KEY = ['admin', 'jobs'] as const;

/** How many jobs have failed for good, for the badge of the sidebar's "Background jobs" entry. */
export const failedJobsCountQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_JOBS_KEY, 'failed-count'] as const,
    queryFn: ({ signal }) => api<AdminJobsResponse>('/api/admin/jobs?state=failed&pageSize=1', { signal }),
    select: (response) => response.counts.failed,
    // A job failing for good is rare and the Jobs page refreshes itself: once a minute is enough here.
    refetchInterval: 60_000,
  });
