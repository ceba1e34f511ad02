import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminPaymentsQuerySchema, adminPaymentsResponseSchema } from '~/shared/schemas/payments';
import type { PaymentsService } from './payments.service';

/** The admin's view of payments, under /api/admin. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ paymentsService: PaymentsService }> = async (app, { paymentsService }) => {
  app.get('/payments', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Payments of every order, newest first (or by amount), with refunds and money figures over the filter',
      querystring: adminPaymentsQuerySchema,
      response: { 200: adminPaymentsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: (request) => paymentsService.list(request.query),
  });
};
