import type { AdminDashboard, AdminDashboardFigures, AdminDashboardQuery, AdminOverview } from '~/shared/schemas/dashboard';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuthService } from '../auth/auth.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { ContactService } from '../contact/contact.service';
import type { AdminAnalytics, AdminOrderTotals } from './analytics.admin.service';
import type { PaymentsService } from '../payments/payments.service';
import type { VendorsService } from '../vendors/vendors.service';
import { datesOf, periodsOf } from './dashboard-range';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dashboard computations running at once in this process (see `acquire`). */
const MAX_COMPUTING = 2;
/** Expired figures are served while new ones are computed, if no older than this. */
const STALE_MAX_MS = 60_000;
const LAST_KNOWN_MAX = 50;

/** The dates of the last `days` calendar days in India, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now: Date): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  return Array.from({ length: days }, (_, i) => fmt.format(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

const CART_CONVERSION_REASON =
  'Carts are kept in shoppers’ browsers and never reach the server, so how many carts became orders cannot be counted; checkout completion (confirmed orders of all checkouts) is measured instead.';

type PeriodPayments = Awaited<ReturnType<PaymentsService['dashboardFigures']>>['current'];

function figuresOf(orders: AdminOrderTotals, money: PeriodPayments): AdminDashboardFigures {
  return {
    gmvPaise: orders.gmvPaise,
    netRevenuePaise: money.netPaise,
    refundsPaise: money.refundedPaise,
    refundedOrders: money.refundedOrders,
    refundsGivenPaise: money.givenBackPaise,
    refundsGiven: money.givenBackRefunds,
    orders: orders.orders,
    averageOrderPaise: orders.orders > 0 ? Math.round(orders.gmvPaise / orders.orders) : 0,
    newCustomers: orders.newCustomers,
    checkouts: orders.checkouts,
  };
}

/**
 * The admin dashboard's figures. Read-only and owns no table: every number comes from the service
 * of the module that owns it (accounts, vendors, contact messages, orders, payments, catalogue).
 */
export function createDashboardService(deps: {
  authService: AuthService;
  vendorsService: VendorsService;
  contactService: ContactService;
  adminAnalytics: AdminAnalytics;
  paymentsService: Pick<PaymentsService, 'dashboardFigures'>;
  catalogueService: Pick<CatalogueService, 'lowStockCount'>;
  /** Operations figures kept a few seconds per range (ADMIN_DASHBOARD_CACHE_SECONDS). */
  cache?: ResponseCache;
}) {
  const { authService, vendorsService, contactService, adminAnalytics, paymentsService, catalogueService, cache } = deps;
  /** Computations under way: admins asking for the same range at the same time share one (cache or not). */
  const inFlight = new Map<string, Promise<AdminDashboard>>();
  /**
   * At most MAX_COMPUTING computations run at once (each holds one or two pooled connections at a
   * time): many admins asking for different ranges queue here rather than take every connection of
   * the pool from the shop's other requests.
   */
  let computing = 0;
  const queued: (() => void)[] = [];
  async function acquire(): Promise<void> {
    if (computing < MAX_COMPUTING) {
      computing++;
      return;
    }
    await new Promise<void>((resolve) => queued.push(resolve));
  }
  function release(): void {
    const next = queued.shift();
    if (next) next();
    else computing--;
  }

  /**
   * The last figures computed per cache key (same version: nothing was invalidated since), served
   * while they are computed again after the cache let them go (stale while revalidating).
   */
  const lastKnown = new Map<string, { figures: AdminDashboard; at: number }>();

  function shared(key: string, run: () => Promise<AdminDashboard>): Promise<AdminDashboard> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        await acquire();
        try {
          return await run();
        } finally {
          release();
        }
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function compute(query: AdminDashboardQuery, now: Date): Promise<AdminDashboard> {
    const p = periodsOf(query, now);
    const window = { previousStart: p.previousStart, start: p.start, end: p.end };
    // The two large reads side by side, the three small counts after them on one connection.
    const [orders, money] = await Promise.all([adminAnalytics.figures(window), paymentsService.dashboardFigures(window)]);
    const vendors = await vendorsService.countByStatus();
    const lowStock = await catalogueService.lowStockCount();
    const unanswered = await contactService.countUnanswered();
    const previousDates = datesOf(p.previousFrom, p.days);
    return {
      range: query.range,
      period: { from: p.from, to: p.to, days: p.days },
      previousPeriod: { from: p.previousFrom, to: p.previousTo, days: p.days },
      current: figuresOf(orders.current, money.current),
      previous: figuresOf(orders.previous, money.previous),
      cartConversion: { measured: false, reason: CART_CONVERSION_REASON },
      codToCollect: money.codToCollect,
      daily: datesOf(p.from, p.days).map((day, i) => {
        const previousDay = previousDates[i]!;
        const d = orders.daily.get(day);
        const before = orders.daily.get(previousDay);
        return {
          day,
          gmvPaise: d?.gmvPaise ?? 0,
          orders: d?.orders ?? 0,
          previousDay,
          previousGmvPaise: before?.gmvPaise ?? 0,
          previousOrders: before?.orders ?? 0,
        };
      }),
      byStatus: orders.byStatus,
      byCategory: orders.byCategory,
      byVendor: orders.byVendor,
      byState: orders.byState,
      attention: {
        vendorsPending: vendors.pending,
        lateToShip: orders.lateToShip,
        returnsWaiting: orders.returnsWaiting,
        paymentsFailed: money.failed,
        paymentsStuck: money.stuck,
        lowStock,
        unansweredMessages: unanswered,
      },
      generatedAt: now.toISOString(),
    };
  }

  return {
    /**
     * The operations dashboard of a range: sales, net revenue, refunds, orders, new customers of the
     * period beside the period of the same length before, the charts' series, and what needs an
     * admin now. With a cache, figures are at most its few seconds old.
     */
    async dashboard(query: AdminDashboardQuery, now = new Date()): Promise<AdminDashboard> {
      const range = `${query.range}:${query.range === 'custom' ? `${query.from}:${query.to}` : periodsOf(query, now).to}`;
      if (!cache?.enabled) return shared(range, () => compute(query, now));
      const key = `${range}:${await cache.version()}`;
      const cached = await cache.get(key);
      if (cached) return JSON.parse(cached) as AdminDashboard;
      const fresh = shared(key, async () => {
        const figures = await compute(query, now);
        await cache.set(key, JSON.stringify(figures));
        lastKnown.delete(key);
        lastKnown.set(key, { figures, at: Date.now() });
        if (lastKnown.size > LAST_KNOWN_MAX) lastKnown.delete(lastKnown.keys().next().value!);
        return figures;
      });
      // While the figures are computed again, admins get the ones that just expired rather than wait.
      const stale = lastKnown.get(key);
      if (stale && Date.now() - stale.at < STALE_MAX_MS) {
        fresh.catch(() => undefined);
        return stale.figures;
      }
      return fresh;
    },

    async overview(now = new Date()): Promise<AdminOverview> {
      const [usersByRole, vendorsByStatus, messages, signups] = await Promise.all([
        authService.countByRole(),
        vendorsService.countByStatus(),
        contactService.count(new Date(now.getTime() - 7 * DAY_MS)),
        authService.signupsByDay(new Date(now.getTime() - 30 * DAY_MS)),
      ]);
      return {
        usersByRole,
        vendorsByStatus,
        contactMessages: { total: messages.total, last7Days: messages.since },
        signupsByDay: lastDays(30, now).map((date) => ({ date, count: signups.get(date) ?? 0 })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
