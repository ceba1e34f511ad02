import { IST_OFFSET_MS, indiaDay } from '../../lib/dates';
import type { DashboardFigures, DashboardRange, VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import type { Database } from '../../db/client';
import type { ResponseCache } from '../../lib/response-cache';
import type { OrdersService } from '../orders/orders.service';
import * as repo from './analytics.vendor.repo';

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
/** A confirmed order not handed to a courier after this long is late. */
const LATE_AFTER_MS = 2 * DAY_MS;

/** Midnight in India of the day `now` falls on, as an instant. */
export function indiaMidnight(now: Date): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - IST_OFFSET_MS);
}

const dayKey = indiaDay;

/** What the vendor's dashboard needs of its products: counts the catalogue owns. */
export interface ProductCounts {
  lowStock: number;
  outOfStock: number;
  drafts: number;
}

/**
 * The seller centre's figures, in one place, from the database: sales with and without GST, orders,
 * units, average order value and returns of a period beside the period of equal length before it;
 * daily sales of both; top products; recent orders; and what waits for the vendor. Only the vendor's
 * own lines count, without their cancelled items, and only orders that were confirmed and not
 * cancelled or refunded.
 */
export function createVendorAnalytics(deps: {
  db: Database;
  orders: Pick<OrdersService, 'vendorOrdersByIds'>;
  productCounts: (vendorId: string) => Promise<ProductCounts>;
  /** Figures kept for a few seconds per vendor and range; `changed()` drops them. */
  cache?: ResponseCache;
}) {
  const { db, orders, productCounts, cache } = deps;
  /** Computations under way: requests for the same figures at the same time share one. */
  const inFlight = new Map<string, Promise<VendorDashboard>>();

  async function compute(vendorId: string, range: DashboardRange, now: Date): Promise<VendorDashboard> {
    const days = RANGE_DAYS[range];
    const end = new Date(indiaMidnight(now).getTime() + DAY_MS);
    const start = new Date(end.getTime() - days * DAY_MS);
    const previousStart = new Date(start.getTime() - days * DAY_MS);

    const [{ totals, returns, daily, top, todo, recent: recentIds }, products] = await Promise.all([
      repo.dashboardRows(db, vendorId, { previousStart, start, end, lateBefore: new Date(now.getTime() - LATE_AFTER_MS), recent: 5 }),
      productCounts(vendorId),
    ]);
    const recent = await orders.vendorOrdersByIds(vendorId, recentIds);

    const figures = (current: boolean): DashboardFigures => {
      const t = totals.find((r) => r.current === current);
      const sales = t?.sales ?? 0;
      const count = t?.orders ?? 0;
      return {
        salesPaise: sales,
        netSalesPaise: t?.taxable ?? 0,
        orders: count,
        units: t?.units ?? 0,
        averageOrderPaise: count > 0 ? Math.round(sales / count) : 0,
        returns: returns.find((r) => r.current === current)?.returns ?? 0,
      };
    };
    const byDay = new Map(daily.map((d) => [d.day, d.sales]));
    const series = Array.from({ length: days }, (_, i) => {
      const day = new Date(start.getTime() + i * DAY_MS);
      const before = new Date(previousStart.getTime() + i * DAY_MS);
      return { day: dayKey(day), salesPaise: byDay.get(dayKey(day)) ?? 0, previousSalesPaise: byDay.get(dayKey(before)) ?? 0 };
    });
    const lastDay = (d: Date) => dayKey(new Date(d.getTime() - DAY_MS));

    return {
      range,
      period: { from: dayKey(start), to: lastDay(end) },
      previousPeriod: { from: dayKey(previousStart), to: lastDay(start) },
      current: figures(true),
      previous: figures(false),
      daily: series,
      topProducts: top.map((p) => ({ productId: p.product_id, name: p.name, units: p.units, salesPaise: p.sales })),
      recentOrders: recent,
      todo: {
        toPack: todo.to_pack,
        toShip: todo.to_ship,
        lateToShip: todo.late_to_ship,
        returnsToReceive: todo.returns_to_receive,
        ...products,
      },
    };
  }

  return {
    /**
     * The vendor's dashboard. With a cache, figures are at most its few seconds old (a customer's new
     * order shows within them) and concurrent requests for the same figures share one computation;
     * the vendor's own changes call `changed()` so they show at once.
     */
    async dashboard(vendorId: string, range: DashboardRange, now = new Date()): Promise<VendorDashboard> {
      if (!cache?.enabled) return compute(vendorId, range, now);
      const key = `${vendorId}:${range}:${await cache.version()}`;
      const cached = await cache.get(key);
      if (cached) return JSON.parse(cached) as VendorDashboard;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = compute(vendorId, range, now).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
        const figures = await pending;
        await cache.set(key, JSON.stringify(figures));
        return figures;
      }
      return pending;
    },

    /** A vendor changed something its figures show (an order step, a product, stock): recompute. */
    async changed(): Promise<void> {
      if (!cache?.enabled) return;
      inFlight.clear();
      await cache.invalidate();
    },
  };
}

export type VendorAnalytics = ReturnType<typeof createVendorAnalytics>;
