import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStorage } from './local-storage';
import { createS3MediaStorage } from './s3-storage';
import type { MediaStorage } from './storage';

/**
 * The contract every media storage driver keeps, run against the local folder and against a real
 * S3-compatible server (s3rver, in process on a free loopback port): the shop's code cannot tell
 * them apart.
 */
const folders: string[] = [];
async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  folders.push(dir);
  return dir;
}

let s3server: S3rver;
let s3endpoint: string;
const BUCKET = 'sahyadri-media';

beforeAll(async () => {
  s3server = new S3rver({
    // See S3rverOptions.allowMismatchedSignatures (src/server/test/s3rver.d.ts).
    allowMismatchedSignatures: true,
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await tempDir('s3rver'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3server.run();
  s3endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3server.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

const s3 = (options: { bucket?: string; prefix?: string } = {}) =>
  createS3MediaStorage({
    bucket: options.bucket ?? BUCKET,
    region: 'ap-south-1',
    endpoint: s3endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: options.prefix,
  });

const drivers: [string, () => Promise<MediaStorage>][] = [
  ['local folder', async () => createLocalMediaStorage(await tempDir('media-local'))],
  ['S3-compatible bucket', async () => s3()],
];

describe.each(drivers)('media storage contract: %s', (_name, make) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('keeps, returns, replaces and removes a file by key', async () => {
    const key = 'products/prd_abc/img_def.webp';
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('first'), { contentType: 'image/webp' });
    await storage.put(key, Buffer.from('second'), { contentType: 'image/webp' });
    expect((await storage.get(key))?.toString()).toBe('second');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('says whether a file is there without reading it', async () => {
    await storage.put('cache/img_has/320.webp', Buffer.from('x'));
    expect(await storage.has('cache/img_has/320.webp')).toBe(true);
    expect(await storage.has('cache/img_has/640.webp')).toBe(false);
    expect(await storage.has('cache/img_never')).toBe(false);
    await storage.delete('cache/img_has/320.webp');
    expect(await storage.has('cache/img_has/320.webp')).toBe(false);
  });

  it('deletes a missing file without an error', async () => {
    await expect(storage.delete('cache/img_never/320.webp')).resolves.toBeUndefined();
  });

  it('returns bytes exactly as written, whatever they are', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 37) % 256));
    await storage.put('cache/img_bin/1280.avif', bytes);
    expect(Buffer.compare((await storage.get('cache/img_bin/1280.avif'))!, bytes)).toBe(0);
  });

  it('keeps keys apart: one file never answers for another', async () => {
    await storage.put('cache/img_a/320.webp', Buffer.from('a'));
    await storage.put('cache/img_a/320.jpg', Buffer.from('b'));
    expect((await storage.get('cache/img_a/320.webp'))?.toString()).toBe('a');
    expect((await storage.get('cache/img_a/320.jpg'))?.toString()).toBe('b');
    expect(await storage.get('cache/img_a/320')).toBeNull();
  });

  it('lists every file under a folder, and nothing outside it', async () => {
    const folder = `products/prd_list${Date.now().toString(36)}`;
    await storage.put(`${folder}/img_1.webp`, Buffer.from('1'));
    await storage.put(`${folder}/img_2.webp`, Buffer.from('2'));
    await storage.put(`${folder}x/img_3.webp`, Buffer.from('3'));
    const listed: string[] = [];
    for await (const key of storage.list(`${folder}/`)) listed.push(key);
    expect(listed.sort()).toEqual([`${folder}/img_1.webp`, `${folder}/img_2.webp`]);
    const all: string[] = [];
    for await (const key of storage.list('')) all.push(key);
    expect(all).toEqual(expect.arrayContaining([`${folder}/img_1.webp`, `${folder}x/img_3.webp`]));
  });

  it.each(['../escape.webp', 'products/../../etc/passwd', '/etc/passwd', 'products//x.webp', '.hidden', 'a\\b.webp', 'cache/x/', ''])(
    'refuses the key %j before touching anything',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid media key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid media key/);
    },
  );
});

describe('local folder driver', () => {
  it('removes the folders a deleted file leaves empty, and keeps the ones still in use', async () => {
    const dir = await tempDir('media-local');
    const storage = createLocalMediaStorage(dir);
    await storage.put('cache/img_a/320.webp', Buffer.from('a'));
    await storage.put('cache/img_a/640.webp', Buffer.from('b'));
    await storage.put('cache/img_b/320.webp', Buffer.from('c'));
    await storage.delete('cache/img_a/320.webp');
    expect((await readdir(path.join(dir, 'cache'))).sort()).toEqual(['img_a', 'img_b']);
    await storage.delete('cache/img_a/640.webp');
    expect(await readdir(path.join(dir, 'cache'))).toEqual(['img_b']);
    await storage.delete('cache/img_b/320.webp');
    expect(await readdir(dir)).toEqual([]);
    // A file written into a folder just removed is kept.
    await storage.put('cache/img_a/320.webp', Buffer.from('again'));
    expect((await storage.get('cache/img_a/320.webp'))?.toString()).toBe('again');
  });

  it('writes through a temporary file renamed into place, leaving nothing else behind', async () => {
    const dir = await tempDir('media-local');
    const storage = createLocalMediaStorage(dir);
    await storage.put('products/prd_abc/img_def.webp', Buffer.from('whole'));
    expect(await readFile(path.join(dir, 'products', 'prd_abc', 'img_def.webp'), 'utf8')).toBe('whole');
    expect(await readdir(path.join(dir, 'products', 'prd_abc'))).toEqual(['img_def.webp']);
  });
});

describe('S3 driver', () => {
  it('stores under the prefix, so two shops can share a bucket', async () => {
    const pune = s3({ prefix: 'pune' });
    const vashi = s3({ prefix: 'vashi/' });
    await pune.put('products/prd_1/img_1.webp', Buffer.from('pune'));
    expect(await vashi.get('products/prd_1/img_1.webp')).toBeNull();
    expect((await s3().get('pune/products/prd_1/img_1.webp'))?.toString()).toBe('pune');
  });

  it('says which bucket and key failed when the bucket is missing or the server cannot be reached', async () => {
    await expect(s3({ bucket: 'no-such-bucket' }).put('products/p/i.webp', Buffer.from('x'))).rejects.toThrow(
      /S3 bucket no-such-bucket\) could not write products\/p\/i\.webp/,
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createS3MediaStorage({
      bucket: BUCKET,
      region: 'ap-south-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await expect(unreachable.get('products/p/i.webp')).rejects.toThrow(/could not read products\/p\/i\.webp/);
  });
});
