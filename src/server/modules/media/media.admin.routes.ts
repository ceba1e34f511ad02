import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import { adminProductParamsSchema } from '~/shared/schemas/catalogue-admin';
import {
  pictureParamsSchema,
  pictureVariantSchema,
  productPictureResponseSchema,
  productPicturesResponseSchema,
} from '~/shared/schemas/vendor-products';
import type { PictureConfiguration } from '../../flows/picture-configuration';
import type { ProductsAdminService } from '../products/products.admin.service';
import type { ProductImageRow } from './media.repo';
import type { MediaService } from './media.service';

const toPicture = (row: ProductImageRow) => ({ id: row.id, alt: row.alt, width: row.width, height: row.height, variantId: row.variantId });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The pictures of any seller's product, under /api/admin/products/{id}/images (the admin's product page). */
export const mediaAdminRoutes: FastifyPluginAsyncZod<{
  pictureConfiguration: PictureConfiguration;
  mediaService: Pick<MediaService, 'picturesOf'>;
  productsAdminService: Pick<ProductsAdminService, 'meta'>;
}> = async (app, { pictureConfiguration, mediaService, productsAdminService }) => {
  app.get('/products/:id/images', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "The pictures of any seller's product, the main one first, with the configuration each shows",
      params: adminProductParamsSchema,
      response: { 200: productPicturesResponseSchema, ...errors },
    },
    handler: async (request) => {
      await productsAdminService.meta(request.params.id);
      return { pictures: (await mediaService.picturesOf(request.params.id)).map(toPicture) };
    },
  });

  app.put('/products/:id/images/:imageId', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Mark a picture of any seller's product as showing one of its configurations (its page shows it for that configuration), or all of them (audited as the admin's)",
      params: pictureParamsSchema,
      body: pictureVariantSchema,
      response: { 200: productPictureResponseSchema, ...errors },
    },
    handler: async (request) => {
      const row = await pictureConfiguration.setAsAdmin(request.params.id, request.params.imageId, request.body.variantId);
      return { picture: toPicture(row) };
    },
  });
};
