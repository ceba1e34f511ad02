import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, isMediaKey, type MediaStorage } from './storage';

/** Media in a folder on this machine. Writes go to a temporary file renamed into place, so a reader never sees half a file. */
export function createLocalMediaStorage(rootDir: string): MediaStorage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertMediaKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`Invalid media key "${key}"`);
    return file;
  };

  return {
    driver: 'local',
    async put(key, data) {
      const file = fileOf(key);
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      // A delete of the folder's last file removes the folder: one made again at once is written into.
      for (let attempt = 1; ; attempt++) {
        await mkdir(path.dirname(file), { recursive: true });
        try {
          await writeFile(temp, data);
          await rename(temp, file);
          return;
        } catch (error) {
          await rm(temp, { force: true });
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
        }
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
    async has(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return false;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // The folders the file leaves empty go too (a picture's `cache/img_x/`), up to the root; one still in use stays.
      for (let dir = path.dirname(file); dir !== root; dir = path.dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
      }
    },
    async *list(prefix) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        // A write under way (`….tmp`) is not a file yet; files the driver would refuse are not media.
        if (key.startsWith(prefix) && !key.endsWith('.tmp') && isMediaKey(key)) yield key;
      }
    },
  };
}
