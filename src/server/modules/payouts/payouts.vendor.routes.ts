import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { ledgerQuerySchema, ledgerResponseSchema, statementQuerySchema, vendorPayoutsResponseSchema } from '~/shared/schemas/payouts';
import type { VendorsService } from '../vendors/vendors.service';
import type { PayoutsService } from './payouts.service';

/** The vendor's ledger and payouts, under /api/vendor: the vendor is the session's. */
export const payoutsVendorRoutes: FastifyPluginAsyncZod<{ payoutsService: PayoutsService; vendorsService: VendorsService }> = async (
  app,
  { payoutsService, vendorsService },
) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/payouts', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: 'What the vendor is owed (in the return window, payable, in a payout, paid), the rates, and its weekly payouts',
      response: { 200: vendorPayoutsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return payoutsService.vendorPayouts(await vendorsService.vendorIdOf(viewer.userId));
    },
  });

  app.get('/payouts/ledger', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's ledger: each delivered line with commission, GST on it, TCS, TDS and net",
      querystring: ledgerQuerySchema,
      response: { 200: ledgerResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return payoutsService.ledger(await vendorsService.vendorIdOf(viewer.userId), request.query);
    },
  });

  app.get('/payouts/statement', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "A month's statement as CSV: every line delivered that month, with the totals",
      querystring: statementQuerySchema,
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const csv = await payoutsService.statementCsv(await vendorsService.vendorIdOf(viewer.userId), request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${request.query.month}.csv"`)
        .send(csv);
    },
  });
};
