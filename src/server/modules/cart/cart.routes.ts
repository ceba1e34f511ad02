import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { cartCheckRequestSchema, cartCheckResponseSchema } from '~/shared/schemas/cart';
import type { CartService } from './cart.service';

/** The cart lives in the browser; the server only checks it against the catalogue. */
export const cartRoutes: FastifyPluginAsyncZod<{ cartService: CartService }> = async (app, { cartService }) => {
  app.post('/check', {
    config: { access: 'public' },
    schema: {
      tags: ['cart'],
      summary: 'Check a stored cart: current prices, stock and availability per line, and totals from database prices',
      body: cartCheckRequestSchema,
      response: { 200: cartCheckResponseSchema, 400: apiErrorSchema },
    },
    handler: (request) => cartService.check(request.body),
  });
};
