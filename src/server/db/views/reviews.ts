import { isNull, sql } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { productReviews } from '../schema/reviews';

/**
 * Published by the reviews module: how many reviews of a product gave each rating (the product page's breakdown).
 * Reviews hidden by an admin are not counted, as they are not in the product's average either.
 */
export const ratingCounts = pgView('rating_counts').as((qb) =>
  qb
    .select({ productId: productReviews.productId, rating: productReviews.rating, count: sql<number>`count(*)::int`.as('count') })
    .from(productReviews)
    .where(isNull(productReviews.hiddenAt))
    .groupBy(productReviews.productId, productReviews.rating),
);
