import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDashboardQuery } from '~/shared/schemas/dashboard';
import { cn } from '~/web/components/ui/cn';
import { EmptyState, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { formatCount, formatDateTime } from '~/web/lib/format';
import { adminDashboardQueryOptions } from '../api/get-admin-dashboard';
import { Breakdowns } from './breakdowns';
import { DashboardFigures } from './dashboard-figures';
import { dayLabel, previousName, rupees } from './format';
import { NeedsAttention } from './needs-attention';
import { RangePicker } from './range-picker';
import { TrendChart } from './trend-chart';

/**
 * The admin's operations dashboard: a period (kept in the address by the page), its figures beside
 * the period of the same length before, daily GMV and orders, breakdowns, and what needs attention.
 */
export function AdminDashboardPanel({ query, onQuery }: { query: AdminDashboardQuery; onQuery: (query: AdminDashboardQuery) => void }) {
  const dashboard = useQuery(adminDashboardQueryOptions(query));
  const [showTables, setShowTables] = useState(false);
  const d = dashboard.data;
  return (
    <div className="space-y-6">
      <RangePicker query={query} onChange={onQuery} />
      {dashboard.isPending && (
        <div role="status" aria-label="Loading the figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      )}
      {dashboard.isError && (
        <ErrorState title="The figures could not be loaded" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {d && (
        <div className={cn('space-y-6', dashboard.isPlaceholderData && 'opacity-60')} aria-busy={dashboard.isPlaceholderData || undefined}>
          <DashboardFigures d={d} />
          <div className="grid gap-6 lg:grid-cols-3">
            <section
              aria-labelledby="trend-heading"
              className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-4 lg:col-span-2"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="trend-heading" className="font-semibold text-slate-900">
                  Day by day
                </h2>
                <button
                  type="button"
                  aria-pressed={showTables}
                  onClick={() => setShowTables((v) => !v)}
                  className="text-brand-700 text-sm underline"
                >
                  Show the numbers as tables
                </button>
              </div>
              {d.current.orders === 0 && d.previous.orders === 0 ? (
                <EmptyState title="No orders in these periods">Confirmed orders will show here day by day.</EmptyState>
              ) : (
                <>
                  <TrendChart
                    title={`Daily GMV, beside the previous ${previousName(d)} (dashed)`}
                    data={d.daily.map((x) => ({
                      label: x.day,
                      value: x.gmvPaise,
                      previous: x.previousGmvPaise,
                      previousLabel: x.previousDay,
                    }))}
                    formatLabel={dayLabel}
                    formatValue={rupees}
                    valueLabel="GMV"
                    previousLabel="Previous period"
                    showTable={showTables}
                  />
                  <TrendChart
                    title={`Daily orders, beside the previous ${previousName(d)} (dashed)`}
                    data={d.daily.map((x) => ({ label: x.day, value: x.orders, previous: x.previousOrders, previousLabel: x.previousDay }))}
                    formatLabel={dayLabel}
                    formatValue={formatCount}
                    valueLabel="Orders"
                    previousLabel="Previous period"
                    showTable={showTables}
                  />
                </>
              )}
            </section>
            <NeedsAttention attention={d.attention} />
          </div>
          <Breakdowns d={d} />
          <p className="text-xs text-slate-600">Figures as of {formatDateTime(d.generatedAt)}; they may be a few seconds old.</p>
        </div>
      )}
    </div>
  );
}
