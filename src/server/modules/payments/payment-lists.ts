import type {
  AdminPayment,
  AdminPaymentsQuery,
  AdminPaymentsResponse,
  AdminRefund,
  AdminRefundsQuery,
  AdminRefundsResponse,
} from '~/shared/schemas/payments';
import type { Database } from '../../db/client';
import * as repo from './payments.repo';

/** The admin's lists of payments and of refunds, each with its figures over every match. */
export function createPaymentLists(deps: { db: Database }) {
  const { db } = deps;

  return {
    /**
     * One page of payments, newest first unless sorted otherwise, narrowed by status, method and an
     * order number or customer e-mail; the summary covers every payment the filter matches.
     */
    async list(query: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
      const { rows, totals } = await repo.listPayments(db, query);
      const refundRows = await repo.refundsOfPayments(
        db,
        rows.map((r) => r.payment.id),
      );
      const refundsByPayment = new Map<string, AdminRefund[]>();
      for (const r of refundRows) {
        const list = refundsByPayment.get(r.paymentId) ?? [];
        list.push({
          id: r.id,
          amountPaise: r.amountPaise,
          status: r.status as AdminRefund['status'],
          reason: r.reason,
          providerRefundId: r.providerRefundId,
          createdAt: r.createdAt.toISOString(),
        });
        refundsByPayment.set(r.paymentId, list);
      }
      const items: AdminPayment[] = rows.map(({ payment: p, ...order }) => ({
        paymentId: p.id,
        orderId: p.orderId,
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus as AdminPayment['orderStatus'],
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        provider: p.provider as AdminPayment['provider'],
        method: p.method as AdminPayment['method'],
        paidWith: p.paidWith,
        status: p.status as AdminPayment['status'],
        amountPaise: p.amountPaise,
        amountRefundedPaise: p.amountRefundedPaise,
        providerPaymentId: p.providerPaymentId,
        attempts: p.attempts,
        errorDescription: p.errorDescription,
        createdAt: p.createdAt.toISOString(),
        capturedAt: p.capturedAt?.toISOString() ?? null,
        refunds: refundsByPayment.get(p.id) ?? [],
      }));
      const { total, ...figures } = totals;
      return {
        items,
        total,
        page: query.page,
        pageSize: query.pageSize,
        summary: { ...figures, netPaise: figures.capturedPaise - figures.refundedPaise },
      };
    },

    /** One page of refunds, newest first, by status or order number / customer e-mail, with figures over every match. */
    async listRefunds(query: AdminRefundsQuery): Promise<AdminRefundsResponse> {
      const { rows, totals } = await repo.listRefunds(db, query);
      const { total, ...summary } = totals;
      return {
        items: rows.map(({ refund: r, ...rest }) => ({
          id: r.id,
          paymentId: r.paymentId,
          orderId: r.orderId,
          orderNumber: rest.orderNumber,
          customerName: rest.customerName,
          customerEmail: rest.customerEmail,
          method: rest.method as AdminPayment['method'],
          amountPaise: r.amountPaise,
          status: r.status as AdminRefund['status'],
          reason: r.reason,
          providerRefundId: r.providerRefundId,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        summary,
      };
    },
  };
}
