import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { idParamSchema } from '~/shared/schemas/common';
import {
  resendVerificationResponseSchema,
  vendorDecisionResponseSchema,
  vendorDecisionSchema,
  vendorTrustResponseSchema,
  vendorTrustSchema,
} from '~/shared/schemas/vendor';
import type { VendorsService } from './vendors.service';

/** The admin's decisions on vendors, under /api/admin. */
export const vendorsAdminRoutes: FastifyPluginAsyncZod<{ vendorsService: VendorsService }> = async (app, { vendorsService }) => {
  app.post('/vendors/:id/decision', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Approve or reject a pending vendor, suspend an approved one or reinstate a suspended one (reject and suspend need a reason the vendor reads)',
      params: idParamSchema,
      body: vendorDecisionSchema,
      response: {
        200: vendorDecisionResponseSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
      },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return vendorsService.decide(request.params.id, request.body.decision, viewer.userId, request.body.reason);
    },
  });

  app.post('/vendors/:id/resend-verification', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Send a pending vendor's owner a new e-mail verification link (an application is approved only once it is verified); 409 when already verified, 429 past the hourly limit shared with the owner's own resends",
      params: idParamSchema,
      response: {
        200: resendVerificationResponseSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        429: apiErrorSchema,
      },
    },
    handler: async (request) => vendorsService.resendVerification(request.params.id),
  });

  app.put('/vendors/:id/trust', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Mark a seller trusted (the products it lists go on sale without the review queue) or take the mark away (audited vendor.trust / vendor.untrust)',
      params: idParamSchema,
      body: vendorTrustSchema,
      response: { 200: vendorTrustResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => vendorsService.setTrusted(request.params.id, request.body.trusted),
  });
};
