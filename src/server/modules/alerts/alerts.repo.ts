import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stockAlerts } from '../../db/schema/alerts';
import { productDirectory } from '../../db/views/catalogue';
import { newId } from '../../lib/ids';

export type AlertRow = typeof stockAlerts.$inferSelect;

/** An alert still wanted: not yet e-mailed (or re-armed), not stopped. */
const LIVE = ['pending', 'waiting'] as const;

/**
 * Turns a signed-in person's alert for the product on (a new row, or the old one re-armed after its
 * e-mail or a stop), with the account's address. Asking again while it waits changes nothing.
 */
export async function upsertAccountAlert(tx: Executor, input: { productId: string; userId: string; email: string }): Promise<AlertRow> {
  const [row] = await tx
    .insert(stockAlerts)
    .values({ id: newId('alrt'), ...input, status: 'waiting', confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [stockAlerts.productId, stockAlerts.userId],
      targetWhere: sql`${stockAlerts.userId} is not null`,
      set: {
        email: input.email,
        status: 'waiting',
        confirmedAt: sql`case when ${stockAlerts.status} = 'waiting' then ${stockAlerts.confirmedAt} else now() end`,
        notifiedAt: sql`case when ${stockAlerts.status} = 'waiting' then ${stockAlerts.notifiedAt} else null end`,
        stoppedAt: null,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      },
    })
    .returning();
  return row!;
}

/**
 * A visitor's alert for the product and address, locked: inserted as `pending` when there was none
 * (`created`), otherwise the existing row. Two requests at once make one row.
 */
export async function lockVisitorAlert(tx: Executor, productId: string, email: string): Promise<{ row: AlertRow; created: boolean }> {
  const [inserted] = await tx
    .insert(stockAlerts)
    .values({ id: newId('alrt'), productId, email, status: 'pending' })
    .onConflictDoNothing({ target: [stockAlerts.productId, stockAlerts.email], where: sql`${stockAlerts.userId} is null` })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [row] = await tx
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.email, email), isNull(stockAlerts.userId)))
    .for('update');
  return { row: row!, created: false };
}

/** A new confirmation link for a visitor's alert; one that waits already stays on, any other becomes pending. */
export async function setConfirmToken(tx: Executor, id: string, tokenHash: string, expiresAt: Date) {
  await tx
    .update(stockAlerts)
    .set({
      confirmTokenHash: tokenHash,
      confirmExpiresAt: expiresAt,
      confirmSentAt: sql`now()`,
      status: sql`case when ${stockAlerts.status} = 'waiting' then 'waiting' else 'pending' end`,
      stoppedAt: null,
    })
    .where(eq(stockAlerts.id, id));
}

/**
 * Spends a confirmation token that has not expired: the alert waits from now on. Undefined for a
 * token that is unknown, used or late (the hash is cleared on use, so it works once).
 */
export async function confirmByToken(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .update(stockAlerts)
    .set({
      status: 'waiting',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmedAt: sql`case when ${stockAlerts.status} = 'waiting' then ${stockAlerts.confirmedAt} else now() end`,
      notifiedAt: sql`case when ${stockAlerts.status} = 'waiting' then ${stockAlerts.notifiedAt} else null end`,
    })
    .where(and(eq(stockAlerts.confirmTokenHash, tokenHash), sql`${stockAlerts.confirmExpiresAt} > now()`))
    .returning({ id: stockAlerts.id, productId: stockAlerts.productId, email: stockAlerts.email });
  return row;
}

/** The visitor's alerts of the same address are taken over by the account's own (no second e-mail). */
export async function dropVisitorAlert(tx: Executor, productId: string, email: string) {
  await tx.delete(stockAlerts).where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.email, email), isNull(stockAlerts.userId)));
}

/** The product as the catalogue publishes it: name, on sale, in stock. */
export async function productState(db: Executor, productId: string) {
  const [row] = await db
    .select({ id: productDirectory.id, name: productDirectory.name, onSale: productDirectory.onSale, inStock: productDirectory.inStock })
    .from(productDirectory)
    .where(eq(productDirectory.id, productId));
  return row;
}

export async function findAlert(db: Executor, id: string) {
  const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
  return row;
}

/** The account's waiting alert for a product, if any. */
export async function findWaitingOfUser(db: Executor, userId: string, productId: string) {
  const [row] = await db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), eq(stockAlerts.status, 'waiting')));
  return row;
}

/** The account's alerts that wait or were e-mailed (newest first), with the product's name and state. */
export async function listOfUser(db: Executor, userId: string, limit: number) {
  return db
    .select({
      alert: stockAlerts,
      productName: productDirectory.name,
      onSale: productDirectory.onSale,
      inStock: productDirectory.inStock,
    })
    .from(stockAlerts)
    .innerJoin(productDirectory, eq(productDirectory.id, stockAlerts.productId))
    .where(and(eq(stockAlerts.userId, userId), inArray(stockAlerts.status, ['waiting', 'notified'])))
    .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id))
    .limit(limit);
}

/** Stops one of the account's alerts; false when it has no alert with this id. */
export async function stopOfUser(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(stockAlerts)
    .set({ status: 'stopped', stoppedAt: sql`coalesce(${stockAlerts.stoppedAt}, now())`, confirmTokenHash: null })
    .where(and(eq(stockAlerts.id, id), eq(stockAlerts.userId, userId)))
    .returning({ id: stockAlerts.id });
  return rows.length === 1;
}

/**
 * Stops every live alert to an address (an e-mail's stop link): the visitor's alerts of it, and
 * the account's alerts when the link came from one (`userId`).
 */
export async function stopAllOf(db: Executor, owner: { userId: string | null; email: string }): Promise<number> {
  const whose = owner.userId
    ? or(eq(stockAlerts.userId, owner.userId), eq(stockAlerts.email, owner.email))
    : eq(stockAlerts.email, owner.email);
  const rows = await db
    .update(stockAlerts)
    .set({ status: 'stopped', stoppedAt: sql`now()`, confirmTokenHash: null })
    .where(and(whose, inArray(stockAlerts.status, [...LIVE])))
    .returning({ id: stockAlerts.id });
  return rows.length;
}

/** Deletes an erased account's alerts and those of its address (decision 26); returns how many. */
export async function deleteOf(tx: Executor, owner: { userId: string; email: string }): Promise<number> {
  const rows = await tx
    .delete(stockAlerts)
    .where(or(eq(stockAlerts.userId, owner.userId), and(isNull(stockAlerts.userId), eq(stockAlerts.email, owner.email.toLowerCase()))))
    .returning({ id: stockAlerts.id });
  return rows.length;
}

/**
 * A merge of duplicates (decision 70): alerts on the duplicate become alerts on the kept product, unless the same
 * person (account or e-mail) has one there already, whose alert stands; the rest go. Returns how many moved.
 */
export async function moveToProduct(tx: Executor, fromId: string, toId: string): Promise<number> {
  const moved = await tx.execute(sql`
    update stock_alerts a set product_id = ${toId}
     where a.product_id = ${fromId}
       and not exists (select 1 from stock_alerts k where k.product_id = ${toId}
                        and (k.user_id = a.user_id or (k.user_id is null and a.user_id is null and k.email = a.email)))`);
  await tx.execute(sql`delete from stock_alerts where product_id = ${fromId}`);
  return moved.rowCount ?? 0;
}

/** Alerts still to send or confirm on a product (what a merge would move). */
export async function countOfProduct(db: Executor, productId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from stock_alerts where product_id = ${productId} and status in ('pending', 'waiting')`,
  );
  return rows[0]?.n ?? 0;
}
