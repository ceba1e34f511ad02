import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productReviews } from '../../db/schema/reviews';
import { productDirectory } from '../../db/views/catalogue';

/** A customer's reviews, newest first, with the product's name (hidden ones included: the admin sees them). */
export async function reviewsOfUser(db: Executor, userId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: productReviews.id,
        productId: productReviews.productId,
        productName: sql<string>`coalesce(${productDirectory.name}, '')`,
        rating: productReviews.rating,
        title: productReviews.title,
        createdAt: productReviews.createdAt,
        hiddenAt: productReviews.hiddenAt,
      })
      .from(productReviews)
      .leftJoin(productDirectory, eq(productDirectory.id, productReviews.productId))
      .where(eq(productReviews.userId, userId))
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(limit),
    db.select({ value: count() }).from(productReviews).where(eq(productReviews.userId, userId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Every review the customer wrote, with its text (the "Download my data" export). */
export async function allReviewsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productName: sql<string>`coalesce(${productDirectory.name}, '')`,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      createdAt: productReviews.createdAt,
      hiddenAt: productReviews.hiddenAt,
    })
    .from(productReviews)
    .leftJoin(productDirectory, eq(productDirectory.id, productReviews.productId))
    .where(eq(productReviews.userId, userId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}
