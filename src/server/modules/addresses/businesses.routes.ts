import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { businessListResponseSchema, businessParamsSchema, businessResponseSchema, createBusinessSchema } from '~/shared/schemas/business';
import type { BusinessesService } from './businesses.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The businesses a signed-in customer buys for (decision 71). Every route sees the customer's own only. */
export const businessesRoutes: FastifyPluginAsyncZod<{ businessesService: BusinessesService }> = async (app, { businessesService }) => {
  app.get('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary: 'The businesses the customer buys for, newest first',
      response: { 200: businessListResponseSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { items: await businessesService.list(viewer.userId) };
    },
  });

  app.post('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary:
        "Add a business: GSTIN (format, check character, state code), legal name, billing address in the GSTIN's state; 409 when the GSTIN is already there",
      body: createBusinessSchema,
      response: { 201: businessResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send({ business: await businessesService.create(viewer.userId, request.body) });
    },
  });

  app.put('/:id', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary:
        'Correct a business (GSTIN, legal name, billing address), checked as when added; orders bought for it keep what it was. 404 for another customer’s, 409 when the GSTIN is another of theirs',
      params: businessParamsSchema,
      body: createBusinessSchema,
      response: { 200: businessResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { business: await businessesService.update(viewer.userId, request.params.id, request.body) };
    },
  });

  app.delete('/:id', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary: 'Delete a business (orders bought for it keep what it was)',
      params: businessParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      await businessesService.remove(viewer.userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
