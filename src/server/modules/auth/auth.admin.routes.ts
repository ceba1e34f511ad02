import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminUsersQuerySchema, adminUsersResponseSchema } from '~/shared/schemas/auth';
import type { AuthService } from './auth.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin's view of accounts, under /api/admin. */
export const authAdminRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (app, { authService }) => {
  app.get('/users', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Accounts of every role, newest first (or sorted by name or e-mail), with vendor records',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersResponseSchema, 400: apiErrorSchema, ...denied },
    },
    handler: (request) => authService.listUsers(request.query),
  });
};
