import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media files live, by key (`products/prd_x/img_y.webp`, `cache/img_y/320.avif`).
 * Small on purpose, so an object store (S3 and the like) can stand in for the local folder.
 */
export interface MediaStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Throws unless the key is relative segments of letters, digits, `.`, `_` and `-`, none
 * starting with a dot: no `..`, no absolute paths, no backslashes, nothing hidden.
 */
export function assertMediaKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 300 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`Invalid media key "${key}"`);
  }
}

/** Media in a folder on this machine. Writes go to a temporary file renamed into place, so a reader never sees half a file. */
export function createLocalMediaStore(rootDir: string): MediaStore {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertMediaKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`Invalid media key "${key}"`);
    return file;
  };

  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return await readFile(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
