import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  bankFileQuerySchema,
  commissionPlansQuerySchema,
  commissionPlansResponseSchema,
  commissionRatesResponseSchema,
  markPaidSchema,
  payoutParamsSchema,
  payoutSchema,
  setCommissionPlanSchema,
  settleResponseSchema,
  todayInIndia,
  updateCommissionRatesSchema,
  vendorCommissionPlanSchema,
  vendorParamsSchema,
} from '~/shared/schemas/payouts';
import type { PayoutsService } from './payouts.service';

/** Settling and paying vendors, and the commission rates, under /api/admin. */
export const payoutsAdminRoutes: FastifyPluginAsyncZod<{ payoutsService: PayoutsService }> = async (app, { payoutsService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/payouts', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Every vendor's weekly payouts: pending first (oldest week first), then paid; by status, seller name, vendor or week, with totals and what is owed",
      querystring: adminPayoutsQuerySchema,
      response: { 200: adminPayoutsResponseSchema, ...errors },
    },
    handler: async (request) => payoutsService.adminPayouts(request.query),
  });

  app.get('/payouts/bank-file.csv', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'The bank-upload file (CSV, one NEFT transfer a row: beneficiary, whole account number, IFSC, amount in rupees, reference) of the payouts to be paid; audited',
      querystring: bankFileQuerySchema,
      response: { 200: z.any().describe('text/csv'), ...errors },
    },
    handler: async (request, reply) => {
      const file = await payoutsService.bankFile(request.query);
      const name = `payouts-bank-file-${request.query.week ?? todayInIndia()}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-payouts', String(file.payouts))
        .header('x-total-paise', String(file.netPaise))
        .send(file.csv);
    },
  });

  app.post('/payouts/settle', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Run the weekly settlement now: the payable lines of the last ended week become one payout per vendor (never twice)',
      response: { 200: settleResponseSchema, ...errors },
    },
    handler: async () => payoutsService.settle(),
  });

  app.post('/payouts/:payoutId/paid', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Record that a payout was paid, with the bank reference (UTR) and the day of the transfer; a paid payout is a 409',
      params: payoutParamsSchema,
      body: markPaidSchema,
      response: { 200: z.object({ payout: payoutSchema }), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const { bankReference, paidOn } = request.body;
      // A transfer of an earlier day is recorded at noon India time of that day.
      const at = paidOn && paidOn !== todayInIndia() ? new Date(`${paidOn}T12:00:00+05:30`) : new Date();
      return { payout: await payoutsService.markPaid(request.params.payoutId, bankReference, viewer.userId, at, paidOn) };
    },
  });

  app.get('/commission-rates', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "The marketplace's commission rate per category (basis points of the GST-inclusive sale value)",
      response: { 200: commissionRatesResponseSchema, ...errors },
    },
    handler: async () => payoutsService.commissionRates(),
  });

  app.put('/commission-rates', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Set commission rates per category, for lines delivered from now on (recorded lines keep theirs)',
      body: updateCommissionRatesSchema,
      response: { 200: commissionRatesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return payoutsService.updateCommissionRates(request.body, viewer.userId);
    },
  });

  app.get('/commission-plans', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Vendors with a commission plan of their own (their rate per category over the category rates), by name',
      querystring: commissionPlansQuerySchema,
      response: { 200: commissionPlansResponseSchema, ...errors },
    },
    handler: async (request) => payoutsService.commissionPlans(request.query),
  });

  app.put('/commission-plans/:vendorId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Set a vendor's commission plan (its rate per category; an empty list ends it), for lines delivered from now on; audited",
      params: vendorParamsSchema,
      body: setCommissionPlanSchema,
      response: { 200: z.object({ plan: vendorCommissionPlanSchema }), ...errors, 404: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { plan: await payoutsService.setCommissionPlan(request.params.vendorId, request.body, viewer.userId) };
    },
  });
};
