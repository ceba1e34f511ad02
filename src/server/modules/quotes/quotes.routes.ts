import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  priceQuoteParamsSchema,
  priceQuoteRequestSchema,
  priceQuoteResponseSchema,
  priceQuotesResponseSchema,
} from '~/shared/schemas/quotes';
import type { QuotesService } from './quotes.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** A signed-in customer's quotes for quantity (decision 77), under /api/quotes. Every route sees the customer's own only. */
export const quotesRoutes: FastifyPluginAsyncZod<{ quotesService: QuotesService }> = async (app, { quotesService }) => {
  app.get('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['quotes'],
      summary: "The customer's quotes (My quotes), newest first: requested, answered with price and expiry, declined, expired, ordered",
      response: { 200: priceQuotesResponseSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { items: await quotesService.listOwn(viewer.userId) };
    },
  });

  app.get('/:quoteId', {
    config: { access: 'customer' },
    schema: {
      tags: ['quotes'],
      summary: "One of the customer's quotes; another customer's is a 404",
      params: priceQuoteParamsSchema,
      response: { 200: priceQuoteResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { quote: await quotesService.getOwn(viewer.userId, request.params.quoteId) };
    },
  });

  app.post('/', {
    config: { access: 'customer' },
    schema: {
      tags: ['quotes'],
      summary:
        "Ask a product's seller for a price on a quantity, for one of the customer's businesses or as a consumer; the seller is e-mailed",
      body: priceQuoteRequestSchema,
      response: { 201: priceQuoteResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send({ quote: await quotesService.request(viewer.userId, request.body, viewer.name) });
    },
  });
};
