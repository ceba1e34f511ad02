import sharp, { type Metadata } from 'sharp';
import { MAX_RETURN_PHOTO_BYTES } from '~/shared/schemas/return-photos';
import { AppError } from '../../lib/app-error';

/**
 * Whether this machine's libvips reads HEIC (HEVC inside HEIF). The prebuilt sharp reads AVIF only,
 * so an iPhone's HEIC is refused with a way out rather than taken and failing later (decision 50).
 */
export const READS_HEIC = (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');

/** What a photo sent with a return must be; checked by decoding it, never by its name or type. */
export const RETURN_PHOTO_RULES = {
  maxBytes: MAX_RETURN_PHOTO_BYTES,
  /** Smaller than this, a seller cannot make out a serial number or a crack. */
  minSide: 200,
  /** Larger photos are scaled down to fit this box for the master. */
  masterBox: 2000,
  formats: ['jpeg', 'png', 'webp', 'heif'] as readonly string[],
};

const KINDS = READS_HEIC ? 'JPEG, PNG, WebP or HEIC' : 'JPEG, PNG or WebP';
const INPUT = { failOn: 'error', limitInputPixels: 50_000_000 } as const;
const refuse = (message: string) => new AppError('VALIDATION', message, { fields: { file: message } });

/**
 * A customer's photo checked and made into the master kept: a JPEG, PNG, WebP (or HEIC, when the
 * library reads it) of at most 10 MB and at least 200 × 200, turned upright, scaled to fit 2000 ×
 * 2000 and re-encoded as WebP, which leaves out its metadata (the camera's GPS position among it).
 * VALIDATION with the reason a customer can act on otherwise. `run` queues the encode.
 */
export async function returnPhotoMaster(
  bytes: Buffer,
  run: <T>(task: () => Promise<T>) => Promise<T>,
): Promise<{ data: Buffer; width: number; height: number }> {
  if (bytes.length > RETURN_PHOTO_RULES.maxBytes) throw refuse('The photo is larger than 10 MB. Please send a smaller one.');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, INPUT).metadata();
  } catch {
    throw refuse(`This file is not a photo we can read. Send a ${KINDS} photo.`);
  }
  if (!meta.format || !RETURN_PHOTO_RULES.formats.includes(meta.format)) {
    throw refuse(`Photos must be ${KINDS}, not ${meta.format ?? 'this format'}.`);
  }
  const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  const { minSide } = RETURN_PHOTO_RULES;
  if (!upright.width || !upright.height || upright.width < minSide || upright.height < minSide) {
    throw refuse(
      `The photo is ${upright.width ?? 0} × ${upright.height ?? 0} pixels; send one at least ${minSide} × ${minSide} so the item can be seen.`,
    );
  }
  try {
    const { data, info } = await run(() =>
      sharp(bytes, INPUT)
        .rotate()
        .resize({ width: RETURN_PHOTO_RULES.masterBox, height: RETURN_PHOTO_RULES.masterBox, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { data, width: info.width, height: info.height };
  } catch {
    // The header read but the picture does not decode: an HEIC (HEVC) photo here, or a broken file.
    throw refuse(
      meta.format === 'heif' && meta.compression === 'hevc'
        ? 'We cannot read HEIC photos yet. Send it as a JPEG: on an iPhone, choose Settings › Camera › Formats › Most Compatible, or share the photo as JPEG.'
        : `This photo is damaged or incomplete. Send a ${KINDS} photo.`,
    );
  }
}
