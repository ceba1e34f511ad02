import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShippingService } from '../shipping.service';
import { TEST_COURIER_LEVERS, type TestCourier, type TestCourierLever } from './test-courier';
import { renderNotFoundPage, renderTrackingPage, TRACKING_CSS } from './tracking-page';

const HTML = 'text/html; charset=utf-8';
const awbParams = z.object({ awb: z.string().min(1).max(40) });
const leverParams = awbParams.extend({ lever: z.enum(Object.keys(TEST_COURIER_LEVERS) as [TestCourierLever, ...TestCourierLever[]]) });

/**
 * The test courier's own pages (decision 79), outside /api like a courier's public tracking site: an AWB's
 * tracking page, its stylesheet and, when the levers are on (development, or TEST_COURIER_LEVERS), the form
 * posts of its levers, each sending the shop a signed tracking webhook and coming back to the page.
 */
export const testCourierRoutes: FastifyPluginAsyncZod<{
  testCourier: TestCourier;
  shippingService: ShippingService;
  levers: boolean;
}> = async (app, { testCourier, shippingService, levers }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get('/assets/tracking.css', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(TRACKING_CSS),
  );

  app.get(
    '/track/:awb',
    {
      config: { access: 'public' },
      schema: { hide: true, params: awbParams, querystring: z.object({ sent: z.string().max(40).optional() }) },
    },
    async (request, reply) => {
      const parcel = await shippingService.trackingOfAwb(request.params.awb);
      if (!parcel) return reply.status(404).type(HTML).send(renderNotFoundPage(request.params.awb));
      const sent = request.query.sent as TestCourierLever | undefined;
      const notice = sent && sent in TEST_COURIER_LEVERS ? `Sent: ${TEST_COURIER_LEVERS[sent].label}.` : undefined;
      return reply.type(HTML).send(renderTrackingPage(parcel, { levers, notice }));
    },
  );

  app.post('/track/:awb/:lever', { config: { access: 'public' }, schema: { hide: true, params: leverParams } }, async (request, reply) => {
    if (!levers) return reply.status(404).type(HTML).send(renderNotFoundPage(request.params.awb));
    const { awb, lever } = request.params;
    if (!(await shippingService.trackingOfAwb(awb))) return reply.status(404).type(HTML).send(renderNotFoundPage(awb));
    const status = await testCourier.push(awb, TEST_COURIER_LEVERS[lever].status);
    if (status >= 300) request.log.warn({ awb, lever, status }, 'the shop refused the test courier webhook');
    return reply.redirect(`/test-courier/track/${encodeURIComponent(awb)}?sent=${lever}`, 303);
  });
};
