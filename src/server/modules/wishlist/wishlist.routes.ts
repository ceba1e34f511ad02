import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { productCardsResponseSchema, wishlistIdsResponseSchema } from '~/shared/schemas/catalogue';
import { wishlistProductParamsSchema } from '~/shared/schemas/wishlist';
import type { WishlistService } from './wishlist.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** A signed-in customer's saved products. Every route is the customer's own list only. */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlistService: WishlistService }> = async (app, { wishlistService }) => {
  app.get('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['wishlist'],
      summary: 'Saved products still on sale, as cards, newest saved first',
      response: { 200: productCardsResponseSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { items: await wishlistService.list(viewer.userId) };
    },
  });

  app.get('/ids', {
    config: { access: 'customer' },
    schema: {
      tags: ['wishlist'],
      summary: 'Ids of the saved products, newest saved first',
      response: { 200: wishlistIdsResponseSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { productIds: await wishlistService.productIds(viewer.userId) };
    },
  });

  app.put('/:productId', {
    config: { access: 'customer' },
    schema: {
      tags: ['wishlist'],
      summary: 'Save a product (saving it again changes nothing); 404 when not on sale, 409 when the list is full',
      params: wishlistProductParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      await wishlistService.add(viewer.userId, request.params.productId);
      return reply.status(204).send(null);
    },
  });

  app.delete('/:productId', {
    config: { access: 'customer' },
    schema: {
      tags: ['wishlist'],
      summary: 'Remove a product from the wishlist (removing one not there changes nothing)',
      params: wishlistProductParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      await wishlistService.remove(viewer.userId, request.params.productId);
      return reply.status(204).send(null);
    },
  });
};
