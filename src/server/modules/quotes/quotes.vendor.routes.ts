import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  priceQuoteAnswerSchema,
  priceQuoteDeclineSchema,
  priceQuoteParamsSchema,
  vendorPriceQuoteResponseSchema,
  vendorPriceQuotesQuerySchema,
  vendorPriceQuotesResponseSchema,
} from '~/shared/schemas/quotes';
import type { QuotesService } from './quotes.service';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...readErrors, 409: apiErrorSchema };

/** The signed-in vendor's quote requests (decision 77), under /api/vendor. The vendor is the session's; another's quote is a 404. */
export const quotesVendorRoutes: FastifyPluginAsyncZod<{ quotesService: QuotesService }> = async (app, { quotesService }) => {
  app.get('/quotes', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's quote requests, newest first, of one status when asked, with how many wait for an answer",
      querystring: vendorPriceQuotesQuerySchema,
      response: { 200: vendorPriceQuotesResponseSchema, ...readErrors },
    },
    handler: async (request) => quotesService.listOfVendor(request.vendorId, request.query),
  });

  app.get('/quotes/:quoteId', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's quote requests; another vendor's is a 404",
      params: priceQuoteParamsSchema,
      response: { 200: vendorPriceQuoteResponseSchema, ...readErrors },
    },
    handler: async (request) => ({ quote: await quotesService.getOfVendor(request.vendorId, request.params.quoteId) }),
  });

  app.post('/quotes/:quoteId/answer', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Answer a quote request with a unit price (at most the MRP) valid for 1–30 days; audited and e-mailed to the customer',
      params: priceQuoteParamsSchema,
      body: priceQuoteAnswerSchema,
      response: { 200: vendorPriceQuoteResponseSchema, ...writeErrors },
    },
    handler: async (request) => ({ quote: await quotesService.answer(request.vendorId, request.params.quoteId, request.body) }),
  });

  app.post('/quotes/:quoteId/decline', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Decline a quote request with a reason; audited and e-mailed to the customer',
      params: priceQuoteParamsSchema,
      body: priceQuoteDeclineSchema,
      response: { 200: vendorPriceQuoteResponseSchema, ...writeErrors },
    },
    handler: async (request) => ({ quote: await quotesService.decline(request.vendorId, request.params.quoteId, request.body.reason) }),
  });
};
