import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { auditQuerySchema, auditResponseSchema } from '~/shared/schemas/audit';
import type { AuditService } from './audit.service';

/** Reading the audit log, under /api/admin. There is no route that changes or removes an entry. */
export const auditAdminRoutes: FastifyPluginAsyncZod<{ auditService: AuditService }> = async (app, { auditService }) => {
  app.get('/audit', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The audit log, newest first: every admin and vendor write with who, when, from where, and the values before and after',
      querystring: auditQuerySchema,
      response: { 200: auditResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => auditService.list(request.query),
  });
};
