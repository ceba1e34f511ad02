import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  hideReviewSchema,
  reviewIdParamsSchema,
  reviewModerationResponseSchema,
} from '~/shared/schemas/reviews';
import type { ResponseCache } from '../../lib/response-cache';
import type { ReviewsService } from './reviews.service';

/** Moderating customers' reviews, under /api/admin. */
export const reviewsAdminRoutes: FastifyPluginAsyncZod<{ reviewsService: ReviewsService; cache: ResponseCache }> = async (
  app,
  { reviewsService, cache },
) => {
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get('/reviews', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every product review, newest first; by stars, shown or hidden, and product or customer name or e-mail',
      querystring: adminReviewsQuerySchema,
      response: { 200: adminReviewsResponseSchema, ...errors },
    },
    handler: async (request) => reviewsService.adminList(request.query),
  });

  app.post('/reviews/:reviewId/hide', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Hide a review from the product page and its rating, with a reason its author reads; 409 when it is hidden already',
      params: reviewIdParamsSchema,
      body: hideReviewSchema,
      response: { 200: reviewModerationResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      const result = await reviewsService.hide(request.params.reviewId, request.body.reason, viewer.userId);
      // The product page's reviews, average and breakdown are cached answers: they must change at once.
      await cache.invalidate();
      return result;
    },
  });

  app.post('/reviews/:reviewId/restore', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Show a hidden review again, on the product page and in its rating; 409 when it is not hidden',
      params: reviewIdParamsSchema,
      response: { 200: reviewModerationResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => {
      const result = await reviewsService.restore(request.params.reviewId);
      await cache.invalidate();
      return result;
    },
  });
};
