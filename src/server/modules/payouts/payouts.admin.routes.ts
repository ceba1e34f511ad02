import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  commissionRatesResponseSchema,
  markPaidSchema,
  payoutParamsSchema,
  payoutSchema,
  settleResponseSchema,
  updateCommissionRatesSchema,
} from '~/shared/schemas/payouts';
import type { PayoutsService } from './payouts.service';

/** Settling and paying vendors, and the commission rates, under /api/admin. */
export const payoutsAdminRoutes: FastifyPluginAsyncZod<{ payoutsService: PayoutsService }> = async (app, { payoutsService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/payouts', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Every vendor's weekly payouts: pending first (oldest week first), then paid; by status or seller name",
      querystring: adminPayoutsQuerySchema,
      response: { 200: adminPayoutsResponseSchema, ...errors },
    },
    handler: async (request) => payoutsService.adminPayouts(request.query),
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
      summary: 'Record that a payout was paid, with the bank reference (UTR) of the transfer; a paid payout is a 409',
      params: payoutParamsSchema,
      body: markPaidSchema,
      response: { 200: z.object({ payout: payoutSchema }), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { payout: await payoutsService.markPaid(request.params.payoutId, request.body.bankReference, viewer.userId) };
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
};
