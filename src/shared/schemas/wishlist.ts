import { z } from 'zod';

/** Most products one customer can keep on the wishlist. */
export const MAX_WISHLIST_ITEMS = 200;

/** `/api/wishlist/:productId`. An id of no product is answered with 404, not a validation error. */
export const wishlistProductParamsSchema = z.strictObject({
  productId: z.string().min(1, 'Give a product id').max(60, 'Not a product id'),
});
export type WishlistProductParams = z.output<typeof wishlistProductParamsSchema>;
