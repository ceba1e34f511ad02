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

/** Every e-invoice registration, under /api/admin: the list by status, Retry and Cancel. */
export const einvoicesAdminRoutes: FastifyPluginAsyncZod<{ einvoicesService: EInvoicesService }> = async (app, { einvoicesService }) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/e-invoices', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'E-invoice registrations of every seller and the shop, newest first, with the count of each status',
      querystring: einvoicesQuerySchema,
      response: { 200: einvoicesResponseSchema, ...errors },
    },
    handler: async (request) => einvoicesService.list(request.query),
  });

  app.get('/e-invoices/:einvoiceId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'One e-invoice registration',
      params: einvoiceIdParamsSchema,
      response: { 200: einvoiceResponseSchema, ...errors, 404: apiErrorSchema },
    },
    handler: async (request) => ({ einvoice: await einvoicesService.get(request.params.einvoiceId) }),
  });

  app.post('/e-invoices/:einvoiceId/retry', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Register a failed e-invoice again now; 409 unless it failed',
      params: einvoiceIdParamsSchema,
      response: { 200: einvoiceResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => ({ einvoice: await einvoicesService.retry(request.params.einvoiceId) }),
  });

  app.post('/e-invoices/:einvoiceId/cancel', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Cancel a registered IRN with a reason, within 24 hours of its acknowledgement; 409 after',
      params: einvoiceIdParamsSchema,
      body: cancelEInvoiceSchema,
      response: { 200: einvoiceResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => ({ einvoice: await einvoicesService.cancel(request.params.einvoiceId, request.body) }),
  });
};
