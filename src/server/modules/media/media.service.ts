import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, isAddressOfPicture, type ImageFormat, type ImageWidth } from '~/shared/catalogue';
import { MAX_PRODUCT_PICTURES } from '~/shared/schemas/vendor-products';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './media.repo';
import {
  CONTENT_TYPES,
  encode,
  etagOf,
  matchesEtag,
  parseMediaFile,
  renditionFolder,
  renditionKey,
  resizedKeysOf,
  Semaphore,
} from './renditions';
import { PictureFetchError, type FetchPicture } from './fetch-picture';
import { returnPhotoMaster } from './return-photo-files';
import type { MediaStorage } from './storage';
import type { JobQueue } from '../jobs/job-queue';

/** How many resizes run at once; more wait their turn, so a burst of thumbnails cannot exhaust memory. */
const ENCODE_CONCURRENCY = 2;
/** Requests waiting for an encode beyond this many are answered 503 instead of piling up. */
const MAX_WAITING = 200;

/** The resized copies made when a picture is uploaded: what the pages' srcsets and the fallback ask for. */
const PREPARED_RENDITIONS = [
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

interface Logger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type Rendition = { status: 304; etag: string } | { status: 200; etag: string; body: Buffer; contentType: string; cached: boolean };

const tooMany = () => {
  const message = `A product can have at most ${MAX_PRODUCT_PICTURES} pictures. Delete one to add another.`;
  return new AppError('CONFLICT', message, { fields: { file: message } });
};
/** What came of a picture address (decision 61): added, already a picture of the product, or not added and why (for the seller). */
export type PictureFromUrl =
  { outcome: 'added'; image: repo.ProductImageRow } | { outcome: 'already' } | { outcome: 'refused'; reason: string };

export const PICTURE_URL_REASONS = {
  full: `The product already has ${MAX_PRODUCT_PICTURES} pictures`,
  unreadable: 'This is not a picture we can read',
} as const;

const notFound = (imageId: string) => new AppError('NOT_FOUND', `There is no product image ${imageId}.`);
const IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Thrown inside `addPicture`'s transaction when the address became one of the product's pictures meanwhile. */
class AlreadyThere extends Error {}

/**
 * Product pictures: the masters and their resized copies in the media storage (local folder or S3),
 * and the rows that say which product a picture belongs to. Resized copies are made on first request
 * (AVIF, WebP or JPEG at the widths the pages ask for), kept in the storage, and served with a
 * year-long immutable cache: an image id always shows the same picture.
 */
export function createMediaService(deps: {
  db: Database;
  storage: MediaStorage;
  jobs: JobQueue;
  /** Fetches a picture address a seller typed, safely (`fetch-picture.ts`). */
  fetchPicture: FetchPicture;
  /** PUBLIC_URL: the shop's own address of a picture counts as that picture. */
  publicUrl: string;
}) {
  const { db, storage, jobs } = deps;
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

  return {
    storage,

    /**
     * A picture at a width and format (`320.webp`), if `viewer` (by default anyone) may see it: 304
     * when the browser's copy matches, else the resized copy, made now if it was never asked for
     * (one encode however many ask at once). NOT_FOUND for unknown pictures and those the viewer
     * may not see.
     */
    async rendition(
      imageId: string,
      file: string,
      options: { ifNoneMatch?: string; log: Logger; ofProduct?: string; viewer?: repo.MediaViewer },
    ): Promise<Rendition> {
      const parsed = parseMediaFile(file);
      if (!IMAGE_ID.test(imageId)) throw notFound(imageId);
      // A product's own vendor sees its pictures whatever the product's status (`ofProduct`, after the ownership check).
      const image = options.ofProduct
        ? await repo.findImageOf(db, options.ofProduct, imageId)
        : await repo.findServableImage(db, imageId, options.viewer ?? { kind: 'anyone' });
      if (!image) throw notFound(imageId);
      return serve(imageId, image, parsed, options);
    },

    /**
     * A picture another module keeps the row of (a return photo: the orders module decides who sees it
     * and passes its master's key), at a width and format, resized and kept as product pictures are.
     */
    async renditionOfStored(
      imageId: string,
      master: { storageKey: string },
      file: string,
      options: { ifNoneMatch?: string; log: Logger },
    ): Promise<Rendition> {
      return serve(imageId, master, parseMediaFile(file), options);
    },

    putMaster,

    /**
     * The job `media.renditions`: makes the resized copies the pages ask for (AVIF and WebP at every
     * width, the JPEG fallback) of a picture just uploaded, so its first visitor does not wait for an
     * encode (~1 s for a large AVIF). Copies already kept are left; a picture deleted meanwhile is done.
     */
    async makeRenditions(imageId: string, log: Logger): Promise<{ made: number; kept: number }> {
      const image = await repo.findImage(db, imageId);
      if (!image) return { made: 0, kept: 0 };
      let made = 0;
      let kept = 0;
      for (const { width, format, ext } of PREPARED_RENDITIONS) {
        const key = renditionKey(imageId, width, ext);
        if ((await storage.get(key)) !== null) {
          kept += 1;
          continue;
        }
        await render(imageId, image, { width, format, key }, log);
        made += 1;
      }
      return { made, kept };
    },

    /**
     * A picture sent for a product (a vendor's upload): checked (a JPEG, PNG, WebP or AVIF we can
     * read, at most 10 MB, at least 600 × 450), turned upright, scaled to fit 2000 × 2000 and kept as
     * a WebP master. VALIDATION with the reason otherwise; nothing is stored then.
     */
    async storeOriginal(productId: string, bytes: Buffer): Promise<{ imageId: string; storageKey: string; width: number; height: number }> {
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
      const upright =
        (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
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
    },

    /** Records pictures of a product (in the caller's transaction, with the product's own writes). */
    addImages: (tx: Executor, rows: Parameters<typeof repo.insertImages>[1]) => repo.insertImages(tx, rows),

    /** Removes a picture: its row, its master and every resized copy. False when there was no such picture. */
    async deleteImage(imageId: string): Promise<boolean> {
      const row = await repo.deleteImageRow(db, imageId);
      if (!row) return false;
      await removeFiles(imageId, row.storageKey);
      return true;
    },

    /** A product's pictures in order; the first is its main picture. */
    picturesOf: (productId: string) => repo.imagesOfProduct(db, productId),

    /**
     * Adds a vendor's picture to a product, after the product's others: checked and stored as
     * `storeOriginal` does, at most MAX_PRODUCT_PICTURES (uploads at once queue on a per-product
     * lock, so the limit holds). Nothing stays stored when it is refused.
     */
    async addPicture(productId: string, bytes: Buffer, alt: string, sourceUrl: string | null = null): Promise<repo.ProductImageRow> {
      if ((await repo.imagesOfProduct(db, productId)).length >= MAX_PRODUCT_PICTURES) throw tooMany();
      const stored = await this.storeOriginal(productId, bytes);
      try {
        return await db.transaction(async (tx) => {
          await repo.lockPicturesOf(tx, productId);
          const existing = await repo.imagesOfProduct(tx, productId);
          if (existing.length >= MAX_PRODUCT_PICTURES) throw tooMany();
          // Fetched twice at once (two tries of one import): the first one in keeps it.
          if (sourceUrl !== null && isAddressOfPicture(deps.publicUrl, sourceUrl, existing)) throw new AlreadyThere();
          const row = {
            id: stored.imageId,
            productId,
            variantId: null,
            position: existing.length,
            storageKey: stored.storageKey,
            alt,
            width: stored.width,
            height: stored.height,
            sourceUrl,
            createdAt: new Date(),
          };
          await repo.insertImages(tx, [row]);
          // Its resized copies are made by the worker, now, rather than by its first visitor.
          await jobs.add(tx, 'media.renditions', { imageId: row.id, productId }, { maxAttempts: 5 });
          return row;
        });
      } catch (error) {
        await storage.delete(stored.storageKey).catch(() => undefined);
        throw error;
      }
    },

    /**
     * Adds the picture at a web address to a product, after its others (a CSV import's
     * `picture_urls`, decision 61): nothing when the address is already one of its pictures (the
     * address it was fetched from, or the shop's own address of it), refused with a reason the seller
     * reads when the product has 8 pictures, the address cannot be fetched safely (`fetch-picture.ts`)
     * or what it sends is not a picture `storeOriginal` accepts. Faults of the shop are thrown.
     */
    async addPictureFromUrl(productId: string, url: string, alt: string): Promise<PictureFromUrl> {
      const existing = await repo.imagesOfProduct(db, productId);
      if (isAddressOfPicture(deps.publicUrl, url, existing)) return { outcome: 'already' };
      if (existing.length >= MAX_PRODUCT_PICTURES) return { outcome: 'refused', reason: PICTURE_URL_REASONS.full };
      let bytes: Buffer;
      try {
        bytes = await deps.fetchPicture(url);
      } catch (error) {
        if (error instanceof PictureFetchError) return { outcome: 'refused', reason: error.reason };
        throw error;
      }
      try {
        return { outcome: 'added', image: await this.addPicture(productId, bytes, alt, url) };
      } catch (error) {
        if (error instanceof AlreadyThere) return { outcome: 'already' };
        if (error instanceof AppError && error.code === 'CONFLICT') return { outcome: 'refused', reason: PICTURE_URL_REASONS.full };
        if (error instanceof AppError && error.code === 'VALIDATION') {
          // storeOriginal's reasons name "this file" and what to send instead; the seller sent an address.
          const reason = error.message.startsWith('This file is not a picture') ? PICTURE_URL_REASONS.unreadable : error.message;
          return { outcome: 'refused', reason };
        }
        throw error;
      }
    },

    /** Puts a product's pictures in the order given (every one of them, once); the first becomes the main picture. */
    async reorderPictures(productId: string, ids: readonly string[]): Promise<repo.ProductImageRow[]> {
      return db.transaction(async (tx) => {
        await repo.lockPicturesOf(tx, productId);
        const existing = await repo.imagesOfProduct(tx, productId);
        const same = ids.length === existing.length && new Set(ids).size === ids.length && existing.every((i) => ids.includes(i.id));
        if (!same) {
          throw new AppError('VALIDATION', 'Send every picture of this product once, in the new order.', {
            fields: { ids: 'Send every picture of this product once, in the new order.' },
          });
        }
        await repo.setPositions(tx, productId, ids);
        return repo.imagesOfProduct(tx, productId);
      });
    },

    /** Deletes one of a product's pictures with its master and every resized copy; the others close up. False when it has no such picture. */
    async removePicture(productId: string, imageId: string): Promise<boolean> {
      const removed = await db.transaction(async (tx) => {
        await repo.lockPicturesOf(tx, productId);
        const row = await repo.deleteImageOf(tx, productId, imageId);
        if (row) {
          const rest = await repo.imagesOfProduct(tx, productId);
          await repo.setPositions(
            tx,
            productId,
            rest.map((i) => i.id),
          );
        }
        return row;
      });
      if (!removed) return false;
      await removeFiles(imageId, removed.storageKey);
      return true;
    },

    /**
     * A photo sent with a return (decision 50): checked by decoding it and kept as a WebP master under
     * `returns/{orderId}/`; the orders module writes its row. VALIDATION with the reason otherwise,
     * and nothing is stored then.
     */
    async storeReturnPhoto(
      orderId: string,
      bytes: Buffer,
    ): Promise<{ imageId: string; storageKey: string; width: number; height: number }> {
      const master = await returnPhotoMaster(bytes, (task) => encodes.run(task));
      const imageId = newId('rph');
      const storageKey = `returns/${orderId}/${imageId}.webp`;
      await storage.put(storageKey, master.data, { contentType: 'image/webp' });
      return { imageId, storageKey, width: master.width, height: master.height };
    },

    /** Removes a picture kept for another module (a return photo): its master and every resized copy. */
    async discardStored(imageId: string, storageKey: string): Promise<void> {
      await removeFiles(imageId, storageKey);
    },

    /**
     * Removes pictures kept for another module once the caller's transaction, which deletes their
     * rows, commits (decision 55): the job `media.discard` is queued in that transaction, so it runs
     * only if the rows are gone, and it is tried again until the files are. No row is ever left
     * pointing at a removed file, and no file outlives its row for longer than the job's retries.
     */
    async discardAfterCommit(tx: Executor, files: readonly { id: string; storageKey: string }[]): Promise<void> {
      if (files.length === 0) return;
      await jobs.add(tx, 'media.discard', { files: files.map((f) => ({ imageId: f.id, storageKey: f.storageKey })) });
    },

    /** The job `media.discard`: every file of the pictures named, masters and resized copies; fails (to be tried again) if one could not be removed. */
    async discardAll(files: readonly { imageId: string; storageKey: string }[]): Promise<void> {
      await Promise.all(files.map((f) => this.discardStored(f.imageId, f.storageKey)));
    },

    /** Removes stored files whose rows were never written (a failed seed or upload). */
    discardFiles: (keys: readonly string[]) => Promise.allSettled(keys.map((key) => storage.delete(key))),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
