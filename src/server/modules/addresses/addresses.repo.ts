import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses } from '../../db/schema/addresses';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'isDefault' | 'createdAt'>;

/** Default first, then newest first (the id breaks ties between rows of the same instant). */
export async function listAddresses(db: Executor, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

/** The customer's own address; another customer's id finds nothing. */
export async function findAddress(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

export async function countAddresses(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.value ?? 0;
}

/**
 * Serialises writes to one customer's address book for the rest of the transaction: the size limit
 * and the single default hold under concurrent requests, even when the book is still empty.
 */
export async function lockAddressBook(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

export async function insertAddress(
  db: Executor,
  row: AddressValues & { id: string; userId: string; isDefault: boolean },
): Promise<AddressRow> {
  const [created] = await db.insert(addresses).values(row).returning();
  return created!;
}

export async function updateAddress(db: Executor, userId: string, id: string, values: Partial<AddressValues>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

/** Clears the customer's default (before another is set, as the partial unique index demands). */
export async function clearDefaultAddress(db: Executor, userId: string): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

/** Makes one address the default: the old default is cleared first. */
export async function setDefaultAddress(db: Executor, userId: string, id: string): Promise<void> {
  await clearDefaultAddress(db, userId);
  await db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

export async function deleteAddress(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  const [deleted] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return deleted;
}

export async function newestAddressId(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row?.id;
}

/** Accounts with an address whose mobile (stored as +91XXXXXXXXXX) contains these digits: the admin's search. */
export async function userIdsWithMobile(db: Executor, digits: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: addresses.userId })
    .from(addresses)
    .where(sql`${addresses.mobile} like ${`%${digits}%`}`)
    .groupBy(addresses.userId)
    .limit(limit);
  return rows.map((r) => r.userId);
}

export async function deleteAddressesOf(tx: Executor, userId: string): Promise<number> {
  const rows = await tx.delete(addresses).where(eq(addresses.userId, userId)).returning({ id: addresses.id });
  return rows.length;
}
