import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
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
};
