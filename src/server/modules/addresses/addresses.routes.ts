import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  addressListResponseSchema,
  addressParamsSchema,
  addressResponseSchema,
  createAddressSchema,
  updateAddressSchema,
} from '~/shared/schemas/address';
import type { AddressesService } from './addresses.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** A signed-in customer's address book. Every route sees the customer's own addresses only. */
export const addressesRoutes: FastifyPluginAsyncZod<{ addressesService: AddressesService }> = async (app, { addressesService }) => {
  app.get('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary: 'The address book: the default first, then newest first',
      response: { 200: addressListResponseSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { items: await addressesService.list(viewer.userId) };
    },
  });

  app.post('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary: 'Add an address (the first becomes the default; `isDefault: true` moves it); 409 when the book is full',
      body: createAddressSchema,
      response: { 201: addressResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send({ address: await addressesService.create(viewer.userId, request.body) });
    },
  });

  app.patch('/:id', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary: 'Change any fields of an address, or make it the default (`isDefault: true`)',
      params: addressParamsSchema,
      body: updateAddressSchema,
      response: { 200: addressResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { address: await addressesService.update(viewer.userId, request.params.id, request.body) };
    },
  });

  app.delete('/:id', {
    config: { access: 'customer' },
    schema: {
      tags: ['addresses'],
      summary: 'Delete an address; when it was the default, the newest remaining one becomes the default',
      params: addressParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      await addressesService.remove(viewer.userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
