import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminEwayBillsResponseSchema } from '~/shared/schemas/eway-bills';
import { orderParamsSchema } from '~/shared/schemas/orders';
import type { EwayBillsService } from './ewaybills.service';

/** The back office reads every seller's e-way bills of an order, under /api/admin (decision 75). */
export const ewayBillsAdminRoutes: FastifyPluginAsyncZod<{ ewayBillsService: EwayBillsService }> = async (app, { ewayBillsService }) => {
  app.get('/orders/:orderId/eway-bills', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Every seller's e-way bills of an order (number, validity, extensions, cancellation), newest first",
      params: orderParamsSchema,
      response: { 200: adminEwayBillsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => ewayBillsService.ofOrder(request.params.orderId),
  });
};
