import { and, asc, count, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderReturnPhotos } from '../../db/schema/returns';
import { orderDirectory } from '../../db/views/orders';

export type ReturnPhotoRow = typeof orderReturnPhotos.$inferSelect;

/**
 * Who asks for a return photo. The uploader sees its photos from the moment they are kept; once a
 * return request attaches them, also the order's customer, the sellers whose items on the order come
 * back (lines not all cancelled) and the shop's admins. Nobody else (decision 50).
 */
export type ReturnPhotoViewer =
  { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: string } | { kind: 'admin'; userId: string };

const attached = isNotNull(orderReturnPhotos.attachedAt);

/** The order's sellers whose items come back: a vendor with every line cancelled has nothing returned. */
const returnedByVendor = (vendorId: string) =>
  sql`exists (select 1 from order_line_directory ri where ri.order_id = ${orderReturnPhotos.orderId} and ri.vendor_id = ${vendorId} and ri.quantity > ri.cancelled_quantity)`;

function visibleTo(viewer: ReturnPhotoViewer): SQL {
  switch (viewer.kind) {
    case 'customer':
      return sql`(${orderReturnPhotos.uploadedBy} = ${viewer.userId} or (${attached} and ${orderDirectory.userId} = ${viewer.userId}))`;
    case 'vendor':
      return and(attached, returnedByVendor(viewer.vendorId))!;
    case 'admin':
      return sql`(${attached} or ${orderReturnPhotos.uploadedBy} = ${viewer.userId})`;
  }
}

/** A photo of the order, if `viewer` may see it. */
export async function findVisiblePhoto(db: Executor, orderId: string, photoId: string, viewer: ReturnPhotoViewer) {
  const [row] = await db
    .select({ id: orderReturnPhotos.id, storageKey: orderReturnPhotos.storageKey })
    .from(orderReturnPhotos)
    .innerJoin(orderDirectory, eq(orderDirectory.id, orderReturnPhotos.orderId))
    .where(and(eq(orderReturnPhotos.id, photoId), eq(orderReturnPhotos.orderId, orderId), visibleTo(viewer)))
    .limit(1);
  return row;
}

/** The photos attached to returns of these orders (what the customer and the admins see), oldest first. */
export async function attachedPhotosOf(db: Executor, orderIds: readonly string[]): Promise<ReturnPhotoRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderReturnPhotos)
    .where(and(inArray(orderReturnPhotos.orderId, [...orderIds]), attached))
    .orderBy(asc(orderReturnPhotos.createdAt), asc(orderReturnPhotos.id));
}

/** The photos of returns of these orders a seller sees: only where its own items come back. */
export async function photosForVendor(db: Executor, vendorId: string, orderIds: readonly string[]): Promise<ReturnPhotoRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderReturnPhotos)
    .where(and(inArray(orderReturnPhotos.orderId, [...orderIds]), visibleTo({ kind: 'vendor', vendorId })))
    .orderBy(asc(orderReturnPhotos.createdAt), asc(orderReturnPhotos.id));
}

/** The uploader's photos of an order not yet attached to a return, oldest first. */
export async function pendingPhotos(db: Executor, orderId: string, userId: string): Promise<ReturnPhotoRow[]> {
  return db
    .select()
    .from(orderReturnPhotos)
    .where(and(eq(orderReturnPhotos.orderId, orderId), eq(orderReturnPhotos.uploadedBy, userId), isNull(orderReturnPhotos.attachedAt)))
    .orderBy(asc(orderReturnPhotos.createdAt), asc(orderReturnPhotos.id));
}

export async function countPending(db: Executor, orderId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderReturnPhotos)
    .where(and(eq(orderReturnPhotos.orderId, orderId), eq(orderReturnPhotos.uploadedBy, userId), isNull(orderReturnPhotos.attachedAt)));
  return row?.n ?? 0;
}

/** Queues uploads of return photos to one order until the transaction ends, so the limit holds when several arrive at once. */
export async function lockPhotosOf(db: Executor, orderId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`return-photos:${orderId}`}))`);
}

export async function insertPhoto(db: Executor, row: typeof orderReturnPhotos.$inferInsert): Promise<void> {
  await db.insert(orderReturnPhotos).values(row);
}

/** Attaches the uploader's pending photos named to the order's return; returns how many were. */
export async function attachPhotos(db: Executor, orderId: string, userId: string, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(orderReturnPhotos)
    .set({ attachedAt: at })
    .where(
      and(
        eq(orderReturnPhotos.orderId, orderId),
        eq(orderReturnPhotos.uploadedBy, userId),
        isNull(orderReturnPhotos.attachedAt),
        inArray(orderReturnPhotos.id, [...ids]),
      ),
    )
    .returning({ id: orderReturnPhotos.id });
  return rows.length;
}

/** Deletes one of the uploader's pending photos (an attached one stays with its return). */
export async function deletePending(db: Executor, orderId: string, userId: string, photoId: string): Promise<ReturnPhotoRow | undefined> {
  const [row] = await db
    .delete(orderReturnPhotos)
    .where(
      and(
        eq(orderReturnPhotos.id, photoId),
        eq(orderReturnPhotos.orderId, orderId),
        eq(orderReturnPhotos.uploadedBy, userId),
        isNull(orderReturnPhotos.attachedAt),
      ),
    )
    .returning();
  return row;
}

/** Deletes photos never attached that were uploaded before `before` (at most `limit` at a time); returns them. */
export async function deleteUnattachedBefore(db: Executor, before: Date, limit: number): Promise<ReturnPhotoRow[]> {
  const stale = db
    .select({ id: orderReturnPhotos.id })
    .from(orderReturnPhotos)
    .where(and(isNull(orderReturnPhotos.attachedAt), lt(orderReturnPhotos.createdAt, before)))
    .limit(limit);
  return db.delete(orderReturnPhotos).where(inArray(orderReturnPhotos.id, stale)).returning();
}

/** Which of the customer's orders (the orders' published view) have photos, sent with a return or only uploaded for one (what an erasure looks at). */
export async function ordersWithPhotosOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: orderReturnPhotos.orderId })
    .from(orderReturnPhotos)
    .innerJoin(orderDirectory, eq(orderDirectory.id, orderReturnPhotos.orderId))
    .where(eq(orderDirectory.userId, userId));
  return [...new Set(rows.map((r) => r.orderId))];
}

/** Every photo of these orders, sent with a return or only uploaded for one (what an erasure looks at). */
export async function photosOfOrders(db: Executor, orderIds: readonly string[]): Promise<ReturnPhotoRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderReturnPhotos)
    .where(inArray(orderReturnPhotos.orderId, [...orderIds]))
    .orderBy(asc(orderReturnPhotos.createdAt), asc(orderReturnPhotos.id));
}

/** Deletes these photos' rows, attached or not (their files are the caller's to remove once this commits). */
export async function deletePhotos(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(orderReturnPhotos).where(inArray(orderReturnPhotos.id, [...ids]));
}

/** Where every return photo is kept: what a backup checks its copy of the media storage against (decision 30), beside the product pictures. */
export async function allStorageKeys(db: Executor): Promise<string[]> {
  const rows = await db.select({ storageKey: orderReturnPhotos.storageKey }).from(orderReturnPhotos);
  return rows.map((r) => r.storageKey);
}
