import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { IMAGE_WIDTHS, type ImageFormat, type ImageWidth } from '~/shared/catalogue';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { productImages } from '../../db/schema/media';
import { AppError } from '../../lib/app-error';
import type { MediaStore } from './media-store';

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const EXTENSIONS: Record<string, ImageFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** How many resizes run at once; more wait their turn, so a burst of thumbnails cannot exhaust memory. */
const ENCODE_CONCURRENCY = 2;
/** Requests waiting for an encode beyond this many are answered 503 instead of piling up. */
const MAX_WAITING = 200;

/** Encoder settings per format: good for photographs of products, quick enough to make on first request. */
function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 1 });
    case 'webp':
      return pipeline.webp({ quality: 78, effort: 4 });
    case 'jpeg':
      return pipeline.jpeg({ quality: 80, mozjpeg: false, progressive: true });
  }
}

/** A counting semaphore: at most `limit` tasks run at once, the rest wait in order. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  get queued(): number {
    return this.waiting.length;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** Parses `320.webp` into a width the route serves and a format; throws a 400 that says what is allowed. */
export function parseMediaFile(file: string): { width: ImageWidth; format: ImageFormat; ext: string } {
  const match = /^(\d{1,5})\.([a-z]{3,4})$/.exec(file);
  const allowed = `Ask for {width}.{avif|webp|jpg} with a width of ${IMAGE_WIDTHS.join(', ')}.`;
  if (!match) throw new AppError('VALIDATION', `"${file}" is not an image size and format. ${allowed}`, { fields: { file: allowed } });
  const width = Number(match[1]);
  const ext = match[2] as string;
  const format = Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
  if (!format) {
    throw new AppError('VALIDATION', `Images come as avif, webp or jpg, not ${ext}. ${allowed}`, {
      fields: { file: 'Unsupported format' },
    });
  }
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    throw new AppError('VALIDATION', `Images come ${IMAGE_WIDTHS.join(', ')} pixels wide, not ${width}. ${allowed}`, {
      fields: { file: 'Unsupported width' },
    });
  }
  return { width: width as ImageWidth, format, ext };
}

/** Every key the route may have cached for an image: delete them with the image. */
export function resizedKeysOf(imageId: string): string[] {
  return IMAGE_WIDTHS.flatMap((width) => Object.keys(EXTENSIONS).map((ext) => `cache/${imageId}/${width}.${ext}`));
}

function etagOf(storageKey: string, width: number, ext: string): string {
  return `"${createHash('sha256').update(`${storageKey}|${width}|${ext}|v1`).digest('base64url').slice(0, 22)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Product pictures, resized and encoded on first request and kept in the media store
 * (`cache/{imageId}/{width}.{ext}`), then served from there with a year-long immutable cache
 * header: an image id always shows the same picture. Only pictures of active products are served.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Database; mediaStore: MediaStore }> = async (app, { db, mediaStore }) => {
  // libvips: no operation cache (every resize is different and is cached as a file instead), and
  // one thread per image; parallelism comes from the semaphore.
  sharp.cache(false);
  sharp.concurrency(1);
  const encodes = new Semaphore(ENCODE_CONCURRENCY);
  const inFlight = new Map<string, Promise<Buffer>>();

  async function render(imageId: string, storageKey: string, width: ImageWidth, format: ImageFormat, cacheKey: string): Promise<Buffer> {
    const master = await mediaStore.get(storageKey);
    if (!master) {
      app.log.error({ imageId, storageKey }, 'product image master is missing from the media store');
      throw new AppError('NOT_FOUND', `There is no product image ${imageId}.`);
    }
    const output = await encodes.run(() =>
      encode(sharp(master, { failOn: 'error' }).rotate().resize({ width, fit: 'inside', withoutEnlargement: true }), format).toBuffer(),
    );
    try {
      await mediaStore.put(cacheKey, output);
    } catch (error) {
      // Serving the picture matters more than keeping it: the next request encodes it again.
      app.log.warn({ err: error, cacheKey }, 'could not cache a resized product image');
    }
    return output;
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
          'Pictures of products that are not active are not found.',
        params: z.object({ imageId: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { imageId, file } = request.params;
      const { width, format, ext } = parseMediaFile(file);
      if (!IMAGE_ID.test(imageId)) throw new AppError('NOT_FOUND', `There is no product image ${imageId}.`);

      const [image] = await db
        .select({ storageKey: productImages.storageKey })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(and(eq(productImages.id, imageId), eq(products.status, 'active')))
        .limit(1);
      if (!image) throw new AppError('NOT_FOUND', `There is no product image ${imageId}.`);

      const etag = etagOf(image.storageKey, width, ext);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).header('cache-control', IMMUTABLE).header('etag', etag).send();
      }

      const cacheKey = `cache/${imageId}/${width}.${ext}`; // one of resizedKeysOf(imageId)
      let body = await mediaStore.get(cacheKey);
      const cached = body !== null;
      if (!body) {
        let pending = inFlight.get(cacheKey);
        if (!pending) {
          if (encodes.queued >= MAX_WAITING) {
            throw new AppError('UNAVAILABLE', 'Too many pictures are being prepared right now. Please try again.', {
              retryAfterSeconds: 2,
            });
          }
          pending = render(imageId, image.storageKey, width, format, cacheKey).finally(() => inFlight.delete(cacheKey));
          inFlight.set(cacheKey, pending);
        }
        body = await pending;
      }
      return reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-media-cache', cached ? 'hit' : 'miss')
        .type(CONTENT_TYPES[format])
        .send(body);
    },
  );
};
