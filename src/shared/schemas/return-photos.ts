import { z } from 'zod';

/** How many photos a return request may carry (decision 50). */
export const MAX_RETURN_PHOTOS = 4;
/** The largest photo file taken, in bytes: a phone's full-size photo fits. */
export const MAX_RETURN_PHOTO_BYTES = 10 * 1024 * 1024;
/**
 * What the photo picker offers. The server decides by decoding each file, never by its name or type
 * (HEIC is taken when its image library reads it). HEIC is not offered: an iPhone then hands over a
 * JPEG instead of a file the server may not read.
 */
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The widths a return photo is served at: a thumbnail and a closer look. */
export const RETURN_PHOTO_WIDTHS = [320, 1280] as const;

/** A photo sent with a return request, as the customer, the order's sellers and the admins see it. */
export const returnPhotoSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;

/** POST /api/orders/{id}/return-photos answers with the photo kept (not yet part of a return). */
export const returnPhotoResponseSchema = z.object({ photo: returnPhotoSchema });
/** GET /api/orders/{id}/return-photos: the customer's photos uploaded for a return not yet asked for. */
export const returnPhotosResponseSchema = z.object({ photos: z.array(returnPhotoSchema) });

export const returnPhotoParamsSchema = z.strictObject({ orderId: z.string().min(1).max(64), photoId: z.string().min(1).max(64) });
export const returnPhotoFileParamsSchema = returnPhotoParamsSchema.extend({ file: z.string().min(1).max(16) });

/** The ids of the uploaded photos a return request attaches (optional: a return works without them). */
export const returnPhotoIdsSchema = z
  .array(z.string().min(1).max(64))
  .max(MAX_RETURN_PHOTOS, `A return can have at most ${MAX_RETURN_PHOTOS} photos`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each photo can be attached once');

/** Where a return photo is served at a width (WebP): the same address for every viewer, who the server checks. */
export const returnPhotoUrl = (orderId: string, photoId: string, width: (typeof RETURN_PHOTO_WIDTHS)[number] = 320) =>
  `/api/orders/${encodeURIComponent(orderId)}/return-photos/${encodeURIComponent(photoId)}/${width}.webp`;
