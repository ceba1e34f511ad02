import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GstSalesReport, PayoutsReport, ReturnsReport, TcsReport } from '~/shared/schemas/reports';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

export const REPORTS = ['gst-sales', 'tcs', 'payouts', 'returns'] as const;
/** The reports that can be narrowed to one seller. */
export const SELLER_REPORTS: readonly ReportName[] = ['gst-sales', 'returns'];
export type ReportName = (typeof REPORTS)[number];

export interface ReportFilter {
  month?: string;
  vendor?: string;
}

/** Where a report's CSV downloads from (a plain link: the session cookie goes with it). */
export const reportCsvUrl = (name: ReportName, filter: ReportFilter) =>
  `/api/admin/reports/${name}.csv${queryString(SELLER_REPORTS.includes(name) ? filter : { month: filter.month })}`;

export const gstSalesQueryOptions = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'gst-sales', filter] as const,
    queryFn: ({ signal }) => api<GstSalesReport>(`/api/admin/reports/gst-sales${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const tcsQueryOptions = (month: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'tcs', month] as const,
    queryFn: ({ signal }) => api<TcsReport>(`/api/admin/reports/tcs${queryString({ month })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const payoutsReportQueryOptions = (month: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'payouts', month] as const,
    queryFn: ({ signal }) => api<PayoutsReport>(`/api/admin/reports/payouts${queryString({ month })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const returnsReportQueryOptions = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'returns', filter] as const,
    queryFn: ({ signal }) => api<ReturnsReport>(`/api/admin/reports/returns${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
