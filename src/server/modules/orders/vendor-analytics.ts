import type { DashboardFigures, DashboardRange, VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import type { Database } from '../../db/client';
import type { OrdersService } from './orders.service';
import * as repo from './vendor-analytics.repo';

const DAY_MS = 86_400_000;
/** India has one time zone and no daylight saving: midnight there is 18:30 UTC the day before. */
const IST_OFFSET_MS = 5.5 * 3600_000;
const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
/** A confirmed order not handed to a courier after this long is late. */
const LATE_AFTER_MS = 2 * DAY_MS;

/** Midnight in India of the day `now` falls on, as an instant. */
export function indiaMidnight(now: Date): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - IST_OFFSET_MS);
}

const dayKey = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

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
}) {
  const { db, orders, productCounts } = deps;
  return {
    async dashboard(vendorId: string, range: DashboardRange, now = new Date()): Promise<VendorDashboard> {
      const days = RANGE_DAYS[range];
      const end = new Date(indiaMidnight(now).getTime() + DAY_MS);
      const start = new Date(end.getTime() - days * DAY_MS);
      const previousStart = new Date(start.getTime() - days * DAY_MS);

      const [totals, returns, daily, top, recent, todo, products] = await Promise.all([
        repo.periodTotals(db, vendorId, previousStart, start, end),
        repo.returnsAsked(db, vendorId, previousStart, start, end),
        repo.dailySales(db, vendorId, previousStart, end),
        repo.topProducts(db, vendorId, start, end),
        repo.recentOrderIds(db, vendorId, 5).then((ids) => orders.vendorOrdersByIds(vendorId, ids)),
        repo.orderTodo(db, vendorId, new Date(now.getTime() - LATE_AFTER_MS)),
        productCounts(vendorId),
      ]);

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
    },
  };
}

export type VendorAnalytics = ReturnType<typeof createVendorAnalytics>;
