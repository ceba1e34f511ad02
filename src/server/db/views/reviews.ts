import { isNull, sql } from 'drizzle-orm';
import { doublePrecision, integer, pgView, text } from 'drizzle-orm/pg-core';
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

/**
 * Published by the reviews module: each seller's rating (decision 73), from the reviews its buyers wrote: a
 * review counts for a seller when its writer's order of that product from that seller was delivered (its
 * status delivered, or a return asked for or made since). Hidden reviews do not count. A seller no such review
 * names has no row; the product page calls a seller with fewer than `SELLER_RATING_MIN_REVIEWS` "New seller".
 */
export const sellerReviewRecord = pgView('seller_review_record', {
  vendorId: text('vendor_id').notNull(),
  reviews: integer('reviews').notNull(),
  average: doublePrecision('average').notNull(),
}).as(
  sql`select b.vendor_id, count(*)::int as reviews, avg(r.rating)::float8 as average
    from ${productReviews} r
    join (select distinct o.user_id, l.product_id, l.vendor_id from order_line_directory l
            join order_directory o on o.id = l.order_id
           where o.status in ('delivered', 'return_requested', 'returned', 'refunded') and l.quantity > l.cancelled_quantity) b
      on b.user_id = r.user_id and b.product_id = r.product_id
    where r.hidden_at is null
    group by b.vendor_id`,
);
