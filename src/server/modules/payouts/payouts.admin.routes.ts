import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { markPaidSchema, payoutParamsSchema, payoutSchema } from '~/shared/schemas/payouts';
import type { PayoutsService } from './payouts.service';

/** Settling and paying vendors, under /api/admin. */
export const payoutsAdminRoutes: FastifyPluginAsyncZod<{ payoutsService: PayoutsService }> = async (app, { payoutsService }) => {
  app.post('/payouts/settle', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Run the weekly settlement now: payable entries of ended weeks become one payout per vendor and week',
      response: { 200: z.object({ payouts: z.number().int() }), 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async () => ({ payouts: await payoutsService.settle() }),
  });

  app.post('/payouts/:payoutId/paid', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Record that a payout was paid, with the bank reference (UTR) of the transfer',
      params: payoutParamsSchema,
      body: markPaidSchema,
      response: {
        200: z.object({ payout: payoutSchema }),
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
      },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { payout: await payoutsService.markPaid(request.params.payoutId, request.body.bankReference, viewer.userId) };
    },
  });
};
