import { inThirdPerson } from '~/shared/orders';
import type { Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import * as repo from './orders.repo';

/**
 * The order's timeline, written once for the customer and the shop: every step an admin or a vendor
 * takes (ship, deliver, cancel items, receive a return, refund, cancel) is also an audit entry, in
 * the same transaction. The timeline speaks to the customer ("issued to your UPI"); the audit log is
 * the back office's, so its entry names the order and says the same about the customer ("Order
 * SC-100028: refund … issued to the customer's UPI"), and searching the log for the order's number finds it.
 */
export function createOrderTimeline(audit: Pick<AuditService, 'record'>) {
  return {
    /** `vendorId` names the seller whose items the step was about (a shipment, a delivery, a return received). */
    async add(tx: Executor, event: repo.EventValues, about: { vendorId?: string } = {}): Promise<void> {
      await repo.addEvent(tx, event);
      if (event.actorRole !== 'admin' && event.actorRole !== 'vendor') return;
      await audit.record(tx, {
        action: `order.${event.kind}`,
        entityType: 'order',
        entityId: event.orderId,
        vendorId: about.vendorId ?? null,
        summary: `Order ${await repo.orderNumberOf(tx, event.orderId)}: ${inThirdPerson(event.message)}`,
        after: { kind: event.kind },
        actor: { userId: event.actorUserId ?? null, role: event.actorRole },
      });
    },
  };
}

/**
 * The timeline's entries for what was removed from an order because its customer deleted their
 * account (decision 55, written by the returns module's `erased-customer-data.ts`). The admin's and
 * the seller's screens say so where the account or the photos were, instead of showing nothing or
 * "not given yet".
 */
export const REMOVED_ON_ERASURE = { refundAccount: 'refund_account_removed', returnPhotos: 'return_photos_removed' } as const;

/** A step's audit words without the order's number, which the entry carrying them names already. */
export const withoutOrderNumber = (summary: string, orderNumber: string) =>
  summary.startsWith(`Order ${orderNumber}: `) ? summary.slice(`Order ${orderNumber}: `.length) : summary;

export type OrderTimeline = ReturnType<typeof createOrderTimeline>;
