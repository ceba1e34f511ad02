import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import type { JobQueue } from '../jobs/job-queue';
import type { PictureFiles } from './picture-files';
import { returnPhotoMaster } from './return-photo-files';
import type { MediaStorage } from './storage';

/** Pictures another module keeps the rows of (a return's photos): stored, and removed with every resized copy. */
export function createStoredFiles(deps: {
  storage: MediaStorage;
  jobs: Pick<JobQueue, 'add'>;
  files: Pick<PictureFiles, 'encodes' | 'removeFiles'>;
}) {
  const { storage, jobs } = deps;
  const { encodes, removeFiles } = deps.files;

  const stored = {
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
      await Promise.all(files.map((f) => stored.discardStored(f.imageId, f.storageKey)));
    },

    /** Removes stored files whose rows were never written (a failed seed or upload). */
    discardFiles: (keys: readonly string[]) => Promise.allSettled(keys.map((key) => storage.delete(key))),
  };
  return stored;
}
