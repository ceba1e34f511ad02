import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { orderParamsSchema } from '~/shared/schemas/orders';
import {
  buyCourierResponseSchema,
  buyCourierSchema,
  courierQuoteResponseSchema,
  courierShipmentsQuerySchema,
  courierShipmentsResponseSchema,
  labelsQuerySchema,
  manifestQuerySchema,
  pickupResponseSchema,
  requestPickupSchema,
  type BuyCourier,
  type CourierShipment,
} from '~/shared/schemas/shipping';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { ShippingService } from './shipping.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  503: apiErrorSchema,
};

const pdf = (
  reply: { type: (t: string) => typeof reply; header: (k: string, v: string) => typeof reply; send: (b: Buffer) => unknown },
  name: string,
  body: Buffer,
) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/**
 * The seller's couriers, under /api/vendor (decision 78): rates for a parcel, buying one (the flow
 * `ship-by-courier`), the labels and manifest of booked parcels as PDFs, and the day's pickup. The vendor is
 * the session's; another vendor's order is a 404.
 */
export const shippingVendorRoutes: FastifyPluginAsyncZod<{
  shippingService: ShippingService;
  buy: (vendorId: string, userId: string, orderId: string, input: BuyCourier) => Promise<{ order: VendorOrder; shipment: CourierShipment }>;
}> = async (app, { shippingService, buy }) => {
  app.get('/orders/:orderId/courier-rates', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary:
        "The couriers that take the vendor's parcel of an order (its products' packed weight and box), with charge and promised days, cheapest first",
      params: orderParamsSchema,
      response: { 200: courierQuoteResponseSchema, ...errors },
    },
    handler: async (request) => ({ quote: await shippingService.quote(request.vendorId, request.params.orderId) }),
  });

  app.post('/orders/:orderId/courier-shipment', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary:
        "Buy the chosen courier for the vendor's parcel: the AWB, the shipment with its charge, and the order shipped; refused when it needs an e-way bill",
      params: orderParamsSchema,
      body: buyCourierSchema,
      response: { 200: buyCourierResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return buy(request.vendorId, viewer.userId, request.params.orderId, request.body);
    },
  });

  app.get('/shipping/shipments', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's parcels booked with a courier: of these orders (404 when one has none), or the latest 100",
      querystring: courierShipmentsQuerySchema,
      response: { 200: courierShipmentsResponseSchema, ...errors },
    },
    handler: async (request) => ({ items: await shippingService.shipments(request.vendorId, request.query.orderIds) }),
  });

  app.get('/shipping/labels', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The labels of the vendor's booked parcels of these orders in one PDF: 4×6 inch thermal pages or A4",
      querystring: labelsQuerySchema,
    },
    handler: async (request, reply) => {
      const { orderIds, size } = request.query;
      const body = await shippingService.labels(request.vendorId, orderIds, size);
      return pdf(reply, `labels-${orderIds.length}-${size}.pdf`, body);
    },
  });

  app.get('/shipping/manifest', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The pickup manifest of the vendor's booked parcels of these orders, as a PDF",
      querystring: manifestQuerySchema,
    },
    handler: async (request, reply) => {
      const body = await shippingService.manifest(request.vendorId, request.query.orderIds);
      return pdf(reply, `manifest-${request.query.orderIds.length}.pdf`, body);
    },
  });

  app.post('/shipping/pickups', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: "Ask the courier to collect today the vendor's booked parcels of these orders (or every one waiting for a pickup)",
      body: requestPickupSchema,
      response: { 200: pickupResponseSchema, ...errors },
    },
    handler: async (request) => ({ pickup: await shippingService.requestPickup(request.vendorId, request.body.orderIds) }),
  });
};
