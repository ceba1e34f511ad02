import { z } from 'zod';
import { vendorOrderSchema } from './vendor-orders';

export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };

/** GET /api/vendor/dashboard. */
export const vendorDashboardQuerySchema = z.strictObject({
  range: z.enum(DASHBOARD_RANGES, { error: 'Range must be today, 7d or 30d' }).default('7d'),
});
export type VendorDashboardQuery = z.output<typeof vendorDashboardQuerySchema>;

const figuresSchema = z.object({
  /** What customers paid for the vendor's lines (GST included, after coupons, cancelled items left out). */
  salesPaise: z.number().int(),
  /** The same without GST. */
  netSalesPaise: z.number().int(),
  orders: z.number().int(),
  units: z.number().int(),
  averageOrderPaise: z.number().int(),
  /** Orders of the vendor's products whose return was asked for in the period. */
  returns: z.number().int(),
});
export type DashboardFigures = z.infer<typeof figuresSchema>;

export const vendorDashboardResponseSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** The period (India time), and the one of the same length just before it. */
  period: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  current: figuresSchema,
  previous: figuresSchema,
  /** Sales per day of the period, beside the same day of the previous period. */
  daily: z.array(z.object({ day: z.string(), salesPaise: z.number().int(), previousSalesPaise: z.number().int() })),
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number().int(), salesPaise: z.number().int() })),
  recentOrders: z.array(vendorOrderSchema),
  todo: z.object({
    /** Confirmed orders with the vendor's items neither packed nor handed to a courier. */
    toPack: z.number().int(),
    /** Orders whose items the vendor packed and has not handed to a courier yet. */
    toShip: z.number().int(),
    /** Of both, the ones confirmed more than two days ago. */
    lateToShip: z.number().int(),
    returnsToReceive: z.number().int(),
    lowStock: z.number().int(),
    outOfStock: z.number().int(),
    drafts: z.number().int(),
  }),
});
export type VendorDashboard = z.infer<typeof vendorDashboardResponseSchema>;
