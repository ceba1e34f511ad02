import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOP } from '~/shared/constants';
import { apiErrorSchema } from '~/shared/errors';
import {
  cancelOrderSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  orderParamsSchema,
  orderResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  placeOrderResponseSchema,
  placeOrderSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  returnRequestSchema,
  shipOrderSchema,
  startPaymentResponseSchema,
} from '~/shared/schemas/orders';
import { couponsResponseSchema } from '~/shared/schemas/coupons';
import { AppError } from '../../http/app-error';
import { renderInvoicePdf } from './invoice-pdf';
import type { OrdersService } from './orders.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const stateErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema, ...denied };

/** The customer's orders: quote, place (idempotent), list, read, pay, cancel, return, invoice. */
export const ordersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (app, { ordersService }) => {
  app.post('/quote', {
    config: { access: 'customer' },
    schema: {
      tags: ['orders'],
      summary: 'Price a cart for checkout from the database (GST split, coupon, delivery, COD and EMI); reserves nothing',
      body: quoteRequestSchema,
      response: { 200: quoteResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return ordersService.quote(viewer.userId, request.body);
    },
  });

  app.post('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['orders'],
      summary:
        'Place an order (one transaction). Needs an Idempotency-Key header: the same key and request return the same order (header idempotent-replayed: true). Prices, totals and discounts sent by the client are ignored.',
      body: placeOrderSchema,
      response: { 201: placeOrderResponseSchema, ...stateErrors },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const parsedKey = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!parsedKey.success) {
        const message = parsedKey.error.issues[0]!.message;
        throw new AppError('VALIDATION', message, { fields: { 'Idempotency-Key': message } });
      }
      const { replayed, ...result } = await ordersService.place(viewer.userId, parsedKey.data, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  });

  app.get('/', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: "The signed-in customer's orders, newest orderDate first",
      querystring: ordersQuerySchema,
      response: { 200: ordersResponseSchema, 400: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return ordersService.list(viewer.userId, request.query.page, request.query.pageSize);
    },
  });

  app.get('/:orderId', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'One of your orders with items, payment, refunds, shipments and timeline; 404 for anyone else’s',
      params: orderParamsSchema,
      response: { 200: orderResponseSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await ordersService.get(request.params.orderId, viewer.userId) };
    },
  });

  app.post('/:orderId/payment', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'Start or retry paying an unpaid order online: where the browser goes to pay',
      params: orderParamsSchema,
      response: { 200: startPaymentResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { checkout: await ordersService.startPayment(viewer.userId, request.params.orderId) };
    },
  });

  app.post('/:orderId/cancel', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'Cancel before shipping: stock returned, coupon released, a captured payment refunded in full through the provider',
      params: orderParamsSchema,
      body: cancelOrderSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await ordersService.cancel(viewer.userId, request.params.orderId, request.body.reason) };
    },
  });

  app.post('/:orderId/return', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'Ask for a return within 7 days of delivery, with a reason',
      params: orderParamsSchema,
      body: returnRequestSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await ordersService.requestReturn(viewer.userId, request.params.orderId, request.body) };
    },
  });

  app.get('/:orderId/invoice.pdf', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'The GST tax invoice as a PDF (once the order is confirmed)',
      params: orderParamsSchema,
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const order = await ordersService.get(request.params.orderId, viewer.userId);
      if (!order.invoice)
        throw new AppError('CONFLICT', 'The invoice is issued once the order is confirmed (paid, or placed with cash on delivery).');
      const pdf = await renderInvoicePdf(order, {
        name: SHOP.name,
        address: [...SHOP.stores[0].lines, SHOP.stores[0].cityLine].join('\n'),
        gstin: SHOP.gstin,
        email: SHOP.supportEmail,
        phone: SHOP.phone,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${order.invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};

/** Offers anyone may see at checkout. */
export const couponsRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (app, { ordersService }) => {
  app.get('/', {
    config: { access: 'public' },
    schema: {
      tags: ['orders'],
      summary: 'Coupons open now: code, what it gives, minimum order, expiry',
      response: { 200: couponsResponseSchema },
    },
    handler: async () => ({ items: await ordersService.coupons() }),
  });
};

/**
 * The payment provider's side: the browser's return from the payment page (GET with a query, or a
 * form POST as Razorpay Checkout sends it) and the signed webhooks, whose raw body is what is signed.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (app, { ordersService }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const returnParams = z.strictObject({ orderId: z.string().min(1).max(64) });
  const returnHandler = async (
    orderId: string,
    params: Record<string, unknown>,
    reply: { redirect: (url: string, code: number) => unknown },
  ) => {
    const strings = Object.fromEntries(
      Object.entries(params)
        .filter(([, v]) => typeof v === 'string')
        .map(([k, v]) => [k, (v as string).slice(0, 2000)]),
    );
    const { paid } = await ordersService.paymentReturn(orderId, strings);
    const target = `/order-success?order=${encodeURIComponent(orderId)}${paid ? '' : '&payment=failed'}`;
    return reply.redirect(target, 303);
  };

  app.get('/return/:orderId', {
    config: { access: 'public' },
    schema: {
      tags: ['payments'],
      summary: 'Back from the payment page: checks the signature and redirects to the order confirmation',
      params: returnParams,
    },
    handler: async (request, reply) => returnHandler(request.params.orderId, request.query as Record<string, unknown>, reply),
  });
  app.post('/return/:orderId', {
    config: { access: 'public' },
    schema: { tags: ['payments'], summary: 'The same, as a form POST (Razorpay Checkout with a callback URL)', params: returnParams },
    handler: async (request, reply) => returnHandler(request.params.orderId, (request.body ?? {}) as Record<string, unknown>, reply),
  });

  app.post('/webhook', {
    config: { access: 'public' },
    schema: {
      tags: ['payments'],
      summary:
        'Signed provider webhooks (x-razorpay-signature over the raw body, x-razorpay-event-id); repeated events are acknowledged and ignored',
      response: { 200: z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) }), 400: apiErrorSchema },
    },
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 'A webhook body must be JSON.');
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      return { status: await ordersService.webhook(request.body, header('x-razorpay-signature'), header('x-razorpay-event-id')) };
    },
  });
};

/** Admin: hand an order to the courier, mark it delivered, receive a return and refund it (the vendor's own screens come later). */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (app, { ordersService }) => {
  app.post('/:orderId/ship', {
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
  app.post('/:orderId/return-received', {
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
  app.post('/:orderId/refund', {
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
  app.post('/:orderId/deliver', {
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
