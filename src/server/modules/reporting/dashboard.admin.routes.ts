import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminDashboardQuerySchema, adminDashboardSchema, adminOverviewSchema } from '~/shared/schemas/dashboard';
import type { DashboardService } from './dashboard.admin.service';

/** The admin dashboard's figures, under /api/admin. */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<{ dashboardService: DashboardService }> = async (app, { dashboardService }) => {
  app.get('/overview', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Counts for the admin dashboard',
      response: { 200: adminOverviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: () => dashboardService.overview(),
  });

  app.get('/dashboard', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The operations dashboard of a period beside the period before',
      description:
        'GMV, net revenue after refunds, refunds, orders, average order, new customers and checkouts of a range (today, 7d, 30d, month, or custom from–to, India dates, at most 366 days) beside the period of the same length just before; daily series, orders by status, sales by category, vendor and state; cash on delivery to collect and what needs attention now.',
      querystring: adminDashboardQuerySchema,
      response: { 200: adminDashboardSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: (request) => dashboardService.dashboard(request.query),
  });
};
