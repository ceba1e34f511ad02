import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { loginSchema, registerCustomerSchema, sessionResponseSchema, userResponseSchema } from '~/shared/schemas/auth';
import { loginResponseSchema } from '~/shared/schemas/two-factor';
import type { AuthService, ProfileOf } from './auth.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService; profile: ProfileOf }> = async (
  app,
  { authService, profile },
) => {
  app.post('/register', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Register a customer account and sign it in',
      description: 'Always creates a customer. Unknown fields (a `role`, say) are refused with 400.',
      body: registerCustomerSchema,
      response: { 201: userResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const meta = request.meta();
      if (request.body.role !== undefined && request.body.role !== 'customer') {
        request.log.warn({ requestedRole: request.body.role }, 'registration asked for a role; ignored');
      }
      await authService.throttlePublicForm(meta);
      const { userId, cookies } = await authService.registerAccount(request.body, 'customer', meta);
      reply.header('set-cookie', cookies);
      return reply.status(201).send({ user: await profile(userId) });
    },
  });

  app.post('/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      description:
        '`portal` is the login page used: vendor and admin pages admit only their role (403 otherwise). ' +
        'With two-step sign-in on, answers `{ twoFactorRequired: true }` and a pending cookie instead of a session.',
      body: loginSchema,
      response: { 200: loginResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { userId, cookies, twoFactorRequired } = await authService.login(request.body, request.meta());
      reply.header('set-cookie', cookies);
      // Two-step sign-in: the cookie holds the pending state; POST /api/auth/two-factor finishes it.
      if (twoFactorRequired) return { twoFactorRequired: true as const };
      return { user: await profile(userId) };
    },
  });

  app.post('/logout', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'End the current session on the server', response: { 204: z.null() } },
    handler: async (request, reply) => {
      reply.header('set-cookie', await authService.logout(request.meta().headers));
      return reply.status(204).send(null);
    },
  });

  app.get('/session', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in profile, or null',
      response: { 200: sessionResponseSchema },
    },
    handler: async (request) => {
      const viewer = await request.viewer();
      return { user: viewer ? await profile(viewer.userId) : null };
    },
  });
};
