import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { userResponseSchema } from '~/shared/schemas/auth';
import { registerVendorSchema, vendorMeResponseSchema } from '~/shared/schemas/vendor';
import type { AuthService, ProfileOf } from '../auth/auth.service';
import type { VendorsService } from './vendors.service';

export const vendorsRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  vendorsService: VendorsService;
  profile: ProfileOf;
}> = async (app, { authService, vendorsService, profile }) => {
  app.post('/register', {
    config: { access: 'public' },
    schema: {
      tags: ['vendors'],
      summary: 'Register a vendor account (status pending) and sign it in',
      body: registerVendorSchema,
      response: { 201: userResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const meta = request.meta();
      if (request.body.role !== undefined && request.body.role !== 'vendor') {
        request.log.warn({ requestedRole: request.body.role }, 'registration asked for a role; ignored');
      }
      await authService.throttlePublicForm(meta);
      const { userId, cookies } = await vendorsService.registerVendor(request.body, meta);
      reply.header('set-cookie', cookies);
      return reply.status(201).send({ user: await profile(userId) });
    },
  });

  app.get('/me', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendors'],
      summary: "The signed-in vendor's business record and approval status",
      response: { 200: vendorMeResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { vendor: await vendorsService.ownVendor(viewer.userId) };
    },
  });
};
