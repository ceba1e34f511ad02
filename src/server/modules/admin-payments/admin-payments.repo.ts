import { and, asc, type AnyColumn, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatusName } from '~/shared/orders';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { orders, payments, refunds } from '../../db/schema/orders';

export interface PaymentsFilter {
  page: number;
  pageSize: number;
  status?: PaymentStatusName | undefined;
  method?: PaymentMethod | undefined;
  q?: string | undefined;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(filter: PaymentsFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(orders.orderNumber, pattern), ilike(users.email, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** sum(value) over the rows where `condition` holds (all rows when none), 0 when there are none. */
const sumWhere = (value: AnyColumn, condition: SQL = sql`true`) =>
  sql<number>`coalesce(sum(${value}) filter (where ${condition}), 0)`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** One page of payments with their order and customer, newest first, and the figures over every match. */
export async function listPayments(db: Database, filter: PaymentsFilter) {
  const where = whereOf(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        payment: payments,
        orderNumber: orders.orderNumber,
        orderStatus: orders.status,
        customerName: users.name,
        customerEmail: users.email,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({
        total: count(),
        capturedPaise: sumWhere(payments.amountPaise, isNotNull(payments.capturedAt)),
        refundedPaise: sumWhere(payments.amountRefundedPaise),
        capturedCount: countWhere(isNotNull(payments.capturedAt)!),
        failedCount: countWhere(eq(payments.status, 'failed')),
        awaitingCount: countWhere(and(eq(payments.status, 'created'), eq(orders.status, 'pending_payment'))!),
        codToCollectPaise: sumWhere(
          payments.amountPaise,
          and(eq(payments.method, 'cod'), eq(payments.status, 'created'), ne(orders.status, 'cancelled'))!,
        ),
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { rows, totals: totals! };
}

/** The refunds of these payments, oldest first. */
export async function refundsOf(db: Database, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}
