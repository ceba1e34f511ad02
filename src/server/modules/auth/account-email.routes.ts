import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { changeEmailSchema, emailTokenSchema, messageResponseSchema } from '~/shared/schemas/account-recovery';
import type { AccountEmailService } from './account-email.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Changing one's e-mail address (decision 25), under /api/account. */
export const accountEmailRoutes: FastifyPluginAsyncZod<{ accountEmailService: AccountEmailService }> = async (
  app,
  { accountEmailService },
) => {
  app.post('/email', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['account'],
      summary: 'Ask to change the e-mail address (current password required); the new address gets a confirmation link',
      description: 'Nothing changes until the link is followed. Limited to 5 requests an hour per account (429).',
      body: changeEmailSchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => accountEmailService.requestChange(await request.requireViewer(), request.body, request.meta()),
  });

  app.post('/email/confirm', {
    config: { access: 'public' },
    schema: {
      tags: ['account'],
      summary: 'Confirm an e-mail change with the token sent to the new address: the old address is told, other sessions end',
      description:
        'A token used before, late, or of another purpose answers 400 with `fields.token`; 30 such answers an hour per client (429).',
      body: emailTokenSchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => accountEmailService.confirmChange(request.body.token, request.meta()),
  });
};
