import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages } from '../../db/schema/media';
import { productDirectory } from '../../db/views/catalogue';

export type ProductImageRow = typeof productImages.$inferSelect;

/**
 * Who asks for a picture at /media: anyone sees the pictures of products on display or once on
 * display (archived: customers' orders and alerts still show them); a vendor also those of its own
 * products whatever their status, and an admin every picture (decision 44).
 */
export type MediaViewer = { kind: 'anyone' } | { kind: 'vendor'; vendorId: string } | { kind: 'admin' };

/** Statuses whose pictures anyone may see: a draft was never shown, and the shop hid a hidden one on purpose. */
const SHOWN_STATUSES = ['active', 'archived'] as const;

/** Where the master of a picture is stored, if `viewer` may see it. */
export async function findServableImage(db: Executor, imageId: string, viewer: MediaViewer): Promise<{ storageKey: string } | undefined> {
  const shown = inArray(productDirectory.status, [...SHOWN_STATUSES]);
  const visible =
    viewer.kind === 'admin' ? undefined : viewer.kind === 'vendor' ? or(shown, eq(productDirectory.vendorId, viewer.vendorId)) : shown;
  const [row] = await db
    .select({ storageKey: productImages.storageKey })
    .from(productImages)
    .innerJoin(productDirectory, eq(productDirectory.id, productImages.productId))
    .where(and(eq(productImages.id, imageId), visible))
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

/** A picture of the given product, whatever the product's status (for its own vendor). */
export async function findImageOf(db: Executor, productId: string, imageId: string): Promise<{ storageKey: string } | undefined> {
  const [row] = await db
    .select({ storageKey: productImages.storageKey })
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .limit(1);
  return row;
}

/** Where a picture's master is stored, whatever its product's status (the resizing job). */
export async function findImage(db: Executor, imageId: string): Promise<{ storageKey: string } | undefined> {
  const [row] = await db.select({ storageKey: productImages.storageKey }).from(productImages).where(eq(productImages.id, imageId)).limit(1);
  return row;
}

/** Queues writes to one product's pictures (adding, reordering, deleting) until the transaction ends. */
export async function lockPicturesOf(db: Executor, productId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-images:${productId}`}))`);
}

/** Numbers the product's pictures 0, 1, 2… in the order of `ids` (through free positions, as positions are unique). */
export async function setPositions(db: Executor, productId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update product_images set position = position + 1000 where product_id = ${productId}`);
  await db.execute(sql`
    update product_images p set position = o.position
      from (select id, (ordinality - 1)::int as position from unnest(${`{${ids.join(',')}}`}::text[]) with ordinality as t(id, ordinality)) o
     where p.product_id = ${productId} and p.id = o.id`);
}

export async function deleteImageOf(db: Executor, productId: string, imageId: string): Promise<ProductImageRow | undefined> {
  const [row] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning();
  return row;
}

/** Sets the configuration a picture of the product shows (null: the model's picture). */
export async function setImageVariant(
  db: Executor,
  productId: string,
  imageId: string,
  variantId: string | null,
): Promise<ProductImageRow | undefined> {
  const [row] = await db
    .update(productImages)
    .set({ variantId })
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning();
  return row;
}

/** Where every picture's master is kept: what a backup checks its copy of the media storage against (decision 30). */
export async function allStorageKeys(db: Executor): Promise<string[]> {
  const rows = await db.select({ storageKey: productImages.storageKey }).from(productImages);
  return rows.map((r) => r.storageKey);
}
