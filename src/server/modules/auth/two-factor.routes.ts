import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { userResponseSchema } from '~/shared/schemas/auth';
import {
  recoveryCodesResponseSchema,
  twoFactorConfirmSchema,
  newRecoveryCodesSchema,
  twoFactorDisableSchema,
  twoFactorSetupResponseSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '~/shared/schemas/two-factor';
import type { ProfileOf } from './auth.service';
import type { TwoFactorService } from './two-factor.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Two-step sign-in (decision 27), under /api/auth. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactorService: TwoFactorService; profile: ProfileOf }> = async (
  app,
  { twoFactorService, profile },
) => {
  app.post('/two-factor', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Finish a sign-in with a code from the authenticator app or a recovery code',
      description:
        'Needs the pending cookie the password step set (valid 5 minutes). A recovery code works once. ' +
        'Wrong codes are counted per account and per client address (429 past the limit).',
      body: twoFactorSignInSchema,
      response: { 200: userResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { userId, cookies } = await twoFactorService.completeSignIn(request.body, request.meta());
      reply.header('set-cookie', cookies);
      return { user: await profile(userId) };
    },
  });

  app.get('/two-factor/status', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Whether two-step sign-in is on for the signed-in account',
      response: { 200: twoFactorStatusSchema },
    },
    handler: async (request) => twoFactorService.status((await request.requireViewer()).userId),
  });

  app.post('/two-factor/setup', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Make a new authenticator key (password required)',
      description: 'Answers the `otpauth://` URI for a QR code and the Base32 key. Nothing is on until a code confirms it.',
      body: twoFactorSetupSchema,
      response: { 200: twoFactorSetupResponseSchema, ...errors },
    },
    handler: async (request) => twoFactorService.startSetup(await request.requireViewer(), request.body.password, request.meta()),
  });

  app.post('/two-factor/confirm', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Turn two-step sign-in on with the first code; answers ten recovery codes, shown once',
      body: twoFactorConfirmSchema,
      response: { 200: recoveryCodesResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { recoveryCodes, cookies } = await twoFactorService.confirmSetup(
        await request.requireViewer(),
        request.body.code,
        request.meta(),
      );
      reply.header('set-cookie', cookies);
      return { recoveryCodes };
    },
  });

  app.post('/two-factor/recovery-codes', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Ten new recovery codes, shown once (password required); the ones left stop working',
      body: newRecoveryCodesSchema,
      response: { 200: recoveryCodesResponseSchema, ...errors },
    },
    handler: async (request) => twoFactorService.newRecoveryCodes(await request.requireViewer(), request.body.password, request.meta()),
  });

  app.post('/two-factor/disable', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Turn two-step sign-in off (password and a code required; not for admins)',
      body: twoFactorDisableSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { cookies } = await twoFactorService.disable(await request.requireViewer(), request.body, request.meta());
      reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  });
};
