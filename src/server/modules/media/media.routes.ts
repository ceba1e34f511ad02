import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '~/shared/catalogue';
import type { MediaService } from './media.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Product pictures at /media/products/{imageId}/{width}.{ext}, resized and kept by the media service. */
export const mediaRoutes: FastifyPluginAsyncZod<{ mediaService: MediaService }> = async (app, { mediaService }) => {
  app.get(
    '/media/products/:imageId/:file',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['media'],
        summary: 'A product picture at a width (160–1280) as AVIF, WebP or JPEG',
        description:
          '`file` is `{width}.{avif|webp|jpg}` with a width of ' +
          `${IMAGE_WIDTHS.join(', ')}. Cached for a year (immutable); answers 304 to a matching If-None-Match. ` +
          'Pictures of products that are not active are not found.',
        params: z.object({ imageId: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const found = await mediaService.rendition(request.params.imageId, request.params.file, {
        ifNoneMatch: request.headers['if-none-match'],
        log: request.log,
      });
      reply.header('cache-control', IMMUTABLE).header('etag', found.etag);
      if (found.status === 304) return reply.status(304).send();
      return reply
        .header('x-media-cache', found.cached ? 'hit' : 'miss')
        .type(found.contentType)
        .send(found.body);
    },
  );
};
