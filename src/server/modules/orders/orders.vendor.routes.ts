import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  cancelLinesSchema,
  orderParamsSchema,
  shipOrderSchema,
  vendorOrderResponseSchema,
  vendorOrdersQuerySchema,
  vendorOrdersResponseSchema,
  type VendorOrder,
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

  const writeErrors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    503: apiErrorSchema,
  };

  /** A step the vendor takes on its items of an order, without a body; the vendor is the session's, and may be selling. */
  const orderStep = (step: string, summary: string, take: (vendorId: string, userId: string, orderId: string) => Promise<VendorOrder>) =>
    app.post(`/orders/:orderId/${step}`, {
      config: { access: 'vendor' },
      schema: { tags: ['vendor'], summary, params: orderParamsSchema, response: { 200: vendorOrderResponseSchema, ...writeErrors } },
      handler: async (request) => {
        const viewer = await request.requireViewer();
        const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
        return { order: await take(vendorId, viewer.userId, request.params.orderId) };
      },
    });

  app.post('/orders/:orderId/ship', {
    config: { access: 'vendor' },
    schema: {
      tags: ['vendor'],
      summary: "Hand the vendor's items of an order to a courier (carrier and tracking number); 404 for an order without them",
      params: orderParamsSchema,
      body: shipOrderSchema,
      response: { 200: vendorOrderResponseSchema, ...writeErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const vendorId = await vendorsService.sellingVendorIdOf(viewer.userId);
      return { order: await ordersService.shipForVendor(vendorId, viewer.userId, request.params.orderId, request.body) };
    },
  });

  orderStep(
    'pack',
    "Record that the vendor packed its items of an order (it moves from 'to pack' to 'to ship'); 404 for an order without them",
    (vendorId, userId, orderId) => ordersService.packForVendor(vendorId, userId, orderId),
  );

  orderStep(
    'deliver',
    "Mark the vendor's shipment of an order delivered; the order is delivered once every seller's is",
    (vendorId, userId, orderId) => ordersService.deliverForVendor(vendorId, userId, orderId),
  );

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

  orderStep(
    'return-received',
    "The vendor's items of a returned order came back and were checked: back into stock",
    (vendorId, userId, orderId) => ordersService.receiveReturnForVendor(vendorId, userId, orderId),
  );

  orderStep(
    'refund',
    "Refund the vendor's returned items to the customer (through the provider; cash on delivery by bank transfer)",
    (vendorId, userId, orderId) => ordersService.refundReturnForVendor(vendorId, userId, orderId),
  );

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
