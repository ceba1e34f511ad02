import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  ledgerQuerySchema,
  ledgerResponseSchema,
  payoutDetailResponseSchema,
  payoutParamsSchema,
  statementParamsSchema,
  vendorPayoutsResponseSchema,
} from '~/shared/schemas/payouts';
import type { PayoutsService } from './payouts.service';

/** The vendor's ledger, payouts and statements, under /api/vendor: the vendor is the session's, never a parameter. */
export const payoutsVendorRoutes: FastifyPluginAsyncZod<{ payoutsService: PayoutsService }> = async (app, { payoutsService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/payouts', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: 'What the vendor is owed (payable now, in the return window, paid), the rates and their law, and its weekly payouts',
      response: { 200: vendorPayoutsResponseSchema, ...errors },
    },
    handler: async (request) => payoutsService.vendorPayouts(request.vendorId),
  });

  app.get('/payouts/ledger', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's ledger: each delivered line with commission, GST on it, TCS, TDS and net; by month, state or order",
      querystring: ledgerQuerySchema,
      response: { 200: ledgerResponseSchema, ...errors },
    },
    handler: async (request) => payoutsService.ledger(request.vendorId, request.query),
  });

  for (const format of ['csv', 'pdf'] as const) {
    app.get(`/payouts/statements/:month.${format}`, {
      config: { access: 'vendor', vendor: 'read' },
      schema: {
        tags: ['vendor'],
        summary: `A month's statement as ${format.toUpperCase()}: every line of the vendor delivered that month (India time), with the totals`,
        params: statementParamsSchema,
        response: { 200: z.any().describe(format === 'csv' ? 'text/csv' : 'application/pdf'), ...errors },
      },
      handler: async (request, reply) => {
        const { month } = request.params;
        const body = await payoutsService.statement(request.vendorId, month, format);
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
          .header('content-disposition', `attachment; filename="statement-${month}.${format}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    });
  }

  app.get('/payouts/:payoutId', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's weekly payouts with its lines; another vendor's payout is a 404",
      params: payoutParamsSchema,
      response: { 200: payoutDetailResponseSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request) => payoutsService.payoutDetail(request.vendorId, request.params.payoutId),
  });
};
