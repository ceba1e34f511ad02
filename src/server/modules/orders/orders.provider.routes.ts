import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { AppError } from '../../lib/app-error';
import type { OrderFlowCalls } from './order-flow-calls';

/**
 * The payment provider's side: the browser's return from the payment page (GET with a query, or a
 * form POST as Razorpay Checkout sends it) and the signed webhooks, whose raw body is what is signed.
 */
export const ordersProviderRoutes: FastifyPluginAsyncZod<{ flows: OrderFlowCalls['provider'] }> = async (app, { flows }) => {
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
    const { paid } = await flows.paymentReturn(orderId, strings);
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
      return { status: await flows.webhook(request.body, header('x-razorpay-signature'), header('x-razorpay-event-id')) };
    },
  });
};
