import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { gstSalesQuerySchema, gstSalesReportSchema } from '~/shared/schemas/reports';
import { gstSalesCsv, type GstReports } from './gst-reports';

/** The GST sales report (GSTR-1 shape) under /api/admin/reports: on screen and as CSV (decision 19). */
export const ordersReportsAdminRoutes: FastifyPluginAsyncZod<{ gstReports: GstReports }> = async (app, { gstReports }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/reports/gst-sales', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "GSTR-1 for a month (India time; default the last complete one): B2C by place of supply and rate, the HSN summary and the month's credit notes; one seller's with `vendor`",
      querystring: gstSalesQuerySchema,
      response: { 200: gstSalesReportSchema, ...errors },
    },
    handler: async (request) => gstReports.gstSales(request.query),
  });

  app.get('/reports/gst-sales.csv', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The GSTR-1 report of a month as CSV (UTF-8, rupees with two decimals)',
      querystring: gstSalesQuerySchema,
      response: { 200: z.any().describe('text/csv'), ...errors },
    },
    handler: async (request, reply) => {
      const report = await gstReports.gstSales(request.query);
      const who = report.seller ? `-${report.seller.gstin ?? report.seller.id}` : '';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gst-sales-${report.month}${who}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(gstSalesCsv(report));
    },
  });
};
