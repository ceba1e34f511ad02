import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { productIdParamsSchema } from '~/shared/schemas/catalogue';
import {
  MAX_PICTURE_BYTES,
  pictureFileParamsSchema,
  pictureParamsSchema,
  pictureVariantSchema,
  productPictureResponseSchema,
  productPicturesResponseSchema,
  reorderPicturesSchema,
} from '~/shared/schemas/vendor-products';
import { AppError } from '../../lib/app-error';
import type { VendorProductsService } from '../products/products.vendor.service';
import type { ProductImageRow } from './media.repo';
import type { MediaService } from './media.service';

const toPicture = (row: ProductImageRow) => ({ id: row.id, alt: row.alt, width: row.width, height: row.height, variantId: row.variantId });

/**
 * The pictures of the vendor's own products, under /api/vendor/products/{id}/images. A picture is
 * sent as the body of its own request (one request per file, so each has its own progress); its
 * type is decided by decoding it, never by the file name or the Content-Type.
 */
export const mediaVendorRoutes: FastifyPluginAsyncZod<{
  mediaService: MediaService;
  vendorProductsService: VendorProductsService;
}> = async (app, { mediaService, vendorProductsService }) => {
  // Any picture or byte stream is read as bytes (up to 10 MB): sharp decides what it really is.
  app.addContentTypeParser(
    /^(image\/.*|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES },
    (_request, body, done) => done(null, body),
  );

  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.get('/products/:id/images', {
    config: { access: 'vendor', vendor: 'read' },
    schema: {
      tags: ['vendor'],
      summary: "The pictures of one of the vendor's products, the main one first",
      params: productIdParamsSchema,
      response: { 200: productPicturesResponseSchema, ...errors },
    },
    handler: async (request) => {
      await vendorProductsService.assertOwn(request.vendorId, request.params.id);
      return { pictures: (await mediaService.picturesOf(request.params.id)).map(toPicture) };
    },
  });

  app.post('/products/:id/images', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Add a picture (JPEG, PNG, WebP or AVIF, up to 10 MB, at least 600 × 450; at most 8 per product) as the request body',
      description: 'The body is the picture file itself. Metadata is stripped; the shop keeps a WebP master and serves resized copies.',
      params: productIdParamsSchema,
      querystring: z.strictObject({ alt: z.string().trim().max(150, 'Describe the picture in at most 150 characters').optional() }),
      response: { 201: productPictureResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const { vendorId } = request;
      const product = await vendorProductsService.get(vendorId, request.params.id);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('VALIDATION', 'Send the picture as the body of the request.', {
          fields: { file: 'Choose a picture to upload.' },
        });
      }
      const row = await mediaService.addPicture(product.id, request.body, request.query.alt || product.name);
      await vendorProductsService.picturesChanged(vendorId, product.id);
      reply.code(201);
      return { picture: toPicture(row) };
    },
  });

  app.put('/products/:id/images/order', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Put the pictures in a new order; the first becomes the main picture',
      params: productIdParamsSchema,
      body: reorderPicturesSchema,
      response: { 200: productPicturesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { vendorId } = request;
      await vendorProductsService.assertOwn(vendorId, request.params.id);
      const rows = await mediaService.reorderPictures(request.params.id, request.body.ids);
      await vendorProductsService.picturesChanged(vendorId, request.params.id);
      return { pictures: rows.map(toPicture) };
    },
  });

  app.put('/products/:id/images/:imageId', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Mark a picture as showing one configuration of the product (its page shows it for that configuration), or all of them',
      params: pictureParamsSchema,
      body: pictureVariantSchema,
      response: { 200: productPictureResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { vendorId } = request;
      const { id, imageId } = request.params;
      await vendorProductsService.assertOwn(vendorId, id);
      const { variantId } = request.body;
      if (variantId !== null) await vendorProductsService.assertConfigurationOf(id, variantId);
      const row = await mediaService.setPictureVariant(id, imageId, variantId);
      if (!row) throw new AppError('NOT_FOUND', 'This picture was not found on this product.');
      await vendorProductsService.picturesChanged(vendorId, id);
      return { picture: toPicture(row) };
    },
  });

  app.delete('/products/:id/images/:imageId', {
    config: { access: 'vendor', vendor: 'sell' },
    schema: {
      tags: ['vendor'],
      summary: 'Delete a picture with its resized copies',
      params: pictureParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { vendorId } = request;
      await vendorProductsService.assertOwn(vendorId, request.params.id);
      if (!(await mediaService.removePicture(request.params.id, request.params.imageId))) {
        throw new AppError('NOT_FOUND', 'This picture was not found on this product.');
      }
      await vendorProductsService.picturesChanged(vendorId, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/products/:id/images/:imageId/:file', {
    config: { access: 'vendor', vendor: 'read' },
    compress: false,
    schema: {
      tags: ['vendor'],
      summary: "A picture of the vendor's own product at a width and format, whatever the product's status (drafts included)",
      params: pictureFileParamsSchema,
    },
    handler: async (request, reply) => {
      await vendorProductsService.assertOwn(request.vendorId, request.params.id);
      const found = await mediaService.rendition(request.params.imageId, request.params.file, {
        ifNoneMatch: request.headers['if-none-match'],
        log: request.log,
        ofProduct: request.params.id,
      });
      reply.header('cache-control', 'private, max-age=86400').header('etag', found.etag);
      if (found.status === 304) return reply.status(304).send();
      return reply.type(found.contentType).send(found.body);
    },
  });
};
