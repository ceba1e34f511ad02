import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminPaymentsQuerySchema, adminPaymentsResponseSchema } from '~/shared/schemas/payments';
import type { AdminPaymentsService } from './admin-payments.service';

export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ adminPaymentsService: AdminPaymentsService }> = async (
  app,
  { adminPaymentsService },
) => {
  app.get('/', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Payments of every order, newest first, with refunds and money figures over the filter',
      querystring: adminPaymentsQuerySchema,
      response: { 200: adminPaymentsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: (request) => adminPaymentsService.listPayments(request.query),
  });
};
