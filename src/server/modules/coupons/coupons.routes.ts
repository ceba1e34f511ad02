import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponsResponseSchema } from '~/shared/schemas/coupons';
import type { CouponsService } from './coupons.service';

/** Offers anyone may see at checkout. */
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
};
