import type { AdminDashboard, AdminDashboardFigures, AdminDashboardQuery, AdminOverview } from '~/shared/schemas/dashboard';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuthService } from '../auth/auth.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { ContactService } from '../contact/contact.service';
import type { AdminAnalytics, AdminOrderTotals } from '../orders/admin-analytics';
import type { PaymentsService } from '../payments/payments.service';
import type { VendorsService } from '../vendors/vendors.service';
import { datesOf, periodsOf } from './dashboard-range';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  /** Computations under way: admins asking for the same range at the same time share one. */
  const inFlight = new Map<string, Promise<AdminDashboard>>();

  async function compute(query: AdminDashboardQuery, now: Date): Promise<AdminDashboard> {
    const p = periodsOf(query, now);
    const window = { previousStart: p.previousStart, start: p.start, end: p.end };
    const [orders, money, vendors, lowStock, unanswered] = await Promise.all([
      adminAnalytics.figures(window),
      paymentsService.dashboardFigures(window),
      vendorsService.countByStatus(),
      catalogueService.lowStockCount(),
      contactService.countUnanswered(),
    ]);
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
      if (!cache?.enabled) return compute(query, now);
      const key = `${query.range}:${query.range === 'custom' ? `${query.from}:${query.to}` : periodsOf(query, now).to}:${await cache.version()}`;
      const cached = await cache.get(key);
      if (cached) return JSON.parse(cached) as AdminDashboard;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = compute(query, now).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
        const figures = await pending;
        await cache.set(key, JSON.stringify(figures));
        return figures;
      }
      return pending;
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
