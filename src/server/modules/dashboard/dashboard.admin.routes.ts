import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminOverviewSchema } from '~/shared/schemas/dashboard';
import type { DashboardService } from './dashboard.service';

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
};
