import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { cartOffersResponseSchema, couponsResponseSchema } from '~/shared/schemas/coupons';
import { cartOffersRequestSchema } from '~/shared/schemas/orders';
import type { CouponsService } from './coupons.service';

/** Offers anyone may see, and the checkout's offers judged on the customer's cart. */
export const couponsRoutes: FastifyPluginAsyncZod<{ couponsService: CouponsService }> = async (app, { couponsService }) => {
  app.get('/', {
    config: { access: 'public' },
    schema: {
      tags: ['orders'],
      summary: 'Coupons open now: code, what it gives, minimum order, expiry',
      response: { 200: couponsResponseSchema },
    },
    handler: async () => ({ items: await couponsService.available() }),
  });

  app.post('/for-cart', {
    config: { access: 'customer' },
    schema: {
      tags: ['orders'],
      summary:
        "Coupons open now for the customer's cart: each applicable or not with the reason (its scope, the amount short of its minimum, the customer's own uses), applicable first",
      body: cartOffersRequestSchema,
      response: { 200: cartOffersResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { items: await couponsService.offersFor(viewer.userId, request.body.items) };
    },
  });
};
