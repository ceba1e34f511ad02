import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { updateVendorProfileSchema, vendorProfileResponseSchema } from '~/shared/schemas/vendor';
import type { VendorProfileService } from './profile.vendor.service';

/** The signed-in vendor's own profile, under /api/vendor. The vendor is the session's, never a parameter. */
export const vendorsVendorRoutes: FastifyPluginAsyncZod<{
  vendorProfileService: VendorProfileService;
}> = async (app, { vendorProfileService }) => {
  app.get('/profile', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's business profile (bank account masked) and its latest changes of bank account and GSTIN",
      response: { 200: vendorProfileResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      return vendorProfileService.read(request.vendorId);
    },
  });

  app.put('/profile', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary:
        'Save the business profile: pending and approved vendors only; an approved vendor’s change of bank account or GSTIN is recorded and e-mailed',
      body: updateVendorProfileSchema,
      response: { 200: vendorProfileResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      // vendor: 'read', not 'sell': a pending vendor may correct its application; the service refuses rejected and suspended vendors.
      const { vendorId } = request;
      return vendorProfileService.update(vendorId, viewer.userId, request.body);
    },
  });
};
