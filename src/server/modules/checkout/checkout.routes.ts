import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  placeOrderResponseSchema,
  placeOrderSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '~/shared/schemas/orders';
import { AppError } from '../../lib/app-error';
import type { CheckoutService } from './checkout.service';
import type { PlaceOrderCall } from './order-placement';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const stateErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema, ...denied };

/** The checkout under /api/orders: a quote of the cart, and placing the order (idempotent; the flow `place-order`). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: Pick<CheckoutService, 'quote'>; placeOrder: PlaceOrderCall }> = async (
  app,
  { checkout, placeOrder },
) => {
  app.post('/quote', {
    config: { access: 'customer' },
    schema: {
      tags: ['orders'],
      summary: 'Price a cart for checkout from the database (GST split, coupon, delivery, COD and EMI); reserves nothing',
      body: quoteRequestSchema,
      response: { 200: quoteResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return checkout.quote(viewer.userId, request.body);
    },
  });

  app.post('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['orders'],
      summary:
        'Place an order (one transaction). Needs an Idempotency-Key header: the same key and request return the same order (header idempotent-replayed: true). Prices, totals and discounts sent by the client are ignored.',
      body: placeOrderSchema,
      response: { 201: placeOrderResponseSchema, ...stateErrors },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const parsedKey = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!parsedKey.success) {
        const message = parsedKey.error.issues[0]!.message;
        throw new AppError('VALIDATION', message, { fields: { 'Idempotency-Key': message } });
      }
      const { replayed, ...result } = await placeOrder(
        { userId: viewer.userId, name: viewer.name, email: viewer.email },
        parsedKey.data,
        request.body,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  });
};
