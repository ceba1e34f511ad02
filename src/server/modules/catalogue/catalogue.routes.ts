import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CATALOGUE_BROWSER_CACHE } from '~/shared/constants';
import { apiErrorSchema } from '~/shared/errors';
import {
  compareQuerySchema,
  compareResponseSchema,
  deliveryEstimateQuerySchema,
  deliveryEstimateResponseSchema,
  homeResponseSchema,
  productCardsResponseSchema,
  productDetailQuerySchema,
  productDetailResponseSchema,
  productFacetsQuerySchema,
  productFacetsResponseSchema,
  productIdParamsSchema,
  productIdsQuerySchema,
  productListQuerySchema,
  productListResponseSchema,
  suggestQuerySchema,
  suggestResponseSchema,
} from '~/shared/schemas/catalogue';
import { AppError } from '../../lib/app-error';
import { createCompressedAnswers } from '../../lib/compressed-answers';
import { jsonEncoder } from '../../lib/json-encoder';
import type { ResponseCache } from '../../lib/response-cache';
import type { CatalogueService } from './catalogue.service';

/**
 * Public catalogue reads may be cached briefly by browsers and proxies; checkout re-checks price and stock,
 * and the web app asks past the browser's cache after a change of its own (decision 60).
 */
const SHORT_CACHE = `public, max-age=${CATALOGUE_BROWSER_CACHE.maxAgeSeconds}, stale-while-revalidate=${CATALOGUE_BROWSER_CACHE.staleWhileRevalidateSeconds}`;
const errors = { 400: apiErrorSchema };

export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogueService: CatalogueService;
  cache: ResponseCache;
  /** Check every answer against its response schema as it is encoded (development and tests; see jsonEncoder). */
  checkResponses: boolean;
  /** The product page's PIN check through the couriers' serviceability (decision 80); the catalogue's table without it. */
  deliveryEstimate?: CatalogueService['deliveryEstimate'];
}> = async (app, { catalogueService, cache, checkResponses, deliveryEstimate }) => {
  const compressed = createCompressedAnswers({ maxBytes: 16 * 1024 * 1024 });
  const encoders = new Map<z.ZodType, (value: unknown) => string>();
  const encoderOf = (schema: z.ZodType) => {
    let encoder = encoders.get(schema);
    if (!encoder) encoders.set(schema, (encoder = jsonEncoder(schema, checkResponses)));
    return encoder;
  };
  /**
   * Answers a public read from the response cache, or computes, encodes and keeps it. The cache
   * lives no longer than browsers may keep the answer anyway (cache-control max-age).
   */
  async function cached<S extends z.ZodType>(
    reply: FastifyReply,
    name: string,
    input: unknown,
    schema: S,
    compute: () => Promise<z.output<S>>,
  ) {
    reply.type('application/json; charset=utf-8');
    // Without a cache (CATALOGUE_CACHE_SECONDS=0) there is no key to make and nothing to look up.
    if (!cache.enabled) return compressed.send(reply.header('x-cache', 'miss'), undefined, encoderOf(schema)(await compute()));
    const key = `${await cache.version()}:${name}:${JSON.stringify(input)}`;
    let json = await cache.get(key);
    reply.header('x-cache', json === null ? 'miss' : 'hit');
    if (json === null) {
      json = encoderOf(schema)(await compute());
      await cache.set(key, json);
    }
    // A string with a JSON content type is sent as it is (already encoded, or checked in development, by its schema),
    // compressed once for every browser it goes to.
    return compressed.send(reply, key, json);
  }

  app.get('/products', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'One page of products: search (q), filters, sort and page. Unknown parameters are refused.',
      querystring: productListQuerySchema,
      response: { 200: productListResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return cached(reply, 'list', request.query, productListResponseSchema, () => catalogueService.list(request.query));
    },
  });

  app.get('/facets', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: "Filter values with counts for a search and filters (each filter's own choice left out)",
      querystring: productFacetsQuerySchema,
      response: { 200: productFacetsResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return cached(reply, 'facets', request.query, productFacetsResponseSchema, () => catalogueService.facets(request.query));
    },
  });

  app.get('/suggest', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Products and categories for the search box as the shopper types',
      querystring: suggestQuerySchema,
      response: { 200: suggestResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return cached(reply, 'suggest', request.query, suggestResponseSchema, () => catalogueService.suggest(request.query.q));
    },
  });

  app.get('/home', {
    config: { access: 'public' },
    schema: { tags: ['catalogue'], summary: 'Sections of the home page', response: { 200: homeResponseSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return cached(reply, 'home', null, homeResponseSchema, () => catalogueService.home());
    },
  });

  app.get('/products/by-ids', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Cards of the given products, in the given order; unknown or withdrawn ones are left out',
      querystring: productIdsQuerySchema,
      response: { 200: productCardsResponseSchema, ...errors },
    },
    handler: async (request) => ({ items: await catalogueService.byIds(request.query.ids) }),
  });

  app.get('/products/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary:
        'A product for sale with images, specifications and rating summary (404 for drafts and archived), its options and ' +
        "configurations with each one's buy box and other sellers; variant (id or slug) chooses the configuration shown",
      params: productIdParamsSchema,
      querystring: productDetailQuerySchema,
      response: { 200: productDetailResponseSchema, 404: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      const { variant } = request.query;
      try {
        return await cached(reply, 'product', variant ? [request.params.id, variant] : request.params.id, productDetailResponseSchema, () =>
          catalogueService.productPage(request.params.id, variant),
        );
      } catch (error) {
        // A duplicate an admin merged (decision 70) answers 301 to the product kept; only a page not found asks.
        const movedTo = error instanceof AppError && error.code === 'NOT_FOUND' ? await catalogueService.movedTo(request.params.id) : null;
        if (!movedTo) throw error;
        return reply.header('cache-control', 'public, max-age=300').redirect(`/api/catalogue/products/${encodeURIComponent(movedTo)}`, 301);
      }
    },
  });

  app.get('/products/:id/related', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Products like this one',
      params: productIdParamsSchema,
      response: { 200: productCardsResponseSchema, 404: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return { items: await catalogueService.related(request.params.id) };
    },
  });

  app.get('/compare', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Specifications of up to 4 products of one category side by side, differences marked',
      querystring: compareQuerySchema,
      response: { 200: compareResponseSchema, 404: apiErrorSchema, ...errors },
    },
    handler: async (request) => catalogueService.compare(request.query.ids),
  });

  app.get('/delivery-estimate', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Delivery window and cash-on-delivery availability for a PIN code',
      querystring: deliveryEstimateQuerySchema,
      response: { 200: deliveryEstimateResponseSchema, 404: apiErrorSchema, ...errors },
    },
    handler: async (request) => (deliveryEstimate ?? catalogueService.deliveryEstimate)(request.query.pin, request.query.productId),
  });
};
