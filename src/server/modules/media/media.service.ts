import type { Database } from '../../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { FetchPicture } from './fetch-picture';
import * as repo from './media.repo';
import { createPictureFiles, notFound, PREPARED_RENDITIONS, type Logger, type Rendition } from './picture-files';
import { createProductPictures } from './product-pictures';
import { parseMediaFile, renditionKey } from './renditions';
import type { MediaStorage } from './storage';
import { createStoredFiles } from './stored-files';

export { ORIGINAL_RULES, type Rendition } from './picture-files';
export { PICTURE_URL_REASONS, type PictureFromUrl } from './product-pictures';

const IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

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
  const files = createPictureFiles({ storage });
  const { render, putMaster, serve } = files;

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

    storeOriginal: files.storeOriginal,

    ...createProductPictures({ db, storage, jobs, files, fetchPicture: deps.fetchPicture, publicUrl: deps.publicUrl }),
    ...createStoredFiles({ storage, jobs, files }),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
