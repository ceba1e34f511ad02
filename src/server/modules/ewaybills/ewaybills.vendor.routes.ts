import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  cancelEwayBillSchema,
  ewayBillStateResponseSchema,
  extendEwayBillSchema,
  generateEwayBillSchema,
} from '~/shared/schemas/eway-bills';
import { orderParamsSchema } from '~/shared/schemas/orders';
import type { EwayBillsService } from './ewaybills.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * The seller's e-way bill of its parcel of an order, under /api/vendor (decision 75). The vendor is the
 * session's; another vendor's order is a 404.
 */
export const ewayBillsVendorRoutes: FastifyPluginAsyncZod<{ ewayBillsService: EwayBillsService }> = async (app, { ewayBillsService }) => {
  app.get('/orders/:orderId/eway-bill', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary:
        "Whether the vendor's parcel of an order needs an e-way bill (value over its states' limit), Part A as it would be, and its bills",
      params: orderParamsSchema,
      response: { 200: ewayBillStateResponseSchema, ...errors },
    },
    handler: async (request) => ({ ewayBill: await ewayBillsService.state(request.vendorId, request.params.orderId) }),
  });

  app.post('/orders/:orderId/eway-bill', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary:
        "Generate the e-way bill of the vendor's parcel: Part A from the invoice with the approximate distance, Part B the vehicle or transporter",
      params: orderParamsSchema,
      body: generateEwayBillSchema,
      response: { 200: ewayBillStateResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { ewayBill: await ewayBillsService.generate(request.vendorId, viewer.userId, request.params.orderId, request.body) };
    },
  });

  app.post('/orders/:orderId/eway-bill/extend', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: "Extend the validity of the parcel's e-way bill by the remaining distance, within 8 hours before or after it ends",
      params: orderParamsSchema,
      body: extendEwayBillSchema,
      response: { 200: ewayBillStateResponseSchema, ...errors },
    },
    handler: async (request) => ({ ewayBill: await ewayBillsService.extend(request.vendorId, request.params.orderId, request.body) }),
  });

  app.post('/orders/:orderId/eway-bill/cancel', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: "Cancel the parcel's e-way bill with a reason: within 24 hours of its generation, before the parcel ships",
      params: orderParamsSchema,
      body: cancelEwayBillSchema,
      response: { 200: ewayBillStateResponseSchema, ...errors },
    },
    handler: async (request) => ({ ewayBill: await ewayBillsService.cancel(request.vendorId, request.params.orderId, request.body) }),
  });
};
