import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  cancelEInvoiceSchema,
  einvoiceIdParamsSchema,
  einvoiceResponseSchema,
  einvoicesQuerySchema,
  einvoicesResponseSchema,
} from '~/shared/schemas/einvoices';
import type { EInvoicesService } from './einvoices.service';

/** The signed-in seller's own e-invoice registrations, under /api/vendor: another seller's are a 404. */
export const einvoicesVendorRoutes: FastifyPluginAsyncZod<{ einvoicesService: EInvoicesService }> = async (app, { einvoicesService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/e-invoices', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The seller's e-invoice registrations, newest first, with the count of each status",
      querystring: einvoicesQuerySchema,
      response: { 200: einvoicesResponseSchema, ...errors },
    },
    handler: async (request) => einvoicesService.list(request.query, { vendorId: request.vendorId }),
  });

  app.get('/e-invoices/:einvoiceId', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the seller's e-invoice registrations",
      params: einvoiceIdParamsSchema,
      response: { 200: einvoiceResponseSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request) => ({ einvoice: await einvoicesService.get(request.params.einvoiceId, { vendorId: request.vendorId }) }),
  });

  app.post('/e-invoices/:einvoiceId/retry', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "Register one of the seller's failed e-invoices again now; 409 unless it failed",
      params: einvoiceIdParamsSchema,
      response: { 200: einvoiceResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => ({ einvoice: await einvoicesService.retry(request.params.einvoiceId, { vendorId: request.vendorId }) }),
  });

  app.post('/e-invoices/:einvoiceId/cancel', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "Cancel one of the seller's registered IRNs with a reason, within 24 hours of its acknowledgement",
      params: einvoiceIdParamsSchema,
      body: cancelEInvoiceSchema,
      response: { 200: einvoiceResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => ({
      einvoice: await einvoicesService.cancel(request.params.einvoiceId, request.body, { vendorId: request.vendorId }),
    }),
  });
};
