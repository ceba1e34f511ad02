/**
 * Where media files live, by key (`products/prd_x/img_y.webp`, `cache/img_y/320.avif`): a folder on
 * this machine (local-storage.ts) or an S3-compatible bucket (s3-storage.ts), chosen by MEDIA_STORAGE.
 * Small on purpose: every driver passes the same contract tests (storage.unit.test.ts).
 */
export interface MediaStorage {
  /** Which driver this is, for logs and /api/health. */
  readonly driver: 'local' | 's3';
  /** Writes the file whole (a reader never sees half of it); replaces what the key held. */
  put(key: string, data: Buffer, options?: { contentType?: string }): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Whether there is a file at the key, without reading it. */
  has(key: string): Promise<boolean>;
  /** Removes the file (and, in a folder, the folders it leaves empty); removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` (`''`: all), in no particular order: what a backup copies (decision 30). */
  list(prefix: string): AsyncIterable<string>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Throws unless the key is relative segments of letters, digits, `.`, `_` and `-`, none
 * starting with a dot: no `..`, no absolute paths, no backslashes, nothing hidden.
 */
export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Invalid media key "${key}"`);
}

/** Whether a key is one the drivers accept (see assertMediaKey). */
export function isMediaKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && key.split('/').every((s) => SEGMENT.test(s));
}
