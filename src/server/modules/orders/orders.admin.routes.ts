import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { orderParamsSchema, orderResponseSchema, receiveReturnSchema, refundAccountSchema } from '~/shared/schemas/orders';
import { releaseSerialHoldSchema } from '~/shared/schemas/serials';
import {
  adminCancelOrderSchema,
  adminOrderResponseSchema,
  adminOrderSellersResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminRefundLinesSchema,
  adminRefundReturnSchema,
  adminShipOrderSchema,
} from '~/shared/schemas/admin-orders';
import type { OrderFlowCalls } from './order-flow-calls';
import type { OrdersService } from './orders.service';

const stateErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Admin, under /api/admin: every order, one order with what may be done to it, and its steps — hand it
 * to the courier, mark it delivered, receive a return and refund it, cancel it (or some lines) with a
 * reason, refund chosen lines. Each step is on the order's timeline and in the audit log.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService; flows: OrderFlowCalls['admin'] }> = async (
  app,
  { ordersService, flows },
) => {
  app.get('/orders', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Every order of every vendor, newest first: filter by status, prepaid or COD, vendor, days, delivery state, late to ship; search by order number, customer or tracking number',
      querystring: adminOrdersQuerySchema,
      response: { 200: adminOrdersResponseSchema, ...readErrors },
    },
    handler: async (request) => ordersService.admin.list(request.query),
  });
  app.get('/order-sellers', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Every seller by name, for the orders list's seller filter",
      response: { 200: adminOrderSellersResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async () => ordersService.admin.sellers(),
  });
  app.get('/orders/:orderId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'One order with its customer, lines per seller, shipments, timeline, payment, refunds, credit notes, and what may be done now',
      params: orderParamsSchema,
      response: { 200: adminOrderResponseSchema, ...readErrors },
    },
    handler: async (request) => ordersService.admin.get(request.params.orderId),
  });
  app.post('/orders/:orderId/cancel', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Cancel with a reason: the whole order before it ships, or chosen lines of sellers who have not shipped (stock back, refund or less cash to collect, credit note)',
      params: orderParamsSchema,
      body: adminCancelOrderSchema,
      response: { 200: adminOrderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return flows.cancel(request.params.orderId, request.body, { role: 'admin', userId: viewer.userId });
    },
  });
  app.post('/orders/:orderId/refund-lines', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Refund chosen units of shipped lines and/or the delivery charge (includeDelivery; 409 when refunded already or none was charged): through the provider when prepaid, as a recorded bank transfer (with its reference) for cash on delivery; a credit note is issued; with nothing left to refund the order is refunded',
      params: orderParamsSchema,
      body: adminRefundLinesSchema,
      response: { 200: adminOrderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return flows.refundLines(request.params.orderId, request.body, { role: 'admin', userId: viewer.userId });
    },
  });
  app.post('/orders/:orderId/ship', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Record a shipment (one per seller) with carrier and tracking number',
      params: orderParamsSchema,
      body: adminShipOrderSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await flows.ship(request.params.orderId, request.body, { role: 'admin', userId: viewer.userId }) };
    },
  });
  app.post('/orders/:orderId/return-received', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The returned items arrived and were checked: back into stock if resellable, written off if damaged (status returned)',
      params: orderParamsSchema,
      body: receiveReturnSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await flows.receiveReturn(request.params.orderId, { role: 'admin', userId: viewer.userId }, request.body) };
    },
  });
  app.post('/orders/:orderId/serial-hold/release', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "A return's serials did not match the units shipped: the admin checked it and lets the seller's refund go ahead",
      params: orderParamsSchema,
      body: releaseSerialHoldSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await flows.releaseSerialHold(request.params.orderId, request.body, { role: 'admin', userId: viewer.userId }) };
    },
  });
  app.put('/orders/:orderId/refund-account', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Record (or change) the bank account a customer gave by phone or e-mail for the refund of a returned cash-on-delivery order; on its timeline and in the audit log. 409 unless the order is a cash-on-delivery return not yet refunded',
      params: orderParamsSchema,
      body: refundAccountSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await flows.recordRefundAccount(request.params.orderId, request.body, { userId: viewer.userId }) };
    },
  });
  app.post('/orders/:orderId/refund', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Refund a returned order in full: through the provider, or for cash on delivery the bank transfer the shop made, with its reference (status refunded)',
      params: orderParamsSchema,
      // Fastify gives a request without a body as null: an online payment needs none.
      body: adminRefundReturnSchema.nullish(),
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return {
        order: await flows.refundReturn(request.params.orderId, { role: 'admin', userId: viewer.userId }, request.body ?? {}),
      };
    },
  });
  app.post('/orders/:orderId/deliver', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Mark a shipped order delivered (cash on delivery is collected then)',
      params: orderParamsSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await flows.deliver(request.params.orderId, { role: 'admin', userId: viewer.userId }) };
    },
  });
};
