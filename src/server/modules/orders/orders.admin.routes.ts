import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { orderParamsSchema, orderResponseSchema, shipOrderSchema } from '~/shared/schemas/orders';
import type { OrdersService } from './orders.service';

const stateErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};

/** Admin, under /api/admin: hand an order to the courier, mark it delivered, receive a return and refund it. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (app, { ordersService }) => {
  app.post('/orders/:orderId/ship', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Record a shipment (one per seller) with carrier and tracking number',
      params: orderParamsSchema,
      body: shipOrderSchema.extend({ vendorId: z.string().max(64).optional() }),
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await ordersService.ship(request.params.orderId, request.body, { role: 'admin', userId: viewer.userId }) };
    },
  });
  app.post('/orders/:orderId/return-received', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The returned items arrived and were checked: back into stock (status returned)',
      params: orderParamsSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await ordersService.receiveReturn(request.params.orderId, { role: 'admin', userId: viewer.userId }) };
    },
  });
  app.post('/orders/:orderId/refund', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Refund a returned order in full: through the provider, or by bank transfer for cash on delivery (status refunded)',
      params: orderParamsSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await ordersService.refundReturn(request.params.orderId, { role: 'admin', userId: viewer.userId }) };
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
      return { order: await ordersService.deliver(request.params.orderId, { role: 'admin', userId: viewer.userId }) };
    },
  });
};
