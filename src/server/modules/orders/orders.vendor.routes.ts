import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  cancelLinesSchema,
  orderParamsSchema,
  shipOrderSchema,
  vendorOrderResponseSchema,
  vendorOrdersQuerySchema,
  vendorOrdersResponseSchema,
} from '~/shared/schemas/orders';
import type { VendorsService } from '../vendors/vendors.service';
import type { OrdersService } from './orders.service';

/** The signed-in vendor's share of orders, under /api/vendor. The vendor is the session's, never a parameter. */
export const ordersVendorRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService; vendorsService: VendorsService }> = async (
  app,
  { ordersService, vendorsService },
) => {
  app.get('/orders', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Confirmed orders holding the vendor's products, with only the vendor's lines and shipment",
      querystring: vendorOrdersQuerySchema,
      response: { 200: vendorOrdersResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return ordersService.vendorOrders(await vendorsService.vendorIdOf(viewer.userId), request.query);
    },
  });

  app.post('/orders/:orderId/ship', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Hand the vendor's items of an order to a courier (carrier and tracking number); 404 for an order without them",
      params: orderParamsSchema,
      body: shipOrderSchema,
      response: {
        200: vendorOrderResponseSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.shipForVendor(vendorId, viewer.userId, request.params.orderId, request.body) };
    },
  });

  const writeErrors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    503: apiErrorSchema,
  };

  app.post('/orders/:orderId/pack', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Record that the vendor packed its items of an order (it moves from 'to pack' to 'to ship'); 404 for an order without them",
      params: orderParamsSchema,
      response: { 200: vendorOrderResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.packForVendor(vendorId, viewer.userId, request.params.orderId) };
    },
  });

  app.post('/orders/:orderId/deliver', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Mark the vendor's shipment of an order delivered; the order is delivered once every seller's is",
      params: orderParamsSchema,
      response: { 200: vendorOrderResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.deliverForVendor(vendorId, viewer.userId, request.params.orderId) };
    },
  });

  app.post('/orders/:orderId/cancel-lines', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Cancel some of the vendor's lines before they ship, with a reason: stock back, the customer refunded for them",
      params: orderParamsSchema,
      body: cancelLinesSchema,
      response: { 200: vendorOrderResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.cancelLinesForVendor(vendorId, viewer.userId, request.params.orderId, request.body) };
    },
  });

  app.post('/orders/:orderId/return-received', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's items of a returned order came back and were checked: back into stock",
      params: orderParamsSchema,
      response: { 200: vendorOrderResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.receiveReturnForVendor(vendorId, viewer.userId, request.params.orderId) };
    },
  });

  app.post('/orders/:orderId/refund', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Refund the vendor's returned items to the customer (through the provider; cash on delivery by bank transfer)",
      params: orderParamsSchema,
      response: { 200: vendorOrderResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.refundReturnForVendor(vendorId, viewer.userId, request.params.orderId) };
    },
  });

  app.get('/orders/:orderId/packing-slip', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "The packing slip of the vendor's items of an order, as a PDF (no prices or payment details)",
      params: orderParamsSchema,
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.vendorIdOf(viewer.userId);
      const slip = await ordersService.packingSlipForVendor(vendorId, request.params.orderId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="packing-slip-${slip.orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(slip.pdf);
    },
  });
};
