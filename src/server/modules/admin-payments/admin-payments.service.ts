import type { AdminPayment, AdminPaymentsQuery, AdminPaymentsResponse, AdminRefund } from '~/shared/schemas/payments';
import type { Database } from '../../db/client';
import * as repo from './admin-payments.repo';

/** The admin's view of payments: every order's payment with its refunds, and the money figures. */
export function createAdminPaymentsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /**
     * One page of payments, newest first, narrowed by status, method and an order number or customer
     * e-mail; the summary covers every payment the filter matches, not only this page.
     */
    async listPayments(query: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
      const { rows, totals } = await repo.listPayments(db, query);
      const refundRows = await repo.refundsOf(
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
  };
}

export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
