import { queryOptions } from '@tanstack/react-query';
import type { GrievanceOverdueCounts } from '~/shared/schemas/grievances';
import { api } from './api-client';

/** How many open complaints are past a deadline: beside "Grievances" in the sidebar, and on the dashboard. */
export const grievanceOverdueCountsOptions = () =>
  queryOptions({
    queryKey: ['admin', 'grievances', 'overdue'] as const,
    queryFn: ({ signal }) => api<GrievanceOverdueCounts>('/api/admin/grievances/overdue', { signal }),
    staleTime: 60_000,
  });
