import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  grievanceAcknowledgeInputSchema,
  grievanceOverdueCountsSchema,
  grievanceParamsSchema,
  grievanceReplyInputSchema,
  grievanceResolveInputSchema,
  grievancesQuerySchema,
  grievancesResponseSchema,
  grievanceThreadSchema,
} from '~/shared/schemas/grievances';
import type { GrievancesService } from './grievances.service';

/** The grievance officer's desk, under /api/admin: complaints with their deadlines; acknowledge, reply, resolve, close. */
export const grievancesAdminRoutes: FastifyPluginAsyncZod<{ grievancesService: GrievancesService }> = async (
  app,
  { grievancesService },
) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const changeErrors = { ...errors, 404: apiErrorSchema, 409: apiErrorSchema };

  app.get('/grievances', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Complaints newest first; by status, overdue deadline (acknowledgement, resolution, any) and words',
      querystring: grievancesQuerySchema,
      response: { 200: grievancesResponseSchema, ...errors },
    },
    handler: (request) => grievancesService.list(request.query),
  });

  app.get('/grievances/overdue', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'How many open complaints are past their acknowledgement or resolution date',
      response: { 200: grievanceOverdueCountsSchema, ...errors },
    },
    handler: () => grievancesService.overdueCounts(),
  });

  app.get('/grievances/:grievanceId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'A complaint with its thread, oldest first',
      params: grievanceParamsSchema,
      response: { 200: grievanceThreadSchema, ...errors, 404: apiErrorSchema },
    },
    handler: (request) => grievancesService.thread(request.params.grievanceId),
  });

  app.post('/grievances/:grievanceId/acknowledge', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Acknowledge a received complaint (the customer is e-mailed); 409 when it is acknowledged already',
      params: grievanceParamsSchema,
      body: grievanceAcknowledgeInputSchema,
      response: { 200: grievanceThreadSchema, ...changeErrors },
    },
    handler: async (request) =>
      grievancesService.acknowledge(request.params.grievanceId, (await request.requireViewer()).userId, request.body.message),
  });

  app.post('/grievances/:grievanceId/replies', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Reply in a complaint’s thread (e-mailed to the customer; acknowledges it when it was not)',
      params: grievanceParamsSchema,
      body: grievanceReplyInputSchema,
      response: { 201: grievanceThreadSchema, ...changeErrors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await grievancesService.reply(request.params.grievanceId, (await request.requireViewer()).userId, request.body.body)),
  });

  app.post('/grievances/:grievanceId/resolve', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Resolve a complaint with how it was redressed (e-mailed to the customer); 409 when resolved already',
      params: grievanceParamsSchema,
      body: grievanceResolveInputSchema,
      response: { 200: grievanceThreadSchema, ...changeErrors },
    },
    handler: async (request) =>
      grievancesService.resolve(request.params.grievanceId, (await request.requireViewer()).userId, request.body.resolution),
  });

  app.post('/grievances/:grievanceId/close', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Close a resolved complaint; 409 when it is not resolved',
      params: grievanceParamsSchema,
      response: { 200: grievanceThreadSchema, ...changeErrors },
    },
    handler: (request) => grievancesService.close(request.params.grievanceId),
  });
};
