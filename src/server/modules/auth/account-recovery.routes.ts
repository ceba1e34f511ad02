import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  emailTokenSchema,
  emailVerificationStatusSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  resetLinkStatusSchema,
  resetPasswordSchema,
} from '~/shared/schemas/account-recovery';
import type { EmailVerificationService } from './email-verification.service';
import type { PasswordResetService } from './password-reset.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Forgot password and e-mail verification (decision 25), under /api/auth. */
export const accountRecoveryRoutes: FastifyPluginAsyncZod<{
  passwordResetService: PasswordResetService;
  emailVerificationService: EmailVerificationService;
}> = async (app, { passwordResetService, emailVerificationService }) => {
  app.post('/forgot-password', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'E-mail a password reset link (valid 30 minutes, single use)',
      description: 'The answer is the same whether or not the address has an account. Limited per address and per client (429).',
      body: forgotPasswordSchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => passwordResetService.request(request.body.email, request.meta()),
  });

  app.post('/reset-password/check', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Whether a reset link still works (nothing is spent), and until when',
      description:
        'A token used before, late, or of another purpose answers 400 with `fields.token`; 30 such answers an hour per client (429).',
      body: emailTokenSchema,
      response: { 200: resetLinkStatusSchema, ...errors },
    },
    handler: async (request) => passwordResetService.check(request.body.token, request.meta()),
  });

  app.post('/reset-password', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "Choose a new password with a reset link's token; every session of the account ends",
      description: 'A token used before, late, or of another purpose answers 400 with `fields.token`.',
      body: resetPasswordSchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => passwordResetService.reset(request.body, request.meta()),
  });

  app.post('/verify-email', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "Verify an account's e-mail address with the token of its link (single use, 24 hours)",
      description:
        'A token used before, late, or of another purpose answers 400 with `fields.token`; 30 such answers an hour per client (429).',
      body: emailTokenSchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => emailVerificationService.verify(request.body.token, request.meta()),
  });

  app.get('/email-verification', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: "Whether the signed-in account's e-mail address is verified",
      response: { 200: emailVerificationStatusSchema, 401: apiErrorSchema },
    },
    handler: async (request) => emailVerificationService.status((await request.requireViewer()).userId),
  });

  app.post('/email-verification/resend', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Send a new verification link to the signed-in account (3 an hour); 409 when already verified',
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => emailVerificationService.resend((await request.requireViewer()).userId),
  });
};
