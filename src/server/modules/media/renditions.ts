import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { IMAGE_WIDTHS, type ImageFormat, type ImageWidth } from '~/shared/catalogue';
import { AppError } from '../../lib/app-error';

/** The resized copies of a picture: which widths and formats are made, their names, keys and ETags. */

export const CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const EXTENSIONS: Record<string, ImageFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };

/** Encoder settings per format: good for photographs of products, quick enough to make on first request. */
export function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 1 });
    case 'webp':
      return pipeline.webp({ quality: 78, effort: 4 });
    case 'jpeg':
      return pipeline.jpeg({ quality: 80, mozjpeg: false, progressive: true });
  }
}

/** Parses `320.webp` into a width the route serves and a format; throws a 400 that says what is allowed. */
export function parseMediaFile(file: string): { width: ImageWidth; format: ImageFormat; ext: string } {
  const match = /^(\d{1,5})\.([a-z]{3,4})$/.exec(file);
  const allowed = `Ask for {width}.{avif|webp|jpg} with a width of ${IMAGE_WIDTHS.join(', ')}.`;
  if (!match) throw new AppError('VALIDATION', `"${file}" is not an image size and format. ${allowed}`, { fields: { file: allowed } });
  const width = Number(match[1]);
  const ext = match[2] as string;
  const format = Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
  if (!format) {
    throw new AppError('VALIDATION', `Images come as avif, webp or jpg, not ${ext}. ${allowed}`, {
      fields: { file: 'Unsupported format' },
    });
  }
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    throw new AppError('VALIDATION', `Images come ${IMAGE_WIDTHS.join(', ')} pixels wide, not ${width}. ${allowed}`, {
      fields: { file: 'Unsupported width' },
    });
  }
  return { width: width as ImageWidth, format, ext };
}

/** The folder of a picture's resized copies in the media storage, and where each is kept. */
export const renditionFolder = (imageId: string) => `cache/${imageId}/`;
export const renditionKey = (imageId: string, width: number, ext: string) => `${renditionFolder(imageId)}${width}.${ext}`;

/** Every key a picture's resized copies may have: deleted with the picture. */
export function resizedKeysOf(imageId: string): string[] {
  return IMAGE_WIDTHS.flatMap((width) => Object.keys(EXTENSIONS).map((ext) => renditionKey(imageId, width, ext)));
}

/** The ETag of a resized copy: the same master, width and format always give the same tag. */
export function etagOf(storageKey: string, width: number, ext: string): string {
  return `"${createHash('sha256').update(`${storageKey}|${width}|${ext}|v1`).digest('base64url').slice(0, 22)}"`;
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** A counting semaphore: at most `limit` tasks run at once, the rest wait in order. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  get queued(): number {
    return this.waiting.length;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
