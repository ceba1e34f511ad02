import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { auditQuerySchema, auditResponseSchema, auditVerifyResponseSchema } from '~/shared/schemas/audit';
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

  app.get('/audit/verify', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Walks the hash chain now and names the first entry changed or following removed ones (as npm run audit:verify does)',
      response: { 200: auditVerifyResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async () => ({ ...(await auditService.verify()), verifiedAt: new Date().toISOString() }),
  });
};
