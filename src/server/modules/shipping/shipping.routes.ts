import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { orderParamsSchema } from '~/shared/schemas/orders';
import {
  orderTrackingResponseSchema,
  parcelParamsSchema,
  parcelTrackingSchema,
  reattemptRequestSchema,
  trackingWebhookResponseSchema,
} from '~/shared/schemas/shipping';
import { AppError } from '../../lib/app-error';
import type { ShippingService } from './shipping.service';

/** The customer's side of couriers (decision 79): the tracking timeline of each booked parcel of their order. */
export const shippingRoutes: FastifyPluginAsyncZod<{
  shippingService: ShippingService;
  /** The customer's own order (the orders' read): NOT_FOUND for anyone else's. */
  customerOrder: (orderId: string, userId: string) => Promise<unknown>;
}> = async (app, { shippingService, customerOrder }) => {
  app.get('/:orderId/tracking', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'The courier tracking of each booked parcel of one of your orders, oldest event first; 404 for anyone else’s',
      params: orderParamsSchema,
      response: { 200: orderTrackingResponseSchema, 404: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      await customerOrder(request.params.orderId, viewer.userId);
      return { parcels: await shippingService.trackingOfOrder(request.params.orderId) };
    },
  });

  app.post('/:orderId/parcels/:awb/reattempt', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary:
        "Your answer to a parcel's failed delivery attempt (a new day in the next three, or a corrected address line or phone), sent to the courier",
      params: parcelParamsSchema,
      body: reattemptRequestSchema,
      response: {
        200: z.object({ parcel: parcelTrackingSchema }),
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        422: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const { orderId, awb } = request.params;
      await customerOrder(orderId, viewer.userId);
      return { parcel: await shippingService.answerFailedAttempt(orderId, awb, viewer.userId, request.body) };
    },
  });
};

/**
 * The couriers' tracking webhooks (decision 79), one route per provider, each checked as that provider signs it
 * over the raw body: the test courier's HMAC-SHA256 (`x-test-courier-signature`), Shiprocket's `x-api-key` token
 * (its route's address avoids the words Shiprocket refuses in a webhook URL). Repeated events are acknowledged
 * and change nothing.
 */
export const courierWebhookRoutes: FastifyPluginAsyncZod<{
  webhook: (
    providerName: string,
    rawBody: Buffer,
    header: (name: string) => string | undefined,
  ) => Promise<'processed' | 'duplicate' | 'ignored'>;
}> = async (app, { webhook }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  const route = (path: string, providerName: string, summary: string) =>
    app.post(path, {
      config: { access: 'public' },
      schema: {
        tags: ['shipping'],
        summary,
        response: { 200: trackingWebhookResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      handler: async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 'A webhook body must be JSON.');
        const header = (name: string) => {
          const v = request.headers[name];
          return typeof v === 'string' ? v : undefined;
        };
        return { status: await webhook(providerName, request.body, header) };
      },
    });
  route(
    '/test-courier',
    'test-courier',
    "The test courier's signed tracking webhooks (x-test-courier-signature: HMAC-SHA256 of the raw body)",
  );
  route('/rocket', 'shiprocket', "Shiprocket's tracking webhooks (its security token in x-api-key)");
};
