import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { gatewayOrders, gatewayPayments, gatewayRefunds, gatewayWebhookDeliveries } from '../../../db/schema/test-gateway';

export type GatewayOrderRow = typeof gatewayOrders.$inferSelect;
export type GatewayPaymentRow = typeof gatewayPayments.$inferSelect;
export type GatewayRefundRow = typeof gatewayRefunds.$inferSelect;
export type WebhookDeliveryRow = typeof gatewayWebhookDeliveries.$inferSelect;

export async function insertOrder(db: Executor, values: typeof gatewayOrders.$inferInsert): Promise<GatewayOrderRow> {
  const [row] = await db.insert(gatewayOrders).values(values).returning();
  return row!;
}

export async function findOrder(db: Executor, id: string, lock = false): Promise<GatewayOrderRow | undefined> {
  const query = db.select().from(gatewayOrders).where(eq(gatewayOrders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(db: Executor, id: string, values: Partial<Pick<GatewayOrderRow, 'status'>>) {
  await db
    .update(gatewayOrders)
    .set({ ...values, attempts: sql`${gatewayOrders.attempts} + 1` })
    .where(eq(gatewayOrders.id, id));
}

export async function insertPayment(db: Executor, values: typeof gatewayPayments.$inferInsert): Promise<GatewayPaymentRow> {
  const [row] = await db.insert(gatewayPayments).values(values).returning();
  return row!;
}

export async function findPayment(db: Executor, id: string, lock = false): Promise<GatewayPaymentRow | undefined> {
  const query = db.select().from(gatewayPayments).where(eq(gatewayPayments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updatePayment(
  db: Executor,
  id: string,
  values: Partial<Pick<GatewayPaymentRow, 'status' | 'amountRefundedPaise' | 'capturedAt'>>,
): Promise<GatewayPaymentRow> {
  const [row] = await db.update(gatewayPayments).set(values).where(eq(gatewayPayments.id, id)).returning();
  return row!;
}

export async function insertRefund(db: Executor, values: typeof gatewayRefunds.$inferInsert): Promise<GatewayRefundRow> {
  const [row] = await db.insert(gatewayRefunds).values(values).returning();
  return row!;
}

export async function insertDelivery(db: Executor, values: { id: string; event: string; payload: string }) {
  // Due from this process's clock, the one the delivery worker compares with.
  await db.insert(gatewayWebhookDeliveries).values({ ...values, nextAttemptAt: new Date() });
}

/** Pending deliveries that are due, locked for this worker; other workers skip them. */
export async function claimDueDeliveries(db: Executor, now: Date, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(gatewayWebhookDeliveries)
    .where(and(isNull(gatewayWebhookDeliveries.deliveredAt), lte(gatewayWebhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(gatewayWebhookDeliveries.nextAttemptAt), asc(gatewayWebhookDeliveries.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDelivered(db: Executor, id: string, now: Date) {
  await db
    .update(gatewayWebhookDeliveries)
    .set({ deliveredAt: now, attempts: sql`${gatewayWebhookDeliveries.attempts} + 1`, lastError: null })
    .where(eq(gatewayWebhookDeliveries.id, id));
}

export async function markAttemptFailed(db: Executor, id: string, nextAttemptAt: Date, error: string) {
  await db
    .update(gatewayWebhookDeliveries)
    .set({ nextAttemptAt, attempts: sql`${gatewayWebhookDeliveries.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(gatewayWebhookDeliveries.id, id));
}

export async function listDeliveries(db: Executor): Promise<WebhookDeliveryRow[]> {
  return db.select().from(gatewayWebhookDeliveries).orderBy(asc(gatewayWebhookDeliveries.createdAt), asc(gatewayWebhookDeliveries.id));
}
