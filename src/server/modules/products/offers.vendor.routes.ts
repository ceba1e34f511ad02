import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  catalogueMatchQuerySchema,
  catalogueMatchResponseSchema,
  offerIdParamsSchema,
  offerInputSchema,
  offerPatchSchema,
  vendorOfferResponseSchema,
  vendorOffersResponseSchema,
} from '~/shared/schemas/vendor-offers';
import type { VendorOffersService } from './offers.vendor.service';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...readErrors, 409: apiErrorSchema };

/** The signed-in vendor's offers of products other sellers listed, under /api/vendor. The vendor is the session's. */
export const offersVendorRoutes: FastifyPluginAsyncZod<{ vendorOffersService: VendorOffersService }> = async (
  app,
  { vendorOffersService },
) => {
  app.get('/catalogue-match', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: 'Products of the catalogue other sellers listed, found by brand, model or EAN, with their configurations, to offer',
      querystring: catalogueMatchQuerySchema,
      response: { 200: catalogueMatchResponseSchema, ...readErrors },
    },
    handler: async (request) => vendorOffersService.match(request.vendorId, request.query.q),
  });

  app.get('/offers', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The vendor's offers of products other sellers listed, newest first",
      response: { 200: vendorOffersResponseSchema, ...readErrors },
    },
    handler: async (request) => ({ items: await vendorOffersService.list(request.vendorId) }),
  });

  app.get('/offers/:offerId', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's offers; another vendor's is a 404",
      params: offerIdParamsSchema,
      response: { 200: vendorOfferResponseSchema, ...readErrors },
    },
    handler: async (request) => ({ offer: await vendorOffersService.get(request.vendorId, request.params.offerId) }),
  });

  app.post('/offers', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: "Offer a configuration of another seller's product at the vendor's price (at most its MRP), stock and dispatch time",
      body: offerInputSchema,
      response: { 201: vendorOfferResponseSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { offer: await vendorOffersService.create(request.vendorId, request.body) };
    },
  });

  app.patch('/offers/:offerId', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: "Change the price, stock, dispatch days or status (active, paused) of one of the vendor's offers; another vendor's is a 404",
      params: offerIdParamsSchema,
      body: offerPatchSchema,
      response: { 200: vendorOfferResponseSchema, ...writeErrors },
    },
    handler: async (request) => ({ offer: await vendorOffersService.update(request.vendorId, request.params.offerId, request.body) }),
  });
};
