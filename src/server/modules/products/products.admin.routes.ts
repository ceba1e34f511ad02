import { indiaDay } from '../../lib/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  adminBrandsQuerySchema,
  adminBrandsResponseSchema,
  adminProductDetailResponseSchema,
  adminProductParamsSchema,
  adminProductsExportQuerySchema,
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  hideProductsSchema,
  productIdsBodySchema,
  productsActionResponseSchema,
  renameBrandResponseSchema,
  renameBrandSchema,
} from '~/shared/schemas/catalogue-admin';
import { productInputSchema } from '~/shared/schemas/vendor-products';
import type { ProductsAdminService } from './products.admin.service';
import type { VendorProductsService } from './products.vendor.service';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...readErrors, 404: apiErrorSchema, 409: apiErrorSchema };

/** Manage Products, under /api/admin: every vendor's products, hiding, featuring, brands and editing. */
export const productsAdminRoutes: FastifyPluginAsyncZod<{
  productsAdminService: ProductsAdminService;
  vendorProductsService: VendorProductsService;
}> = async (app, { productsAdminService, vendorProductsService }) => {
  app.get('/products', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Every vendor's products, filtered (vendor, category, brand, status, stock, price, featured), searched and sorted, a page at a time",
      querystring: adminProductsQuerySchema,
      response: { 200: adminProductsResponseSchema, ...readErrors },
    },
    handler: async (request) => productsAdminService.list(request.query),
  });

  app.get('/products/export', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The filtered product list as CSV (every matching row, in the list’s order; prices in rupees)',
      querystring: adminProductsExportQuerySchema,
    },
    handler: async (request, reply) => {
      const csv = await productsAdminService.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${indiaDay(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.post('/products/hide', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Hide products from the shop at once with a reason their vendors read (one transaction; an unknown id changes nothing)',
      body: hideProductsSchema,
      response: { 200: productsActionResponseSchema, ...writeErrors },
    },
    handler: async (request) => productsAdminService.hide(request.body.ids, request.body.reason),
  });

  app.post('/products/restore', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Restore hidden products to the status they had before',
      body: productIdsBodySchema,
      response: { 200: productsActionResponseSchema, ...writeErrors },
    },
    handler: async (request) => productsAdminService.restore(request.body.ids),
  });

  app.post('/products/feature', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Feature products on the home page (shown while they are on sale)',
      body: productIdsBodySchema,
      response: { 200: productsActionResponseSchema, ...writeErrors },
    },
    handler: async (request) => productsAdminService.feature(request.body.ids),
  });

  app.post('/products/unfeature', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Take products off the home page's featured products",
      body: productIdsBodySchema,
      response: { 200: productsActionResponseSchema, ...writeErrors },
    },
    handler: async (request) => productsAdminService.unfeature(request.body.ids),
  });

  app.get('/products/brands', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Brand names in the catalogue with how many products carry each',
      querystring: adminBrandsQuerySchema,
      response: { 200: adminBrandsResponseSchema, ...readErrors },
    },
    handler: async (request) => productsAdminService.brands(request.query.q),
  });

  app.post('/products/brands/rename', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Rename a brand on every product carrying it (a name already in use merges the two), in one transaction',
      body: renameBrandSchema,
      response: { 200: renameBrandResponseSchema, ...writeErrors },
    },
    handler: async (request) => productsAdminService.renameBrand(request.body.from, request.body.to),
  });

  app.get('/products/:id', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Any vendor's product as the vendor's edit form needs it, with its seller",
      params: adminProductParamsSchema,
      response: { 200: adminProductDetailResponseSchema, ...readErrors, 404: apiErrorSchema },
    },
    handler: async (request) => {
      const product = await vendorProductsService.getAsAdmin(request.params.id);
      return { product, ...(await productsAdminService.meta(request.params.id)) };
    },
  });

  app.patch('/products/:id', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Save any vendor's product with the vendor's form (same validation; audited as the admin)",
      params: adminProductParamsSchema,
      body: productInputSchema,
      response: { 200: adminProductDetailResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const product = await vendorProductsService.updateAsAdmin(request.params.id, request.body);
      return { product, ...(await productsAdminService.meta(request.params.id)) };
    },
  });
};
