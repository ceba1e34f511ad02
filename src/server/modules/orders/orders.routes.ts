import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentHeld, documentHeldMessage } from '~/shared/schemas/einvoices';
import { apiErrorSchema } from '~/shared/errors';
import {
  cancelOrderSchema,
  creditNoteParamsSchema,
  orderParamsSchema,
  orderResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  refundAccountSchema,
  returnRequestSchema,
  startPaymentResponseSchema,
} from '~/shared/schemas/orders';
import { AppError } from '../../lib/app-error';
import { renderCreditNotePdf } from '../documents/credit-note-pdf';
import { renderInvoicePdf } from '../documents/invoice-pdf';
import type { OrderFlowCalls } from './order-flow-calls';
import type { OrdersService } from './orders.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const stateErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema, ...denied };

/** The customer's orders: list, read, pay, cancel, return, invoice (quoting and placing are the checkout's). */
export const ordersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService; flows: OrderFlowCalls['customer'] }> = async (
  app,
  { ordersService, flows },
) => {
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
      return { checkout: await flows.startPayment(viewer.userId, request.params.orderId) };
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
      return { order: await flows.cancel(viewer.userId, request.params.orderId, request.body.reason) };
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
      return { order: await flows.requestReturn(viewer.userId, request.params.orderId, request.body) };
    },
  });

  app.put('/:orderId/refund-account', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary:
        'Give or change the bank account the shop transfers the refund of a returned cash-on-delivery order to (the number typed twice); the order answers with it masked. 409 unless the order is a cash-on-delivery return not yet refunded',
      params: orderParamsSchema,
      body: refundAccountSchema,
      response: { 200: orderResponseSchema, ...stateErrors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { order: await flows.giveRefundAccount(viewer.userId, request.params.orderId, request.body) };
    },
  });

  app.get('/:orderId/invoice.pdf', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary:
        "The GST tax invoice as a PDF (once the order is confirmed; a business's invoice once its sellers' e-invoices have their IRNs, 409 until then)",
      params: orderParamsSchema,
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      // An admin reads any order's documents (the back office links them); others only their own.
      const { order, issuer } = await ordersService.withIssuer(request.params.orderId, viewer.role === 'admin' ? undefined : viewer.userId);
      if (!order.invoice)
        throw new AppError('CONFLICT', 'The invoice is issued once the order is confirmed (paid, or placed with cash on delivery).');
      // Not released without the IRN its sellers need (decision 76).
      if (documentHeld(order.invoice.eInvoices)) throw new AppError('CONFLICT', documentHeldMessage('invoice', order.invoice.eInvoices));
      const pdf = await renderInvoicePdf(order, issuer);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${order.invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.get('/:orderId/credit-notes/:number', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: "A GST credit note against the order's invoice, as a PDF (items cancelled after the invoice, or returned)",
      params: creditNoteParamsSchema,
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      // An admin reads any order's documents (the back office links them); others only their own.
      const { order, issuer } = await ordersService.withIssuer(request.params.orderId, viewer.role === 'admin' ? undefined : viewer.userId);
      const note = order.creditNotes.find((n) => n.number === request.params.number);
      if (!note) throw new AppError('NOT_FOUND', 'This order has no credit note with that number.');
      if (documentHeld(note.eInvoices)) throw new AppError('CONFLICT', documentHeldMessage('credit note', note.eInvoices));
      const pdf = await renderCreditNotePdf(order, note, issuer);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${note.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};
