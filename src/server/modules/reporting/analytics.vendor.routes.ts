import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { vendorDashboardQuerySchema, vendorDashboardResponseSchema } from '~/shared/schemas/vendor-dashboard';
import type { VendorAnalytics } from './analytics.vendor.service';

/** The seller centre's dashboard, under /api/vendor: the vendor is the session's. */
export const analyticsVendorRoutes: FastifyPluginAsyncZod<{
  vendorAnalytics: VendorAnalytics;
}> = async (app, { vendorAnalytics }) => {
  app.get('/dashboard', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's figures for today, 7 or 30 days beside the period before, daily sales, top products and what waits",
      querystring: vendorDashboardQuerySchema,
      response: { 200: vendorDashboardResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      // Pending, rejected and suspended vendors read their (empty or past) figures too: reading changes nothing.
      return vendorAnalytics.dashboard(request.vendorId, request.query.range);
    },
  });
};
