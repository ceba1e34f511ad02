import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { Config } from '../config/env';

export interface TestS3 {
  /** The app's settings for the bucket (MEDIA_STORAGE=s3 and S3_*). */
  config: Partial<Config>;
  /** A folder of the test's own, removed by `stop` (the S3 server keeps its objects in a part of it). */
  folder: string;
  stop(): Promise<void>;
}

/** A local S3-compatible server (s3rver, the maintained @20minutes fork) on a free loopback port, with one bucket. */
export async function startTestS3(bucket = 'shop-media'): Promise<TestS3> {
  const folder = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    // See S3rverOptions.allowMismatchedSignatures (src/server/test/s3rver.d.ts).
    allowMismatchedSignatures: true,
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(folder, 'objects'),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: true,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    folder,
    async stop() {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
