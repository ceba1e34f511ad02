import { eq, inArray, isNotNull } from 'drizzle-orm';
import { RETURN_WINDOW_DAYS } from '~/shared/orders';
import type { Services } from '../../../services';
import { users } from '../../../db/schema/auth';
import { shipments } from '../../../db/schema/fulfilment';
import { orderItems, orders } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/payments';
import { payouts } from '../../../db/schema/payouts';
import { DEMO_ACCOUNTS } from '../demo-accounts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Midnight in India starting the Monday of the week that holds `at` (India is UTC+05:30, no daylight saving). */
function mondayOf(at: Date): number {
  const local = new Date(at.getTime() + 330 * 60_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - ((local.getUTCDay() + 6) % 7)) - 330 * 60_000;
}

/**
 * The vendor ledger of the demo orders, written as the shop would have written it: every seller's
 * delivered lines through `payoutsService.recordDelivered` at their delivery time, refunded returns
 * reversed, a settlement every Monday morning of the history, and every payout but each vendor's
 * latest paid on the Wednesday after its week, with a bank reference. The same orders give the same ledger.
 */
export async function seedDemoPayouts(services: Services, now = new Date()): Promise<{ entries: number; payouts: number; paid: number }> {
  const { db } = services.database;
  const { payoutsService } = services;
  const delivered = await db
    .select({ shipment: shipments, status: orders.status })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(isNotNull(shipments.deliveredAt))
    .orderBy(shipments.deliveredAt, shipments.id);
  if (delivered.length === 0) return { entries: 0, payouts: 0, paid: 0 };
  const orderIds = [...new Set(delivered.map((d) => d.shipment.orderId))];
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
  const refundRows = await db
    .select({ orderId: refunds.orderId, at: refunds.createdAt })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds));

  let entries = 0;
  await db.transaction(async (tx) => {
    for (const { shipment, status } of delivered) {
      const lines = items
        .filter((i) => i.orderId === shipment.orderId && i.vendorId === shipment.vendorId)
        .map((i) => ({ ...i, orderItemId: i.id, intraState: i.igstPaise === 0 }));
      await payoutsService.recordDelivered(tx, {
        vendorId: shipment.vendorId,
        orderId: shipment.orderId,
        deliveredAt: shipment.deliveredAt!,
        returnWindowDays: RETURN_WINDOW_DAYS,
        lines,
      });
      entries += lines.length;
      const refunded = refundRows.find((r) => r.orderId === shipment.orderId);
      if (status === 'refunded' && refunded) {
        await payoutsService.reverse(
          tx,
          lines.map((l) => l.id),
          refunded.at,
        );
      }
    }
  });

  // The settlements the hourly worker would have run, one every Monday at 09:30 in India.
  const first = mondayOf(delivered[0]!.shipment.deliveredAt!);
  for (let monday = first + 7 * DAY_MS; monday <= now.getTime(); monday += 7 * DAY_MS) {
    const at = new Date(monday + 9.5 * HOUR_MS);
    if (at <= now) await payoutsService.settle(at);
  }

  // An admin paid each payout on the Wednesday after its week; each vendor's latest is still to be paid.
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  const made = await db.select().from(payouts).orderBy(payouts.periodStart, payouts.vendorId);
  const latest = new Map(made.map((p) => [p.vendorId, p.id]));
  let paid = 0;
  for (const [i, payout] of made.entries()) {
    if (latest.get(payout.vendorId) === payout.id || payout.status !== 'pending') continue;
    const paidAt = new Date(Date.parse(`${payout.periodEnd}T11:00:00+05:30`) + 3 * DAY_MS);
    const day = new Date(paidAt.getTime() + 330 * 60_000).toISOString().slice(0, 10).replaceAll('-', '');
    await payoutsService.markPaid(payout.id, `HDFCN5${day}${String(401 + i).padStart(6, '0')}`, admin?.id ?? null, paidAt);
    paid += 1;
  }
  return { entries, payouts: made.length, paid };
}
