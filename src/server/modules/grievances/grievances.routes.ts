import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  contactGrievanceSchema,
  grievanceFiledSchema,
  grievanceParamsSchema,
  grievanceReplyInputSchema,
  grievancesResponseSchema,
  grievanceThreadSchema,
  myGrievancesQuerySchema,
  orderGrievanceSchema,
} from '~/shared/schemas/grievances';
import type { GrievancesService } from './grievances.service';

/** Complaints to the grievance officer, under /api/grievances: filed from an order or the contact page; a customer's own. */
export const grievancesRoutes: FastifyPluginAsyncZod<{ grievancesService: GrievancesService }> = async (app, { grievancesService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.post('/', {
    config: { access: 'public' },
    schema: {
      tags: ['grievances'],
      summary:
        'File a complaint from the contact page: a ticket number and its due dates (acknowledgement in 48 hours, resolution in a month)',
      body: contactGrievanceSchema,
      response: { 201: grievanceFiledSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      return reply.status(201).send(await grievancesService.fileFromContact(request.body, request.meta(), viewer));
    },
  });

  app.post('/order', {
    config: { access: 'customer' },
    schema: {
      tags: ['grievances'],
      summary: 'File a complaint about one of your orders (and optionally one of its items); 404 for an order not yours',
      body: orderGrievanceSchema,
      response: { 201: grievanceFiledSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await grievancesService.fileFromOrder(viewer, request.body, request.meta()));
    },
  });

  app.get('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['grievances'],
      summary: 'Your complaints, newest first, with their status and due dates (of one order with orderId)',
      querystring: myGrievancesQuerySchema,
      response: { 200: grievancesResponseSchema, ...errors },
    },
    handler: async (request) => grievancesService.mine((await request.requireViewer()).userId, request.query),
  });

  app.get('/:grievanceId', {
    config: { access: 'customer' },
    schema: {
      tags: ['grievances'],
      summary: 'One of your complaints with the grievance officer’s replies; 404 for another’s',
      params: grievanceParamsSchema,
      response: { 200: grievanceThreadSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request) => grievancesService.myThread((await request.requireViewer()).userId, request.params.grievanceId),
  });

  app.post('/:grievanceId/messages', {
    config: { access: 'customer' },
    schema: {
      tags: ['grievances'],
      summary: 'Answer in your complaint’s thread while it is open; 409 once it is resolved',
      params: grievanceParamsSchema,
      body: grievanceReplyInputSchema,
      response: { 201: grievanceThreadSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await grievancesService.customerReply(viewer.userId, request.params.grievanceId, request.body.body));
    },
  });
};
