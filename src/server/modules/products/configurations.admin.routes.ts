import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminProductParamsSchema } from '~/shared/schemas/catalogue-admin';
import { configurationsInputSchema, configurationsResponseSchema } from '~/shared/schemas/product-configurations';
import type { ProductConfigurationsService } from './configurations.service';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Any product's configurations, under /api/admin: the admin edits them with its seller's offers; other sellers' are shown. */
export const configurationsAdminRoutes: FastifyPluginAsyncZod<{ configurationsService: ProductConfigurationsService }> = async (
  app,
  { configurationsService },
) => {
  app.get('/products/:id/configurations', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "A product's configurations with its seller's offer of each and the other sellers' offers (read-only)",
      params: adminProductParamsSchema,
      response: { 200: configurationsResponseSchema, ...readErrors },
    },
    handler: async (request) => configurationsService.getAsAdmin(request.params.id),
  });

  app.put('/products/:id/configurations', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Save a product's grid for its seller: configurations and the seller's price, stock and dispatch days of each (audited as the admin's)",
      params: adminProductParamsSchema,
      body: configurationsInputSchema,
      response: { 200: configurationsResponseSchema, ...readErrors, 409: apiErrorSchema },
    },
    handler: async (request) => configurationsService.saveAsAdmin(request.params.id, request.body),
  });
};
