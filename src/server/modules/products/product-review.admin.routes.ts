import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminProductParamsSchema } from '~/shared/schemas/catalogue-admin';
import {
  likelyDuplicateSchema,
  mergePreviewQuerySchema,
  mergeProductSchema,
  mergeSummarySchema,
  rejectProductSchema,
  reviewCountResponseSchema,
  reviewDecisionResponseSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
} from '~/shared/schemas/product-review';
import type { ProductReviewService } from './product-review.admin.service';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...readErrors, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** What the merge flow gives these routes (the module imports no flow; services.ts hands it in). */
export interface MergeCalls {
  preview(duplicateId: string, keptId: string): Promise<z.infer<typeof mergeSummarySchema>>;
  merge(duplicateId: string, keptId: string): Promise<z.infer<typeof mergeSummarySchema>>;
}

/** The review queue of new products and the merge of duplicates (decision 70), under /api/admin. */
export const productReviewAdminRoutes: FastifyPluginAsyncZod<{
  productReviewService: ProductReviewService;
  mergeProducts: MergeCalls;
}> = async (app, { productReviewService, mergeProducts }) => {
  app.get('/products/review-queue', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'New products awaiting review, oldest first, each with its seller, category, pictures, specifications and likely duplicates',
      querystring: reviewQueueQuerySchema,
      response: { 200: reviewQueueResponseSchema, ...readErrors },
    },
    handler: async (request) => productReviewService.queue(request.query),
  });

  app.get('/products/review-queue/count', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], summary: 'How many products await review', response: { 200: reviewCountResponseSchema, ...readErrors } },
    handler: async () => productReviewService.count(),
  });

  app.post('/products/:id/approve', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Approve a product under review: it goes on sale, its seller is e-mailed (audited product.approve)',
      params: adminProductParamsSchema,
      response: { 200: reviewDecisionResponseSchema, ...writeErrors },
    },
    handler: async (request) => productReviewService.approve(request.params.id, (await request.requireViewer()).userId),
  });

  app.post('/products/:id/reject', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Send a product under review back to draft with a reason its seller reads and is e-mailed (audited product.reject)',
      params: adminProductParamsSchema,
      body: rejectProductSchema,
      response: { 200: reviewDecisionResponseSchema, ...writeErrors },
    },
    handler: async (request) => productReviewService.reject(request.params.id, (await request.requireViewer()).userId, request.body.reason),
  });

  app.get('/products/:id/duplicates', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Likely duplicates of a product: same brand and model, same EAN, or a very similar name',
      params: adminProductParamsSchema,
      response: { 200: z.object({ items: z.array(likelyDuplicateSchema) }), ...readErrors },
    },
    handler: async (request) => ({ items: await productReviewService.duplicatesOf(request.params.id) }),
  });

  app.get('/products/:id/merge', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'What merging this product into another would move (refused as the merge would be: 404, 409, 422)',
      params: adminProductParamsSchema,
      querystring: mergePreviewQuerySchema,
      response: { 200: mergeSummarySchema, ...writeErrors },
    },
    handler: async (request) => mergeProducts.preview(request.params.id, request.query.intoId),
  });

  app.post('/products/:id/merge', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Merge this duplicate into the product kept, in one transaction: configurations, offers, reviews, wishlists and alerts move; it is archived and its address redirects (audited product.merge)',
      params: adminProductParamsSchema,
      body: mergeProductSchema,
      response: { 200: mergeSummarySchema, ...writeErrors },
    },
    handler: async (request) => mergeProducts.merge(request.params.id, request.body.intoId),
  });
};
