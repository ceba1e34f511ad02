import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import { orderParamsSchema } from '~/shared/schemas/orders';
import {
  MAX_RETURN_PHOTO_BYTES,
  MAX_RETURN_PHOTOS,
  returnPhotoFileParamsSchema,
  returnPhotoParamsSchema,
  returnPhotoResponseSchema,
  returnPhotosResponseSchema,
} from '~/shared/schemas/return-photos';
import { AppError } from '../../lib/app-error';
import type { VendorsService } from '../vendors/vendors.service';
import type { ReturnPhotoViewer } from './return-photos';
import type { ReturnsService } from './returns.service';

const TOO_LARGE = 'The photo is larger than 10 MB. Please send a smaller one.';
/** A customer's photo: kept by the viewer's browser for a day, never by a shared cache. */
const PRIVATE = 'private, max-age=86400';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Photos sent with a return request, under /api/orders/{id}/return-photos (decision 50). The
 * customer uploads each photo as the body of its own request (so each has its own progress), sees
 * and removes the ones not sent yet, and the return request attaches them by id. One address serves
 * a photo to everyone who may see it; the server decides who from the session, in SQL.
 */
export const returnPhotosRoutes: FastifyPluginAsyncZod<{ returnsService: ReturnsService; vendorsService: VendorsService }> = async (
  app,
  { returnsService, vendorsService },
) => {
  const photos = returnsService.returnPhotos;
  // Any picture or byte stream is read as bytes: sharp decides what it really is, never the name or type.
  app.addContentTypeParser(
    /^(image\/.*|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: MAX_RETURN_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );

  /** The viewer as the photos' rules know them; an admin counts as one once two-step sign-in is on, as for the admin pages. */
  async function photoViewer(request: FastifyRequest): Promise<ReturnPhotoViewer> {
    const viewer = await request.requireViewer();
    if (viewer.role === 'vendor') return { kind: 'vendor', vendorId: await vendorsService.vendorIdOf(viewer.userId) };
    if (viewer.role === 'admin' && viewer.twoFactorEnabled === true) return { kind: 'admin', userId: viewer.userId };
    return { kind: 'customer', userId: viewer.userId };
  }

  app.post('/:orderId/return-photos', {
    config: { access: 'signed-in' },
    // Refused before the body is read, with a message a customer can act on.
    onRequest: async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > MAX_RETURN_PHOTO_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { fields: { file: TOO_LARGE } });
      }
    },
    schema: {
      tags: ['orders'],
      summary: `Add a photo for a return request (JPEG, PNG, WebP or HEIC when readable, up to 10 MB; at most ${MAX_RETURN_PHOTOS}) as the request body`,
      description:
        'The body is the photo itself; its type is decided by decoding it. Kept private to you until the return request attaches it (`photoIds`); photos never attached are removed after a day. Your own delivered order within its return window only.',
      params: orderParamsSchema,
      response: { 201: returnPhotoResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('VALIDATION', 'Send the photo as the body of the request.', { fields: { file: 'Choose a photo to upload.' } });
      }
      const photo = await photos.upload(viewer.userId, request.params.orderId, request.body);
      reply.code(201);
      return { photo };
    },
  });

  app.get('/:orderId/return-photos', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'Your photos of this order uploaded for a return request not sent yet',
      params: orderParamsSchema,
      response: { 200: returnPhotosResponseSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await request.requireViewer();
      return { photos: await photos.pending(viewer.userId, request.params.orderId) };
    },
  });

  app.delete('/:orderId/return-photos/:photoId', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['orders'],
      summary: 'Remove a photo not sent yet (one sent with a return request stays with it)',
      params: returnPhotoParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const viewer = await request.requireViewer();
      await photos.remove(viewer.userId, request.params.orderId, request.params.photoId);
      return reply.code(204).send(null);
    },
  });

  app.get('/:orderId/return-photos/:photoId/:file', {
    config: { access: 'signed-in' },
    compress: false,
    schema: {
      tags: ['orders'],
      summary: 'A photo sent with a return request, as `320.webp` or `1280.webp` (any product picture width and format)',
      description:
        'Seen by the order’s customer, the sellers whose items on the order come back, and the admins; a photo not yet sent, only by its uploader. 404 for anybody else. Answered `private`, with an ETag.',
      params: returnPhotoFileParamsSchema,
    },
    handler: async (request, reply) => {
      const { orderId, photoId, file } = request.params;
      const found = await photos.rendition(orderId, photoId, file, await photoViewer(request), {
        ifNoneMatch: request.headers['if-none-match'],
        log: request.log,
      });
      reply.header('cache-control', PRIVATE).header('etag', found.etag);
      if (found.status === 304) return reply.status(304).send();
      return reply.type(found.contentType).send(found.body);
    },
  });
};
