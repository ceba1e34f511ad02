import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { orderParamsSchema, receiveReturnSchema, shipOrderSchema } from '~/shared/schemas/orders';
import { packOrderSchema } from '~/shared/schemas/serials';
import {
  cancelLinesSchema,
  vendorOrderDetailResponseSchema,
  vendorOrderResponseSchema,
  vendorOrdersQuerySchema,
  vendorOrdersResponseSchema,
  type VendorOrder,
} from '~/shared/schemas/vendor-orders';
import type { OrderFlowCalls } from './order-flow-calls';
import type { OrdersService } from './orders.service';

/** The signed-in vendor's share of orders, under /api/vendor. The vendor is the session's, never a parameter. */
export const ordersVendorRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService; flows: OrderFlowCalls['vendor'] }> = async (
  app,
  { ordersService, flows },
) => {
  app.get('/orders', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "Confirmed orders holding the vendor's products, with only the vendor's lines and shipment",
      querystring: vendorOrdersQuerySchema,
      response: { 200: vendorOrdersResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      return ordersService.vendorOrders(request.vendorId, request.query);
    },
  });

  app.get('/orders/:orderId', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary:
        "One of the vendor's confirmed orders: its own lines, the delivery address and mobile, payment, shipment and the timeline as it concerns the vendor; 404 for an order without its products",
      params: orderParamsSchema,
      response: {
        200: vendorOrderDetailResponseSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
      },
    },
    handler: async (request) => {
      return { order: await ordersService.vendorOrder(request.vendorId, request.params.orderId) };
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

  /**
   * A step the vendor takes on its items of an order, with the body it needs (if any): the vendor is
   * the session's and must be selling; another vendor's order is a 404.
   */
  const orderStep = <Body extends z.ZodType>(
    step: string,
    summary: string,
    take: (vendorId: string, userId: string, orderId: string, body: z.output<Body>) => Promise<VendorOrder>,
    body?: Body,
  ) =>
    app.post(`/orders/:orderId/${step}`, {
      config: { access: 'vendor', vendor: 'sell' },
      schema: {
        tags: ['vendor'],
        summary,
        params: orderParamsSchema,
        ...(body && { body }),
        response: { 200: vendorOrderResponseSchema, ...writeErrors },
      },
      handler: async (request) => {
        const viewer = await request.requireViewer();
        const { vendorId } = request;
        // Validated against `body` by the route's schema.
        return { order: await take(vendorId, viewer.userId, request.params.orderId, request.body as z.output<Body>) };
      },
    });

  orderStep(
    'ship',
    "Hand the vendor's items of an order to a courier (carrier and tracking number); 404 for an order without them",
    (vendorId, userId, orderId, body) => flows.ship(vendorId, userId, orderId, body),
    shipOrderSchema,
  );

  orderStep(
    'pack',
    "Record that the vendor packed its items of an order, with the serial number of each unit of a computer or monitor (it moves from 'to pack' to 'to ship'); 404 for an order without them",
    (vendorId, userId, orderId, body) => flows.pack(vendorId, userId, orderId, body ?? undefined),
    packOrderSchema.nullish(),
  );

  orderStep(
    'deliver',
    "Mark the vendor's shipment of an order delivered; the order is delivered once every seller's is",
    (vendorId, userId, orderId) => flows.deliver(vendorId, userId, orderId),
  );

  orderStep(
    'cancel-lines',
    "Cancel some of the vendor's lines before they ship, with a reason: stock back, the customer refunded for them",
    (vendorId, userId, orderId, body) => flows.cancelLines(vendorId, userId, orderId, body),
    cancelLinesSchema,
  );

  orderStep(
    'return-received',
    "The vendor's items of a returned order came back and were checked: resellable ones back into stock, damaged ones written off",
    (vendorId, userId, orderId, body) => flows.receiveReturn(vendorId, userId, orderId, body),
    receiveReturnSchema,
  );

  orderStep(
    'refund',
    "Refund the vendor's returned items to the customer (through the provider; cash on delivery by bank transfer)",
    (vendorId, userId, orderId) => flows.refundReturn(vendorId, userId, orderId),
  );

  app.get('/orders/:orderId/packing-slip', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary:
        "The packing slip of the vendor's items of an order, as a PDF (no prices of items; the cash on delivery to collect, or none)",
      params: orderParamsSchema,
    },
    handler: async (request, reply) => {
      const { vendorId } = request;
      const slip = await ordersService.packingSlipForVendor(vendorId, request.params.orderId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="packing-slip-${slip.orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(slip.pdf);
    },
  });
};
