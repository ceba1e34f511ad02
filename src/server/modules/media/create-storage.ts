import type { Config } from '../../config/env';
import { createLocalMediaStorage } from './local-storage';
import { createS3MediaStorage } from './s3-storage';
import type { MediaStorage } from './storage';

/** The media storage the configuration names: the MEDIA_DIR folder, or an S3-compatible bucket. */
export function createMediaStorage(config: Config): MediaStorage & { close?(): void } {
  if (config.MEDIA_STORAGE === 'local') return createLocalMediaStorage(config.MEDIA_DIR);
  return createS3MediaStorage({
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  });
}
