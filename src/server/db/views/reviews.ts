import { sql } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { productReviews } from '../schema/reviews';

/** Published by the reviews module: how many reviews of a product gave each rating (the product page's breakdown). */
export const ratingCounts = pgView('rating_counts').as((qb) =>
  qb
    .select({ productId: productReviews.productId, rating: productReviews.rating, count: sql<number>`count(*)::int`.as('count') })
    .from(productReviews)
    .groupBy(productReviews.productId, productReviews.rating),
);
