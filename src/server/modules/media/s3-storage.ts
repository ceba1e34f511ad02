import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertMediaKey, isMediaKey, type MediaStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Cloudflare R2, DigitalOcean Spaces…); AWS when unset. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name: what most S3-compatible servers need. */
  forcePathStyle?: boolean;
  /** Without these, the AWS SDK's usual chain (environment, instance role) provides credentials. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, so one bucket can hold several shops or environments. */
  prefix?: string;
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * Media in an S3-compatible bucket, through the AWS SDK v3. A missing object is null, as with the
 * local folder; every other failure (network, credentials, a missing bucket) is thrown with the
 * key in its message. PutObject is atomic: a reader sees the old object or the new one.
 */
export function createS3MediaStorage(options: S3StorageOptions): MediaStorage & { close(): void } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
  const prefix = options.prefix ? options.prefix.replace(/\/+$/, '') + '/' : '';
  const keyOf = (key: string) => {
    assertMediaKey(key);
    return prefix + key;
  };
  const failed = (what: string, key: string, error: unknown) =>
    new Error(`Media storage (S3 bucket ${options.bucket}) could not ${what} ${key}: ${(error as Error).message}`, { cause: error });

  return {
    driver: 's3',
    async put(key, data, putOptions) {
      const Key = keyOf(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: options.bucket, Key, Body: data, ContentType: putOptions?.contentType }));
      } catch (error) {
        throw failed('write', key, error);
      }
    },
    async get(key) {
      const Key = keyOf(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw failed('read', key, error);
      }
    },
    async has(key) {
      const Key = keyOf(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key }));
        return true;
      } catch (error) {
        if (isMissing(error) || (error as { name?: string }).name === 'NotFound') return false;
        throw failed('find', key, error);
      }
    },
    async delete(key) {
      const Key = keyOf(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw failed('delete', key, error);
      }
    },
    async *list(listPrefix) {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket: options.bucket, Prefix: prefix + listPrefix })) {
          for (const object of page.Contents ?? []) {
            const key = object.Key?.slice(prefix.length);
            if (key && isMediaKey(key)) yield key;
          }
        }
      } catch (error) {
        throw failed('list', listPrefix || 'its files', error);
      }
    },
    close: () => client.destroy(),
  };
}
