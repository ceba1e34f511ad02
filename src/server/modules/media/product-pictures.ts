import { isAddressOfPicture } from '~/shared/catalogue';
import { MAX_PRODUCT_PICTURES } from '~/shared/schemas/vendor-products';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../jobs/job-queue';
import { PictureFetchError, type FetchPicture } from './fetch-picture';
import * as repo from './media.repo';
import type { PictureFiles } from './picture-files';
import type { MediaStorage } from './storage';

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

/** Thrown inside `addPicture`'s transaction when the address became one of the product's pictures meanwhile. */
class AlreadyThere extends Error {}

/** A product's pictures: their rows in order, added (an upload or an address of a CSV), reordered and removed. */
export function createProductPictures(deps: {
  db: Database;
  storage: Pick<MediaStorage, 'delete'>;
  jobs: Pick<JobQueue, 'add'>;
  files: Pick<PictureFiles, 'storeOriginal' | 'removeFiles'>;
  fetchPicture: FetchPicture;
  publicUrl: string;
}) {
  const { db, storage, jobs, files } = deps;

  const pictures = {
    /** Records pictures of a product (in the caller's transaction, with the product's own writes). */
    addImages: (tx: Executor, rows: Parameters<typeof repo.insertImages>[1]) => repo.insertImages(tx, rows),

    /** Removes a picture: its row, its master and every resized copy. False when there was no such picture. */
    async deleteImage(imageId: string): Promise<boolean> {
      const row = await repo.deleteImageRow(db, imageId);
      if (!row) return false;
      await files.removeFiles(imageId, row.storageKey);
      return true;
    },

    /** A product's pictures in order; the first is its main picture. */
    picturesOf: (productId: string, tx: Executor = db) => repo.imagesOfProduct(tx, productId),

    /**
     * Adds a vendor's picture to a product, after the product's others: checked and stored as
     * `storeOriginal` does, at most MAX_PRODUCT_PICTURES (uploads at once queue on a per-product
     * lock, so the limit holds). Nothing stays stored when it is refused.
     */
    async addPicture(productId: string, bytes: Buffer, alt: string, sourceUrl: string | null = null): Promise<repo.ProductImageRow> {
      if ((await repo.imagesOfProduct(db, productId)).length >= MAX_PRODUCT_PICTURES) throw tooMany();
      const stored = await files.storeOriginal(productId, bytes);
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
        return { outcome: 'added', image: await pictures.addPicture(productId, bytes, alt, url) };
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
      await files.removeFiles(imageId, removed.storageKey);
      return true;
    },

    /**
     * Marks a picture as showing one configuration of its product (decision 70), or the model (null): the
     * caller checked the configuration is the product's. Undefined when the product has no such picture.
     */
    async setPictureVariant(
      productId: string,
      imageId: string,
      variantId: string | null,
      tx: Executor = db,
    ): Promise<repo.ProductImageRow | undefined> {
      return repo.setImageVariant(tx, productId, imageId, variantId);
    },
  };
  return pictures;
}
