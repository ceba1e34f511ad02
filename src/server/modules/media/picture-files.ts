import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, type ImageFormat, type ImageWidth } from '~/shared/catalogue';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import {
  CONTENT_TYPES,
  encode,
  etagOf,
  matchesEtag,
  type parseMediaFile,
  renditionFolder,
  renditionKey,
  resizedKeysOf,
  Semaphore,
} from './renditions';
import type { MediaStorage } from './storage';

/** How many resizes run at once; more wait their turn, so a burst of thumbnails cannot exhaust memory. */
const ENCODE_CONCURRENCY = 2;
/** Requests waiting for an encode beyond this many are answered 503 instead of piling up. */
const MAX_WAITING = 200;

/** The resized copies made when a picture is uploaded: what the pages' srcsets and the fallback ask for. */
export const PREPARED_RENDITIONS = [
  ...IMAGE_WIDTHS.flatMap((width) => [
    { width, format: 'avif' as const, ext: 'avif' },
    { width, format: 'webp' as const, ext: 'webp' },
  ]),
  { width: 640 as const, format: 'jpeg' as const, ext: 'jpg' },
];

/** What a picture sent by a vendor must be (checked before anything is stored). */
export const ORIGINAL_RULES = {
  maxBytes: 10 * 1024 * 1024,
  minWidth: 600,
  minHeight: 450,
  /** Larger pictures are scaled down to fit this box for the master. */
  masterBox: 2000,
  formats: ['jpeg', 'png', 'webp', 'avif', 'heif'] as readonly string[],
};

export interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type Rendition = { status: 304; etag: string } | { status: 200; etag: string; body: Buffer; contentType: string; cached: boolean };

export const notFound = (imageId: string) => new AppError('NOT_FOUND', `There is no product image ${imageId}.`);

/**
 * The pictures' files in the media storage: masters checked and kept, resized copies made one encode at a
 * time per picture and size (however many ask at once) and kept, and every file of a picture removed.
 */
export function createPictureFiles(deps: { storage: MediaStorage }) {
  const { storage } = deps;
  // libvips: no operation cache (every resize is different and is kept as a file instead), and one
  // thread per image; parallelism comes from the semaphore.
  sharp.cache(false);
  sharp.concurrency(1);
  const encodes = new Semaphore(ENCODE_CONCURRENCY);
  const inFlight = new Map<string, Promise<Buffer>>();

  async function render(
    imageId: string,
    master: { storageKey: string },
    target: { width: ImageWidth; format: ImageFormat; key: string },
    log: Logger,
  ): Promise<Buffer> {
    const original = await storage.get(master.storageKey);
    if (!original) {
      log.error({ imageId, storageKey: master.storageKey }, 'a picture master is missing from the media storage');
      throw notFound(imageId);
    }
    const output = await encodes.run(() =>
      encode(
        sharp(original, { failOn: 'error' }).rotate().resize({ width: target.width, fit: 'inside', withoutEnlargement: true }),
        target.format,
      ).toBuffer(),
    );
    try {
      await storage.put(target.key, output, { contentType: CONTENT_TYPES[target.format] });
      // Deleted while it was being made: its deletion removed the master first, then the copies it found, maybe before this one.
      if (!(await storage.has(master.storageKey))) await storage.delete(target.key);
    } catch (error) {
      // Serving the picture matters more than keeping it: the next request encodes it again.
      log.warn({ err: error, key: target.key }, 'could not keep a resized product image');
    }
    return output;
  }

  /**
   * Every file of a picture, in every driver: the master first, then each resized copy found under
   * its folder (with the ones it may have, for a storage that lists late). A copy made while this
   * runs sees the master gone and removes itself (`render`).
   */
  async function removeFiles(imageId: string, storageKey: string): Promise<void> {
    await storage.delete(storageKey);
    const keys = new Set(resizedKeysOf(imageId));
    for await (const key of storage.list(renditionFolder(imageId))) keys.add(key);
    await Promise.all([...keys].map((key) => storage.delete(key)));
  }

  /** Keeps a WebP master made by the shop itself (the demo pictures); returns the new picture's id and key. */
  async function putMaster(productId: string, webp: Buffer): Promise<{ imageId: string; storageKey: string }> {
    const imageId = newId('img');
    const storageKey = `products/${productId}/${imageId}.webp`;
    await storage.put(storageKey, webp, { contentType: 'image/webp' });
    return { imageId, storageKey };
  }

  /** 304 when the browser's copy matches, else the resized copy, made now if it was never asked for (one encode however many ask at once). */
  async function serve(
    imageId: string,
    image: { storageKey: string },
    { width, format, ext }: ReturnType<typeof parseMediaFile>,
    options: { ifNoneMatch?: string; log: Logger },
  ): Promise<Rendition> {
    const etag = etagOf(image.storageKey, width, ext);
    if (matchesEtag(options.ifNoneMatch, etag)) return { status: 304, etag };

    const key = renditionKey(imageId, width, ext);
    let body = await storage.get(key);
    const cached = body !== null;
    if (!body) {
      let pending = inFlight.get(key);
      if (!pending) {
        if (encodes.queued >= MAX_WAITING) {
          throw new AppError('UNAVAILABLE', 'Too many pictures are being prepared right now. Please try again.', {
            retryAfterSeconds: 2,
          });
        }
        pending = render(imageId, image, { width, format, key }, options.log).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      body = await pending;
    }
    return { status: 200, etag, body, contentType: CONTENT_TYPES[format], cached };
  }

  /**
   * A picture sent for a product (a vendor's upload): checked (a JPEG, PNG, WebP or AVIF we can
   * read, at most 10 MB, at least 600 × 450), turned upright, scaled to fit 2000 × 2000 and kept as
   * a WebP master. VALIDATION with the reason otherwise; nothing is stored then.
   */
  async function storeOriginal(
    productId: string,
    bytes: Buffer,
  ): Promise<{ imageId: string; storageKey: string; width: number; height: number }> {
    const refuse = (message: string) => new AppError('VALIDATION', message, { fields: { file: message } });
    if (bytes.length > ORIGINAL_RULES.maxBytes) throw refuse('The picture is larger than 10 MB. Please send a smaller one.');
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
    } catch {
      throw refuse('This file is not a picture we can read. Send a JPEG, PNG, WebP or AVIF.');
    }
    if (!meta.format || !ORIGINAL_RULES.formats.includes(meta.format)) {
      throw refuse(`Pictures must be JPEG, PNG, WebP or AVIF, not ${meta.format ?? 'this format'}.`);
    }
    const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    if (!upright.width || !upright.height || upright.width < ORIGINAL_RULES.minWidth || upright.height < ORIGINAL_RULES.minHeight) {
      throw refuse(`The picture is ${upright.width ?? 0} × ${upright.height ?? 0} pixels; it must be at least 600 × 450.`);
    }
    const { data, info } = await encodes.run(() =>
      sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: ORIGINAL_RULES.masterBox, height: ORIGINAL_RULES.masterBox, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 86, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
    );
    const stored = await putMaster(productId, data);
    return { ...stored, width: info.width, height: info.height };
  }

  return { encodes, render, removeFiles, putMaster, serve, storeOriginal };
}

export type PictureFiles = ReturnType<typeof createPictureFiles>;
