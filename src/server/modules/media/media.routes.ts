import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '~/shared/catalogue';
import { AppError } from '../../lib/app-error';
import type { VendorsService } from '../vendors/vendors.service';
import type { MediaViewer } from './media.repo';
import type { MediaService, Rendition } from './media.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A picture only its vendor and the shop's admins may see: kept by that browser, never by a shared cache. */
const PRIVATE = 'private, max-age=86400';

/**
 * Product pictures at /media/products/{imageId}/{width}.{ext}, resized and kept by the media service.
 * A picture anyone may see is answered without looking at the session; one that is not (a draft's,
 * a hidden product's) is looked for again as the signed-in vendor or admin sees it (decision 44).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ mediaService: MediaService; vendorsService: VendorsService }> = async (
  app,
  { mediaService, vendorsService },
) => {
  /** The signed-in back-office account as the media service knows it; undefined for anyone else. */
  async function backOfficeViewer(request: FastifyRequest): Promise<MediaViewer | undefined> {
    const viewer = await request.viewer();
    if (viewer?.role === 'admin') return { kind: 'admin' };
    if (viewer?.role !== 'vendor') return undefined;
    try {
      return { kind: 'vendor', vendorId: await vendorsService.vendorIdOf(viewer.userId) };
    } catch (error) {
      // A vendor account without a vendor record sees what anyone sees; a database failure is not a 404.
      if (error instanceof AppError && error.code === 'FORBIDDEN') return undefined;
      throw error;
    }
  }

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
          'Anyone sees the pictures of active and archived products; the signed-in vendor also those of its own ' +
          'products whatever their status (answered `private`), an admin every picture.',
        params: z.object({ imageId: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { imageId, file } = request.params;
      const options = { ifNoneMatch: request.headers['if-none-match'], log: request.log };
      let found: Rendition;
      let cacheControl = IMMUTABLE;
      try {
        found = await mediaService.rendition(imageId, file, options);
      } catch (error) {
        const viewer = error instanceof AppError && error.code === 'NOT_FOUND' ? await backOfficeViewer(request) : undefined;
        if (!viewer) throw error;
        found = await mediaService.rendition(imageId, file, { ...options, viewer });
        cacheControl = PRIVATE;
      }
      reply.header('cache-control', cacheControl).header('etag', found.etag);
      if (found.status === 304) return reply.status(304).send();
      return reply
        .header('x-media-cache', found.cached ? 'hit' : 'miss')
        .type(found.contentType)
        .send(found.body);
    },
  );
};
