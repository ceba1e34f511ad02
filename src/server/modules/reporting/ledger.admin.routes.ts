import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { payoutsReportSchema, reportMonthQuerySchema, tcsReportSchema } from '~/shared/schemas/reports';
import { payoutsCsv, tcsCsv, type PayoutsReports } from './ledger.admin.service';

/** The marketplace's TCS (GSTR-8) and payouts reports of a month, from the vendor ledger, under /api/admin/reports. */
export const ledgerAdminRoutes: FastifyPluginAsyncZod<{ payoutsReports: PayoutsReports }> = async (app, { payoutsReports }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const csv = (name: string, month: string, body: string) => ({
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}-${month}.csv"`,
    body,
  });

  const reports = {
    tcs: {
      summary:
        "GSTR-8 for a month (India time; default the last complete one): each seller GSTIN's supplies, returns, net value and TCS (IGST or CGST + SGST)",
      schema: tcsReportSchema,
      read: (month: { month?: string }) => payoutsReports.tcs(month),
      csv: (r: Awaited<ReturnType<PayoutsReports['tcs']>>) => csv('tcs', r.month, tcsCsv(r)),
    },
    payouts: {
      summary:
        'Payouts of a month (lines delivered in it, India time): per seller sales, commission, GST on it, TCS, TDS, net, paid and outstanding',
      schema: payoutsReportSchema,
      read: (month: { month?: string }) => payoutsReports.payouts(month),
      csv: (r: Awaited<ReturnType<PayoutsReports['payouts']>>) => csv('payouts', r.month, payoutsCsv(r)),
    },
  } as const;

  app.get('/reports/tcs', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: reports.tcs.summary,
      querystring: reportMonthQuerySchema,
      response: { 200: tcsReportSchema, ...errors },
    },
    handler: async (request) => reports.tcs.read(request.query),
  });
  app.get('/reports/payouts', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: reports.payouts.summary,
      querystring: reportMonthQuerySchema,
      response: { 200: payoutsReportSchema, ...errors },
    },
    handler: async (request) => reports.payouts.read(request.query),
  });

  for (const name of ['tcs', 'payouts'] as const) {
    app.get(`/reports/${name}.csv`, {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `The ${name === 'tcs' ? 'TCS (GSTR-8)' : 'payouts'} report of a month as CSV (UTF-8, rupees with two decimals)`,
        querystring: reportMonthQuerySchema,
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
      handler: async (request, reply) => {
        const out =
          name === 'tcs'
            ? reports.tcs.csv(await reports.tcs.read(request.query))
            : reports.payouts.csv(await reports.payouts.read(request.query));
        return reply
          .type(out.type)
          .header('content-disposition', out.disposition)
          .header('cache-control', 'private, no-store')
          .send(out.body);
      },
    });
  }
};
