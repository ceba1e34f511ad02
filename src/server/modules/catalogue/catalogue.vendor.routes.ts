import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { productIdParamsSchema, vendorProductsQuerySchema, vendorProductsResponseSchema } from '~/shared/schemas/catalogue';
import {
  bulkStatusResponseSchema,
  bulkStatusSchema,
  ownProductResponseSchema,
  productInputSchema,
  productPatchSchema,
} from '~/shared/schemas/vendor-products';
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

  const writeErrors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
  };

  app.post('/products', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: 'List a new product (category, typed specifications, price, stock, status); approved vendors only',
      body: productInputSchema,
      response: { 201: ownProductResponseSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      reply.code(201);
      return { product: await vendorProductsService.create(vendorId, request.body) };
    },
  });

  app.get('/products/:id', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's own products, as its edit form needs it; another vendor's is a 404",
      params: productIdParamsSchema,
      response: { 200: ownProductResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { product: await vendorProductsService.get(await vendorsService.vendorIdOf(viewer.userId), request.params.id) };
    },
  });

  app.put('/products/:id', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: 'Save the whole product form; orders already placed keep their price',
      params: productIdParamsSchema,
      body: productInputSchema,
      response: { 200: ownProductResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { product: await vendorProductsService.update(vendorId, request.params.id, request.body) };
    },
  });

  app.patch('/products/:id', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: 'Change the price, stock or status of one product from the list (stockWas guards against orders that came in)',
      params: productIdParamsSchema,
      body: productPatchSchema,
      response: { 200: ownProductResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { product: await vendorProductsService.patch(vendorId, request.params.id, request.body) };
    },
  });

  app.post('/products/status', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Put several of the vendor's products on sale or archive them; ids of others' products are ignored",
      body: bulkStatusSchema,
      response: { 200: bulkStatusResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      const ids = await vendorProductsService.setStatus(vendorId, request.body.ids, request.body.status);
      return { updated: ids.length, ids };
    },
  });
};
