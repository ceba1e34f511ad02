import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { productIdParamsSchema, reviewSchema, reviewsQuerySchema, reviewsResponseSchema } from '~/shared/schemas/catalogue';
import { myReviewResponseSchema, reviewInputSchema } from '~/shared/schemas/reviews';
import type { ResponseCache } from '../../lib/response-cache';
import type { ReviewsService } from './reviews.service';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Reviews of a product: reading them, and a customer's own review (may they write one, and writing it). Under /catalogue/products. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviewsService: ReviewsService; cache: ResponseCache }> = async (
  app,
  { reviewsService, cache },
) => {
  app.get('/:id/reviews', {
    config: { access: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Reviews of a product, newest first',
      params: productIdParamsSchema,
      querystring: reviewsQuerySchema,
      response: { 200: reviewsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => reviewsService.list(request.params.id, request.query.page),
  });

  app.get('/:id/my-review', {
    config: { access: 'customer' },
    schema: {
      tags: ['reviews'],
      summary: 'Whether the signed-in customer may review the product, why not, and their review if written',
      params: productIdParamsSchema,
      response: { 200: myReviewResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return reviewsService.mine(viewer.userId, request.params.id);
    },
  });

  app.post('/:id/reviews', {
    config: { access: 'customer' },
    schema: {
      tags: ['reviews'],
      summary: 'Rate (1–5) and review a product the customer received; once per product (409 the second time)',
      params: productIdParamsSchema,
      body: reviewInputSchema,
      response: { 201: z.object({ review: reviewSchema }), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      const review = await reviewsService.create(viewer.userId, request.params.id, request.body);
      // The product page's average and count are cached answers: they must show the new review at once.
      await cache.invalidate();
      return reply.status(201).send({ review });
    },
  });
};
