import { z } from 'zod';

/** GET /api/admin/overview: the figures of the admin dashboard. */
export const adminOverviewSchema = z.object({
  usersByRole: z.object({ customer: z.number(), vendor: z.number(), admin: z.number() }),
  vendorsByStatus: z.object({ pending: z.number(), approved: z.number(), rejected: z.number(), suspended: z.number() }),
  contactMessages: z.object({ total: z.number(), last7Days: z.number() }),
  signupsByDay: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// ---------- the operations dashboard: GET /api/admin/dashboard ----------

export const ADMIN_DASHBOARD_RANGES = ['today', '7d', '30d', 'month', 'custom'] as const;
export type AdminDashboardRange = (typeof ADMIN_DASHBOARD_RANGES)[number];
export const ADMIN_DASHBOARD_RANGE_LABELS: Record<AdminDashboardRange, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  month: 'This month',
  custom: 'Custom',
};
/** The longest custom range, in days (a leap year). */
export const ADMIN_DASHBOARD_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a date');

/** Today's date in India (YYYY-MM-DD). */
export const indiaToday = (now = new Date()) => new Date(now.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted (dates as YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The period of the admin dashboard: today, the last 7 or 30 days, this month so far, or custom days
 * (`from` and `to`, India time, both counted, at most 366 days, not after today).
 */
export const adminDashboardQuerySchema = z
  .strictObject({
    range: z.enum(ADMIN_DASHBOARD_RANGES, { error: 'Range must be today, 7d, 30d, month or custom' }).default('7d'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day of the range' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day of the range' });
    if (!q.from || !q.to) return;
    if (q.to > indiaToday()) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be after today' });
    if (q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be on or after the first day' });
    } else if (daysBetween(q.from, q.to) > ADMIN_DASHBOARD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `A range can cover at most ${ADMIN_DASHBOARD_MAX_DAYS} days` });
    }
  });
export type AdminDashboardQuery = z.output<typeof adminDashboardQuerySchema>;

const int = () => z.number().int();
const periodSchema = z.object({ from: z.string(), to: z.string(), days: int() });

export const adminDashboardFiguresSchema = z.object({
  /** Gross merchandise value: the totals (GST and shipping included) of orders confirmed in the period (paid, or cash on delivery), cancelled later or not. */
  gmvPaise: int(),
  /** What customers paid or will pay on delivery for those orders, after refunds and cancelled cash on delivery. */
  netRevenuePaise: int(),
  /** Money given back on those orders. */
  refundsPaise: int(),
  /** Orders among them with money given back. */
  refundedOrders: int(),
  /** Money given back in the period itself (refunds issued then and not failed), whatever the date of their orders. */
  refundsGivenPaise: int(),
  /** Refunds issued in the period (an order refunded twice counts twice). */
  refundsGiven: int(),
  /** Orders confirmed in the period. */
  orders: int(),
  /** GMV per order. */
  averageOrderPaise: int(),
  /** Customers whose first confirmed order falls in the period. */
  newCustomers: int(),
  /** Orders created at checkout in the period, confirmed or not (payments that failed or were abandoned included). */
  checkouts: int(),
});
export type AdminDashboardFigures = z.infer<typeof adminDashboardFiguresSchema>;

export const adminDashboardSchema = z.object({
  range: z.enum(ADMIN_DASHBOARD_RANGES),
  /** The period (India dates, both counted) and the one of the same length just before it. */
  period: periodSchema,
  previousPeriod: periodSchema,
  current: adminDashboardFiguresSchema,
  previous: adminDashboardFiguresSchema,
  /**
   * Carts live in shoppers' browsers (localStorage), so the server cannot count them: conversion of
   * carts to orders is not measured. What is measured is checkout completion (confirmed / checkouts).
   */
  cartConversion: z.object({ measured: z.literal(false), reason: z.string() }),
  /** Cash on delivery on orders handed to couriers and not collected yet (now, whatever the period). */
  codToCollect: z.object({ orders: int(), amountPaise: int() }),
  /** GMV and orders per day of the period, beside the same day of the previous period. */
  daily: z.array(
    z.object({ day: z.string(), gmvPaise: int(), orders: int(), previousDay: z.string(), previousGmvPaise: int(), previousOrders: int() }),
  ),
  /** The period's confirmed orders by their status now. */
  byStatus: z.array(z.object({ status: z.string(), orders: int() })),
  /** Items sold in the period (after coupons; cancelled items and orders cancelled or refunded left out) by category and by vendor (top 10); GMV and orders by state of delivery (top 10). */
  byCategory: z.array(z.object({ category: z.string(), salesPaise: int(), units: int() })),
  byVendor: z.array(z.object({ vendorId: z.string(), name: z.string(), salesPaise: int(), orders: int() })),
  byState: z.array(z.object({ state: z.string(), gmvPaise: int(), orders: int() })),
  /** What waits for the admins now, each with the list it leads to. */
  attention: z.object({
    vendorsPending: int(),
    lateToShip: int(),
    returnsWaiting: int(),
    paymentsFailed: int(),
    paymentsStuck: int(),
    lowStock: int(),
    unansweredMessages: int(),
  }),
  generatedAt: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
