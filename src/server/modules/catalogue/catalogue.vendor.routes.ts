import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { vendorProductsQuerySchema, vendorProductsResponseSchema } from '~/shared/schemas/catalogue';
import type { VendorsService } from '../vendors/vendors.service';
import type { VendorProductsService } from './vendor-products.service';

/** The signed-in vendor's own products, under /api/vendor. The vendor is the session's, never a parameter. */
export const catalogueVendorRoutes: FastifyPluginAsyncZod<{
  vendorProductsService: VendorProductsService;
  vendorsService: VendorsService;
}> = async (app, { vendorProductsService, vendorsService }) => {
  app.get('/products', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's own products in every status, filtered, sorted and a page at a time",
      querystring: vendorProductsQuerySchema,
      response: { 200: vendorProductsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return vendorProductsService.list(await vendorsService.vendorIdOf(viewer.userId), request.query);
    },
  });
};
