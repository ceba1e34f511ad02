import { returnDeadline } from '~/shared/orders';
import { MAX_RETURN_PHOTOS, type ReturnPhoto } from '~/shared/schemas/return-photos';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MediaService } from '../media/media.service';
import { ORDER_NOT_FOUND } from '../orders/order-rules';
import type { OrderSteps } from '../orders/order-steps';
import { toReturnPhoto } from '../orders/order-views';
import * as repo from './return-photos.repo';

export type { ReturnPhotoViewer } from './return-photos.repo';

/** How long a photo uploaded but never attached to a return is kept before the sweep removes it. */
const UNATTACHED_KEPT_MS = 24 * 3_600_000;
const PHOTO_NOT_FOUND = 'There is no such photo of this order.';

const tooMany = () => {
  const message = `A return can have at most ${MAX_RETURN_PHOTOS} photos. Remove one to add another.`;
  return new AppError('VALIDATION', message, { fields: { file: message } });
};

/**
 * Attaches the customer's uploaded photos named by a return request, in its transaction; the number
 * attached. VALIDATION when one is not among the customer's pending photos of this order.
 */
export async function attachReturnPhotos(tx: Executor, orderId: string, userId: string, ids: readonly string[], at: Date) {
  const attached = await repo.attachPhotos(tx, orderId, userId, ids, at);
  if (attached !== ids.length) {
    const message = 'A photo could not be found: it may have been removed. Add it again, or send the request without it.';
    throw new AppError('VALIDATION', message, { fields: { photoIds: message } });
  }
  return attached;
}

/**
 * Photos sent with a return request (decision 50): the customer uploads each one first (checked and
 * kept by the media module), the return request attaches them by id. Until then a photo is its
 * uploader's alone, and one never attached is swept after a day. Who may see a photo is decided in
 * SQL (return-photos.repo.ts).
 */
export function createReturnPhotos(deps: {
  db: Database;
  media: Pick<MediaService, 'storeReturnPhoto' | 'renditionOfStored' | 'discardStored'>;
  orders: Pick<OrderSteps, 'find'>;
}) {
  const { db, media, orders } = deps;

  /** The customer's own order, or undefined (another customer's is none). */
  async function ownOrder(userId: string, orderId: string) {
    const order = await orders.find(db, orderId);
    return order?.userId === userId ? order : undefined;
  }

  /** The customer's own order, which must be open for a return request now. */
  async function openForReturn(userId: string, orderId: string, now: Date) {
    const order = await ownOrder(userId, orderId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const deadline = returnDeadline(order.deliveredAt, order.returnWindowDays);
    if (order.status !== 'delivered' || !deadline || now > deadline) {
      throw new AppError('CONFLICT', 'Photos are added while asking for a return of a delivered order, within its return window.');
    }
    return order;
  }

  return {
    /** Keeps a photo for the customer's return request (not part of it until the request names it). */
    async upload(userId: string, orderId: string, bytes: Buffer, now = new Date()): Promise<ReturnPhoto> {
      await openForReturn(userId, orderId, now);
      if ((await repo.countPending(db, orderId, userId)) >= MAX_RETURN_PHOTOS) throw tooMany();
      const stored = await media.storeReturnPhoto(orderId, bytes);
      try {
        return await db.transaction(async (tx) => {
          await repo.lockPhotosOf(tx, orderId);
          if ((await repo.countPending(tx, orderId, userId)) >= MAX_RETURN_PHOTOS) throw tooMany();
          const row = {
            id: stored.imageId,
            orderId,
            uploadedBy: userId,
            storageKey: stored.storageKey,
            width: stored.width,
            height: stored.height,
            createdAt: now,
          };
          await repo.insertPhoto(tx, row);
          return toReturnPhoto(row);
        });
      } catch (error) {
        await media.discardStored(stored.imageId, stored.storageKey).catch(() => undefined);
        throw error;
      }
    },

    /** The customer's photos of an order uploaded for a return not asked for yet (NOT_FOUND for another's order). */
    async pending(userId: string, orderId: string): Promise<ReturnPhoto[]> {
      if (!(await ownOrder(userId, orderId))) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      return (await repo.pendingPhotos(db, orderId, userId)).map(toReturnPhoto);
    },

    /** Removes one of the customer's photos not yet attached; one sent with a return stays with it. */
    async remove(userId: string, orderId: string, photoId: string): Promise<void> {
      const row = await repo.deletePending(db, orderId, userId, photoId);
      if (!row) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
      await media.discardStored(row.id, row.storageKey);
    },

    /** A photo at a width (`320.webp`) for a viewer who may see it; NOT_FOUND for anyone else. */
    async rendition(
      orderId: string,
      photoId: string,
      file: string,
      viewer: repo.ReturnPhotoViewer,
      options: Parameters<MediaService['renditionOfStored']>[3],
    ) {
      const photo = await repo.findVisiblePhoto(db, orderId, photoId, viewer);
      if (!photo) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
      return media.renditionOfStored(photo.id, photo, file, options);
    },

    /** Removes photos uploaded more than a day ago and never attached to a return (the worker, hourly). */
    async sweep(now = new Date()): Promise<{ removed: number }> {
      const rows = await repo.deleteUnattachedBefore(db, new Date(now.getTime() - UNATTACHED_KEPT_MS), 500);
      await Promise.allSettled(rows.map((row) => media.discardStored(row.id, row.storageKey)));
      return { removed: rows.length };
    },
  };
}

export type ReturnPhotos = ReturnType<typeof createReturnPhotos>;
