import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages } from '../../db/schema/media';
import { productDirectory } from '../../db/views/catalogue';

export type ProductImageRow = typeof productImages.$inferSelect;

/** Where the master of a picture is stored, only for pictures of active products (the catalogue's published status). */
export async function findServableImage(db: Executor, imageId: string): Promise<{ storageKey: string } | undefined> {
  const [row] = await db
    .select({ storageKey: productImages.storageKey })
    .from(productImages)
    .innerJoin(productDirectory, eq(productDirectory.id, productImages.productId))
    .where(and(eq(productImages.id, imageId), eq(productDirectory.status, 'active')))
    .limit(1);
  return row;
}

export async function insertImages(db: Executor, rows: (typeof productImages.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(productImages).values(rows);
}

export async function imagesOfProduct(db: Executor, productId: string): Promise<ProductImageRow[]> {
  return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));
}

export async function deleteImageRow(db: Executor, imageId: string): Promise<ProductImageRow | undefined> {
  const [row] = await db.delete(productImages).where(eq(productImages.id, imageId)).returning();
  return row;
}
