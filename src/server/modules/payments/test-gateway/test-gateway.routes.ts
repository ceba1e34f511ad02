import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { CHECKOUT_CSS, renderCheckoutPage, renderErrorPage } from './checkout-page';
import { decidePayment, payFormSchema } from './payment-rules';
import { checkReturnUrl, returnLocation } from './return-url';
import type { TestGateway } from './test-gateway';

const params = z.object({ orderId: z.string().max(40) });
const HTML = 'text/html; charset=utf-8';
const FORM_LIMIT_BYTES = 8 * 1024;

/**
 * The test gateway's own pages, outside /api like Razorpay's hosted checkout: the payment page, its
 * stylesheet and the form post that makes a payment and sends the browser back to the shop.
 */
export const testGatewayRoutes: FastifyPluginAsyncZod<{ testGateway: TestGateway; publicUrl: string }> = async (
  app,
  { testGateway, publicUrl },
) => {
  // HTML forms post urlencoded; only these routes take it (the API stays JSON-only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get('/assets/checkout.css', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(CHECKOUT_CSS),
  );

  app.get(
    '/checkout/:orderId',
    { config: { access: 'public' }, schema: { hide: true, params, querystring: z.object({ return_url: z.string().optional() }) } },
    async (request, reply) => {
      const returnUrl = request.query.return_url;
      checkReturnUrl(returnUrl, publicUrl);
      const order = await testGateway.findOrder(request.params.orderId);
      if (!order) return reply.status(404).type(HTML).send(renderErrorPage('There is no such payment order.'));
      return reply
        .type(HTML)
        .send(
          renderCheckoutPage({ orderId: order.id, amountPaise: order.amountPaise, returnUrl: returnUrl!, paid: order.status === 'paid' }),
        );
    },
  );

  app.post('/checkout/:orderId/pay', { config: { access: 'public' }, schema: { hide: true, params } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const rawReturn = typeof body.return_url === 'string' ? body.return_url : undefined;
    checkReturnUrl(rawReturn, publicUrl);
    const order = await testGateway.findOrder(request.params.orderId);
    if (!order) return reply.status(404).type(HTML).send(renderErrorPage('There is no such payment order.'));
    const again = (status: number, error: string) =>
      reply
        .status(status)
        .type(HTML)
        .send(renderCheckoutPage({ orderId: order.id, amountPaise: order.amountPaise, returnUrl: rawReturn!, error }));

    const parsed = payFormSchema.safeParse(body);
    if (!parsed.success) return again(400, parsed.error.issues[0]?.message ?? 'Check the payment details.');
    const decision = decidePayment(parsed.data);
    if ('formError' in decision) return again(400, decision.formError);

    let result;
    try {
      result = await testGateway.pay(order.id, decision);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        return reply
          .status(409)
          .type(HTML)
          .send(renderCheckoutPage({ orderId: order.id, amountPaise: order.amountPaise, returnUrl: rawReturn!, paid: true }));
      }
      throw error;
    }
    const query: Record<string, string> = result.ok
      ? { razorpay_payment_id: result.paymentId, razorpay_order_id: result.orderId, razorpay_signature: result.signature }
      : {
          'error[code]': result.error.code,
          'error[description]': result.error.description,
          'error[source]': 'bank',
          'error[step]': 'payment_authorization',
          'error[reason]': result.error.reason,
          'error[metadata]': JSON.stringify({ payment_id: result.paymentId, order_id: result.orderId }),
          razorpay_order_id: result.orderId,
        };
    return reply.redirect(returnLocation(rawReturn!, publicUrl, query), 303);
  });
};
