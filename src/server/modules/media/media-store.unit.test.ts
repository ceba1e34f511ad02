import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createLocalMediaStore, type MediaStore } from './media-store';
import { parseMediaFile, Semaphore } from './media.routes';

let dir: string;
let store: MediaStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-store-'));
  store = createLocalMediaStore(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('local media store', () => {
  it('keeps, returns, replaces and removes files by key', async () => {
    const key = 'products/prd_abc/img_def.webp';
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('first'));
    await store.put(key, Buffer.from('second'));
    expect((await store.get(key))?.toString()).toBe('second');
    expect(await readFile(path.join(dir, 'products', 'prd_abc', 'img_def.webp'), 'utf8')).toBe('second');
    // Written through a temporary file renamed into place: none is left behind.
    expect(await readdir(path.join(dir, 'products', 'prd_abc'))).toEqual(['img_def.webp']);
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it.each(['../escape.webp', 'products/../../etc/passwd', '/etc/passwd', 'products//x.webp', '.hidden', 'a\\b.webp', 'cache/x/', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid media key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid media key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid media key/);
    },
  );
});

describe('media file names', () => {
  it('reads a width and a format', () => {
    expect(parseMediaFile('320.webp')).toEqual({ width: 320, format: 'webp', ext: 'webp' });
    expect(parseMediaFile('1280.jpg')).toEqual({ width: 1280, format: 'jpeg', ext: 'jpg' });
    expect(parseMediaFile('160.avif')).toEqual({ width: 160, format: 'avif', ext: 'avif' });
  });

  it.each([
    ['333.webp', /not 333/],
    ['320.gif', /not gif/],
    ['320.jpeg', /not jpeg/],
    ['large.webp', /not an image size/],
    ['320', /not an image size/],
  ])('refuses %s with a 400 that says what is allowed', (file, message) => {
    let caught: unknown;
    try {
      parseMediaFile(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).statusCode).toBe(400);
    expect((caught as AppError).message).toMatch(message);
    expect((caught as AppError).message).toMatch(/160, 320, 480, 640, 960, 1280/);
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and all of them in the end', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate
          .run(async () => {
            running += 1;
            peak = Math.max(peak, running);
            await new Promise((resolve) => setTimeout(resolve, 5));
            running -= 1;
            if (i === 3) throw new Error('one task fails');
            return i;
          })
          .catch(() => -1),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, -1, 4, 5, 6]);
    expect(gate.queued).toBe(0);
  });
});
