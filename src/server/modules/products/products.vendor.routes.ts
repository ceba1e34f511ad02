import { indiaDay } from '../../lib/dates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { z } from 'zod';
import { CATEGORIES } from '~/shared/constants';
import { apiErrorSchema } from '~/shared/errors';
import { productIdParamsSchema, vendorProductsQuerySchema, vendorProductsResponseSchema } from '~/shared/schemas/catalogue';
import {
  bulkStatusResponseSchema,
  bulkStatusSchema,
  importPreviewSchema,
  ownProductResponseSchema,
  productInputSchema,
  productPatchSchema,
} from '~/shared/schemas/vendor-products';
import {
  FILE_TOO_LARGE_MESSAGE,
  IMPORT_LIMITS,
  importIdParamsSchema,
  importUploadQuerySchema,
  productImportResponseSchema,
  productImportsQuerySchema,
  productImportsResponseSchema,
} from '~/shared/schemas/product-imports';
import { templateCsv } from './vendor-products-csv-template';
import type { ProductImportsService } from './product-imports.service';
import type { VendorProductsService } from './products.vendor.service';

/** The signed-in vendor's own products, under /api/vendor. The vendor is the session's, never a parameter. */
export const productsVendorRoutes: FastifyPluginAsyncZod<{
  vendorProductsService: VendorProductsService;
  productImportsService: ProductImportsService;
}> = async (app, { vendorProductsService, productImportsService }) => {
  app.get('/products', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's own products in every status, filtered, sorted and a page at a time",
      querystring: vendorProductsQuerySchema,
      response: { 200: vendorProductsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      return vendorProductsService.list(request.vendorId, request.query);
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
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'List a new product (category, typed specifications, price, stock, status); approved vendors only',
      body: productInputSchema,
      response: { 201: ownProductResponseSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { vendorId } = request;
      reply.code(201);
      return { product: await vendorProductsService.create(vendorId, request.body) };
    },
  });

  app.get('/products/:id', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's own products, as its edit form needs it; another vendor's is a 404",
      params: productIdParamsSchema,
      response: { 200: ownProductResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => {
      return { product: await vendorProductsService.get(request.vendorId, request.params.id) };
    },
  });

  app.put('/products/:id', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Save the whole product form; orders already placed keep their price',
      params: productIdParamsSchema,
      body: productInputSchema,
      response: { 200: ownProductResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const { vendorId } = request;
      return { product: await vendorProductsService.update(vendorId, request.params.id, request.body) };
    },
  });

  app.patch('/products/:id', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Change the price, stock or status of one product from the list (stockWas guards against orders that came in)',
      params: productIdParamsSchema,
      body: productPatchSchema,
      response: { 200: ownProductResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const { vendorId } = request;
      return { product: await vendorProductsService.patch(vendorId, request.params.id, request.body) };
    },
  });

  app.post('/products/status', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: "Put several of the vendor's products on sale or archive them; ids of others' products are ignored",
      body: bulkStatusSchema,
      response: { 200: bulkStatusResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const { vendorId } = request;
      const ids = await vendorProductsService.setStatus(vendorId, request.body.ids, request.body.status);
      return { updated: ids.length, ids };
    },
  });

  // A CSV arrives as text (up to 10 MB, decision 56): csv-parse reads it in the service, a slice at a time.
  app.addContentTypeParser(
    ['text/csv', 'application/csv', 'application/vnd.ms-excel'],
    { parseAs: 'string', bodyLimit: IMPORT_LIMITS.bytes },
    (_r, body, done) => done(null, body),
  );
  /** Refuses a file over the limit before its body is read, with a message a seller can act on. */
  const refuseLargeCsv = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > IMPORT_LIMITS.bytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { fields: { file: FILE_TOO_LARGE_MESSAGE } });
    }
  };
  const csvBody = z.string({ error: 'Send the CSV file as the body, with Content-Type text/csv' }).min(1, 'The CSV file is empty');

  app.get('/products/export', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "All the vendor's products as a CSV (the import's columns, so it can be edited and imported back)",
    },
    handler: async (request, reply) => {
      const csv = await vendorProductsService.exportCsv(request.vendorId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${indiaDay(new Date())}.csv"`)
        .send(csv);
    },
  });

  app.get('/products/import/template', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: 'A CSV template of one category: its columns and an example row',
      querystring: z.strictObject({ category: z.enum(CATEGORIES, { error: 'Category must be Laptop, Desktop or Monitor' }) }),
    },
    handler: async (request, reply) => {
      await request.requireViewer();
      const { category } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${category.toLowerCase()}-template.csv"`)
        .send(templateCsv(category));
    },
  });

  app.post('/products/import/preview', {
    config: { access: 'vendor', vendor: 'sell' },
    onRequest: refuseLargeCsv,
    schema: {
      tags: ['vendor'],
      summary: 'What importing a CSV would do, row by row (create, update, or error with the reasons); nothing is written',
      body: csvBody,
      response: {
        200: importPreviewSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        413: apiErrorSchema,
        415: apiErrorSchema,
      },
    },
    handler: async (request) => {
      const { vendorId } = request;
      return vendorProductsService.previewImport(vendorId, request.body);
    },
  });

  app.post('/products/import', {
    config: { access: 'vendor', vendor: 'sell' },
    onRequest: refuseLargeCsv,
    schema: {
      tags: ['vendor'],
      summary: 'Queue the import of a CSV: checked at once, then every valid row is written in one transaction by a background job',
      description:
        'Answers 202 with the import (status `queued`); follow it at `GET /api/vendor/products/imports/{id}`. A file that cannot be ' +
        'imported at all (unreadable, unknown columns, over 10,000 rows, no valid row) is a 400 with `fields.file`, one over 10 MB a 413, and nothing is queued.',
      querystring: importUploadQuerySchema,
      body: csvBody,
      response: { 202: productImportResponseSchema, ...writeErrors, 413: apiErrorSchema, 415: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const { vendorId } = request;
      const queued = await productImportsService.queue(vendorId, viewer.userId, { name: request.query.fileName, csv: request.body });
      reply.code(202);
      return { import: queued };
    },
  });

  app.get('/products/imports', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's CSV imports, newest first, a page at a time: status, progress, counts, times and errors",
      querystring: productImportsQuerySchema,
      response: { 200: productImportsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      return productImportsService.list(request.vendorId, request.query);
    },
  });

  app.get('/products/imports/:id', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's CSV imports and its progress (rows done of total); another vendor's is a 404",
      params: importIdParamsSchema,
      response: { 200: productImportResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => {
      return { import: await productImportsService.get(request.vendorId, request.params.id) };
    },
  });
};
