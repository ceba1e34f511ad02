import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { gstSalesQuerySchema, gstSalesReportSchema, returnsReportSchema } from '~/shared/schemas/reports';
import { gstSalesCsv, type GstReports } from './gst.admin.service';
import { returnsCsv, type ReturnsReports } from './returns.admin.service';

/** A report's file: its name, the month, and the seller's GSTIN (or id) when it is one seller's. */
const fileName = (name: string, r: { month: string; seller: { id: string; gstin: string | null } | null }) =>
  `${name}-${r.month}${r.seller ? `-${r.seller.gstin ?? r.seller.id}` : ''}.csv`;

const sendCsv = (reply: FastifyReply, file: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/**
 * The GST sales report (GSTR-1 shape, decision 19) and the returns report under /api/admin/reports:
 * on screen and as CSV.
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod<{ gstReports: GstReports; returnsReports: ReturnsReports }> = async (
  app,
  { gstReports, returnsReports },
) => {
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
      return sendCsv(reply, fileName('gst-sales', report), gstSalesCsv(report));
    },
  });

  app.get('/reports/returns', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'The returns sellers received in a month (India time; default the last complete one), each back in stock or written off, with what its units sold for; totals per seller; one seller’s with `vendor`',
      querystring: gstSalesQuerySchema,
      response: { 200: returnsReportSchema, ...errors },
    },
    handler: async (request) => returnsReports.returns(request.query),
  });

  app.get('/reports/returns.csv', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The returns report of a month as CSV (UTF-8 with BOM, rupees with two decimals, India dates)',
      querystring: gstSalesQuerySchema,
      response: { 200: z.any().describe('text/csv'), ...errors },
    },
    handler: async (request, reply) => {
      const report = await returnsReports.returns(request.query);
      return sendCsv(reply, fileName('returns', report), returnsCsv(report));
    },
  });
};
