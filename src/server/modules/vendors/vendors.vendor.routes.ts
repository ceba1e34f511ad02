import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { eInvoicingSettingSchema } from '~/shared/schemas/einvoices';
import { updateVendorProfileSchema, vendorProfileResponseSchema } from '~/shared/schemas/vendor';
import type { VendorProfileService } from './profile.vendor.service';
import type { VendorsService } from './vendors.service';

/** The signed-in vendor's own profile, under /api/vendor. The vendor is the session's, never a parameter. */
export const vendorsVendorRoutes: FastifyPluginAsyncZod<{
  vendorProfileService: VendorProfileService;
  vendorsService: Pick<VendorsService, 'eInvoicingFromOf' | 'setEInvoicingFrom'>;
}> = async (app, { vendorProfileService, vendorsService }) => {
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

  app.get('/profile/e-invoicing', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: 'From which invoice date e-invoicing applies to the seller (aggregate turnover above ₹5 crore); null when it does not',
      response: { 200: eInvoicingSettingSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => ({ eInvoicingFrom: await vendorsService.eInvoicingFromOf(request.vendorId) }),
  });

  app.put('/profile/e-invoicing', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: 'Record from which invoice date e-invoicing applies to the seller, or null when it does not',
      body: eInvoicingSettingSchema,
      response: { 200: eInvoicingSettingSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    // vendor: 'read': a suspended seller's invoices already issued still follow the tax law.
    handler: async (request) => vendorsService.setEInvoicingFrom(request.vendorId, request.body.eInvoicingFrom),
  });
};
