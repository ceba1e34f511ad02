import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminPaymentsQuery, AdminRefundsQuery } from '~/shared/schemas/payments';
import { type ADMIN_PAYMENT_SORTS, STUCK_AFTER_MINUTES } from '~/shared/schemas/payments';
import { parseSort } from '~/shared/schemas/common';
import type { Executor } from '../../db/client';
import { paymentWebhookEvents, payments, refunds } from '../../db/schema/payments';
import { accountDirectory } from '../../db/views/auth';
import { orderDirectory } from '../../db/views/orders';
import { escapeLike } from '../../lib/sql-text';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function paymentOf(db: Executor, orderId: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The status of each of these orders' payments, by order id. */
export async function paymentStatusesOf(db: Executor, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(inArray(payments.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r.status]));
}

export async function paymentByProviderOrder(db: Executor, providerOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)).limit(1);
  return row;
}

export async function updatePayment(db: Executor, paymentId: string, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, paymentId))
    .returning();
  return row!;
}

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<void> {
  await db.insert(refunds).values(values);
}

export async function markRefundProcessed(db: Executor, providerRefundId: string, status: 'processed' | 'failed'): Promise<void> {
  await db.update(refunds).set({ status }).where(eq(refunds.providerRefundId, providerRefundId));
}

/** The refunds of an order, oldest first. */
export async function refundsOfOrder(db: Executor, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
}

/** The refunds of these payments, oldest first. */
export async function refundsOfPayments(db: Executor, paymentIds: string[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** Records a webhook event id; false when it was recorded before (a repeated delivery). */
export async function recordWebhookEvent(db: Executor, eventId: string, event: string): Promise<boolean> {
  const rows = await db
    .insert(paymentWebhookEvents)
    .values({ eventId, event })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.eventId });
  return rows.length === 1;
}

// ---------- the admin's list: orders and customers come from the views their owners publish ----------

/** Online payments still neither captured nor failed STUCK_AFTER_MINUTES after they were made. */
const stuck = () =>
  sql`(${payments.status} in ('created', 'authorized') and ${payments.method} <> 'cod'
       and ${payments.createdAt} < now() - make_interval(mins => ${STUCK_AFTER_MINUTES}))`;

function whereOf(filter: AdminPaymentsQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.problem === 'failed') conditions.push(eq(payments.status, 'failed'));
  if (filter.problem === 'stuck') conditions.push(stuck());
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(orderDirectory.orderNumber, pattern), ilike(accountDirectory.email, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** sum(value) over the rows where `condition` holds (all rows when none), 0 when there are none. */
const sumWhere = (value: AnyColumn, condition: SQL = sql`true`) =>
  sql<number>`coalesce(sum(${value}) filter (where ${condition}), 0)`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

const PAYMENT_ORDER: Record<(typeof ADMIN_PAYMENT_SORTS)[number], AnyColumn> = {
  createdAt: payments.createdAt,
  amount: payments.amountPaise,
};

/** One page of payments with their order and customer, and the figures over every match. */
export async function listPayments(db: Executor, filter: AdminPaymentsQuery) {
  const where = whereOf(filter);
  const { column, descending } = parseSort(filter.sort);
  const direction = descending ? desc : asc;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        payment: payments,
        orderNumber: orderDirectory.orderNumber,
        orderStatus: orderDirectory.status,
        customerName: accountDirectory.name,
        customerEmail: accountDirectory.email,
      })
      .from(payments)
      .innerJoin(orderDirectory, eq(orderDirectory.id, payments.orderId))
      .innerJoin(accountDirectory, eq(accountDirectory.id, orderDirectory.userId))
      .where(where)
      .orderBy(direction(PAYMENT_ORDER[column]), direction(payments.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({
        total: count(),
        capturedPaise: sumWhere(payments.amountPaise, isNotNull(payments.capturedAt)),
        refundedPaise: sumWhere(payments.amountRefundedPaise),
        capturedCount: countWhere(isNotNull(payments.capturedAt)!),
        failedCount: countWhere(eq(payments.status, 'failed')),
        // The same condition as the "Not paid yet" status filter (whereOf): the card counts what that filter lists.
        notPaidCount: countWhere(eq(payments.status, 'created')),
        notPaidCodCount: countWhere(and(eq(payments.status, 'created'), eq(payments.method, 'cod'))!),
        stuckCount: countWhere(stuck()),
        codToCollectPaise: sumWhere(
          payments.amountPaise,
          and(eq(payments.method, 'cod'), eq(payments.status, 'created'), ne(orderDirectory.status, 'cancelled'))!,
        ),
      })
      .from(payments)
      .innerJoin(orderDirectory, eq(orderDirectory.id, payments.orderId))
      .innerJoin(accountDirectory, eq(accountDirectory.id, orderDirectory.userId))
      .where(where),
  ]);
  return { rows, totals: totals! };
}

/** One page of refunds, newest first, with their payment's order and customer, and figures over every match. */
export async function listRefunds(db: Executor, filter: AdminRefundsQuery) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(refunds.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(orderDirectory.orderNumber, pattern), ilike(accountDirectory.email, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        refund: refunds,
        method: payments.method,
        orderNumber: orderDirectory.orderNumber,
        customerName: accountDirectory.name,
        customerEmail: accountDirectory.email,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(orderDirectory, eq(orderDirectory.id, refunds.orderId))
      .innerJoin(accountDirectory, eq(accountDirectory.id, orderDirectory.userId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({
        total: count(),
        amountPaise: sumWhere(refunds.amountPaise),
        pendingCount: countWhere(eq(refunds.status, 'pending')),
        failedCount: countWhere(eq(refunds.status, 'failed')),
      })
      .from(refunds)
      .innerJoin(orderDirectory, eq(orderDirectory.id, refunds.orderId))
      .innerJoin(accountDirectory, eq(accountDirectory.id, orderDirectory.userId))
      .where(where),
  ]);
  return { rows, totals: totals! };
}
