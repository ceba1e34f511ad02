import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { productIdParamsSchema } from '~/shared/schemas/catalogue';
import { configurationsInputSchema, configurationsResponseSchema } from '~/shared/schemas/product-configurations';
import type { ProductConfigurationsService } from './configurations.service';

const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...readErrors, 409: apiErrorSchema };

/** The configurations of the signed-in vendor's own products, under /api/vendor. The vendor is the session's. */
export const configurationsVendorRoutes: FastifyPluginAsyncZod<{ configurationsService: ProductConfigurationsService }> = async (
  app,
  { configurationsService },
) => {
  app.get('/products/:id/configurations', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "One of the vendor's products: the options its category allows, its configurations and the vendor's offer of each",
      params: productIdParamsSchema,
      response: { 200: configurationsResponseSchema, ...readErrors },
    },
    handler: async (request) => configurationsService.get(request.vendorId, request.params.id),
  });

  app.put('/products/:id/configurations', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Save the whole grid in one transaction: add, change and archive configurations with their price, stock and dispatch days',
      description:
        'A configuration left out is archived (removed when no order, picture or other seller names it). Field errors name the row: ' +
        '`configurations.2.pricePaise`. A row whose `stockWas` is not the stock now is a 409 on its stock.',
      params: productIdParamsSchema,
      body: configurationsInputSchema,
      response: { 200: configurationsResponseSchema, ...writeErrors },
    },
    handler: async (request) => configurationsService.save(request.vendorId, request.params.id, request.body),
  });
};
