import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminDashboard, AdminDashboardQuery } from '~/shared/schemas/dashboard';
import { api } from '~/web/lib/api-client';

/** The address's search part for a range: `range=7d`, or `range=custom&from=…&to=…`. */
export function dashboardSearch(query: AdminDashboardQuery): string {
  const search = new URLSearchParams({ range: query.range });
  if (query.range === 'custom' && query.from && query.to) {
    search.set('from', query.from);
    search.set('to', query.to);
  }
  return search.toString();
}

export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  range: (query: AdminDashboardQuery) => [...adminDashboardKeys.all, dashboardSearch(query)] as const,
};

/** GET /api/admin/dashboard for a range; the previous range's figures stay on screen while the next load. */
export const adminDashboardQueryOptions = (query: AdminDashboardQuery) =>
  queryOptions({
    queryKey: adminDashboardKeys.range(query),
    queryFn: ({ signal }) => api<AdminDashboard>(`/api/admin/dashboard?${dashboardSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
