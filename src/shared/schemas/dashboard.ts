import { z } from 'zod';

/** GET /api/admin/overview: the figures of the admin dashboard. */
export const adminOverviewSchema = z.object({
  usersByRole: z.object({ customer: z.number(), vendor: z.number(), admin: z.number() }),
  vendorsByStatus: z.object({ pending: z.number(), approved: z.number(), rejected: z.number(), suspended: z.number() }),
  contactMessages: z.object({ total: z.number(), last7Days: z.number() }),
  signupsByDay: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
