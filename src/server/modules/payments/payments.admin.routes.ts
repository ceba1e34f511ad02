import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminRefundsQuerySchema,
  adminRefundsResponseSchema,
  STUCK_AFTER_MINUTES,
} from '~/shared/schemas/payments';
import type { PaymentsService } from './payments.service';

/** The admin's view of payments, under /api/admin. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ paymentsService: PaymentsService }> = async (app, { paymentsService }) => {
  app.get('/payments', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: `Payments of every order, newest first (or by amount), with refunds and money figures over the filter; problem=failed, or stuck (online, neither captured nor failed after ${STUCK_AFTER_MINUTES} minutes)`,
      querystring: adminPaymentsQuerySchema,
      response: { 200: adminPaymentsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: (request) => paymentsService.list(request.query),
  });

  app.get('/refunds', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Refunds of every order, newest first, by status or order number / customer e-mail, with their provider reference',
      querystring: adminRefundsQuerySchema,
      response: { 200: adminRefundsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: (request) => paymentsService.listRefunds(request.query),
  });
};
