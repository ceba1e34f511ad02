import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  productStockAlertResponseSchema,
  stockAlertIdParamsSchema,
  stockAlertLinkResponseSchema,
  stockAlertListResponseSchema,
  stockAlertOnResponseSchema,
  stockAlertPendingResponseSchema,
  stockAlertProductParamsSchema,
  stockAlertRequestSchema,
  stockAlertTokenSchema,
} from '~/shared/schemas/stock-alerts';
import type { AlertsService } from './alerts.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const linkErrors = { 400: apiErrorSchema, 429: apiErrorSchema };

/** Back-in-stock alerts (decision 28), under /api/stock-alerts. */
export const alertsRoutes: FastifyPluginAsyncZod<{ alertsService: AlertsService }> = async (app, { alertsService }) => {
  app.post('/', {
    config: { access: 'public' },
    schema: {
      tags: ['stock-alerts'],
      summary: 'Ask to be e-mailed once when a sold-out product is back',
      description:
        'Signed in: on at once for the account’s address (200; asking again changes nothing). A visitor gives `email` and gets a ' +
        'confirmation link (202), with the same answer whether or not the address already waits. 404 when the product is not on ' +
        'sale, 409 when it is in stock; visitors are limited per client and per address (429).',
      body: stockAlertRequestSchema,
      response: {
        200: stockAlertOnResponseSchema,
        202: stockAlertPendingResponseSchema,
        400: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        429: apiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const answer = await alertsService.request(await request.viewer(), request.body, request.meta());
      return reply.status(answer.status === 'waiting' ? 200 : 202).send(answer);
    },
  });

  app.get('/', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['stock-alerts'],
      summary: 'The account’s alerts that wait or were e-mailed, newest first, with each product as it is now',
      response: { 200: stockAlertListResponseSchema, ...denied },
    },
    handler: async (request) => ({ items: await alertsService.list(await request.requireViewer()) }),
  });

  app.get('/product/:productId', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['stock-alerts'],
      summary: 'The account’s waiting alert for a product, or null',
      params: stockAlertProductParamsSchema,
      response: { 200: productStockAlertResponseSchema, 400: apiErrorSchema, ...denied },
    },
    handler: async (request) => alertsService.ofProduct(await request.requireViewer(), request.params.productId),
  });

  app.delete('/:id', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['stock-alerts'],
      summary: 'Stop one of the account’s alerts (stopping it again changes nothing); 404 for an id that is not the account’s',
      params: stockAlertIdParamsSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      await alertsService.stop(await request.requireViewer(), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/confirm', {
    config: { access: 'public' },
    schema: {
      tags: ['stock-alerts'],
      summary: 'Turn a visitor’s alert on with the token of its e-mailed link (single use, 24 hours)',
      description: 'A token used before, late or unknown answers 400 with `fields.token`; 30 such answers an hour per client (429).',
      body: stockAlertTokenSchema,
      response: { 200: stockAlertLinkResponseSchema, ...linkErrors },
    },
    handler: async (request) => alertsService.confirm(request.body.token, request.meta()),
  });

  app.post('/stop', {
    config: { access: 'public' },
    schema: {
      tags: ['stock-alerts'],
      summary: 'Stop every alert to the address of an alert e-mail, with the signed token of its link',
      description: 'A token whose signature does not match answers 400 with `fields.token`; 30 such answers an hour per client (429).',
      body: stockAlertTokenSchema,
      response: { 200: stockAlertLinkResponseSchema, ...linkErrors },
    },
    handler: async (request) => alertsService.stopByLink(request.body.token, request.meta()),
  });
};
