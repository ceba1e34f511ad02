import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import * as repo from './analytics.admin.repo';

export type { AdminWindow } from './analytics.admin.repo';

/** One period's order figures for the admin dashboard. */
export interface AdminOrderTotals {
  gmvPaise: number;
  orders: number;
  checkouts: number;
  newCustomers: number;
}

export interface AdminOrderFigures {
  current: AdminOrderTotals;
  previous: AdminOrderTotals;
  /** GMV and orders per India day (YYYY-MM-DD) of both periods; days without orders are absent. */
  daily: Map<string, { gmvPaise: number; orders: number }>;
  byStatus: { status: string; orders: number }[];
  byCategory: { category: string; salesPaise: number; units: number }[];
  byVendor: { vendorId: string; name: string; salesPaise: number; orders: number }[];
  byState: { state: string; gmvPaise: number; orders: number }[];
  lateToShip: number;
  returnsWaiting: number;
}

/**
 * The orders' figures for the admin dashboard, from the views the orders module publishes: sales of
 * a period beside the period before (one statement, see `adminDashboardRows`), and what waits in the
 * orders now.
 */
export function createAdminAnalytics(deps: { db: Database }) {
  const { db } = deps;
  return {
    async figures(window: repo.AdminWindow): Promise<AdminOrderFigures> {
      // One connection, read only. The statement's estimated cost is high enough that PostgreSQL would
      // compile it with JIT first, which costs more (~70 ms) than running it.
      const r = await db.transaction(
        async (tx) => {
          await tx.execute(sql`set local jit = off`);
          return repo.adminDashboardRows(tx, window);
        },
        { accessMode: 'read only' },
      );
      const totals = (current: boolean): AdminOrderTotals => {
        const t = r.totals.find((x) => x.current === current);
        return {
          gmvPaise: Number(t?.gmv ?? 0),
          orders: t?.orders ?? 0,
          checkouts: r.checkouts.find((x) => x.current === current)?.checkouts ?? 0,
          newCustomers: r.newcomers.find((x) => x.current === current)?.customers ?? 0,
        };
      };
      return {
        current: totals(true),
        previous: totals(false),
        daily: new Map(r.daily.map((d) => [d.day, { gmvPaise: Number(d.gmv), orders: d.orders }])),
        byStatus: r.by_status,
        byCategory: r.by_category.map((c) => ({ category: c.category, salesPaise: Number(c.sales), units: c.units })),
        byVendor: r.by_vendor.map((v) => ({ vendorId: v.vendor_id, name: v.name, salesPaise: Number(v.sales), orders: v.orders })),
        byState: r.by_state.map((s) => ({ state: s.state, gmvPaise: Number(s.gmv), orders: s.orders })),
        lateToShip: r.waiting.late_to_ship,
        returnsWaiting: r.waiting.returns_waiting,
      };
    },
  };
}

export type AdminAnalytics = ReturnType<typeof createAdminAnalytics>;
