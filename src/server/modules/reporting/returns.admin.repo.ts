import { sql } from 'drizzle-orm';
import type { ReturnCondition } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';

export interface ReturnReceived {
  orderId: string;
  orderNumber: string;
  vendorId: string;
  receivedAt: Date;
  condition: ReturnCondition;
  reason: string | null;
  refundedAt: Date | null;
  /** The seller's lines of the order that shipped (cancelled units are left out by the caller). */
  items: {
    name: string;
    sellerName: string;
    quantity: number;
    cancelledQuantity: number;
    lineTotalPaise: number;
    discountPaise: number;
    taxablePaise: number;
  }[];
}

/**
 * The returns sellers received in [from, to), oldest first: one row per seller's shipment that came
 * back, with its lines (one statement; `vendorId` narrows it to one seller), from the views the orders
 * module publishes (`shipment_directory`, `order_directory`, `order_line_directory`; decision 66).
 */
export async function returnsReceived(db: Executor, w: { from: Date; to: Date; vendorId: string | null }): Promise<ReturnReceived[]> {
  const { rows } = await db.execute<{
    order_id: string;
    order_number: string;
    vendor_id: string;
    received_at: Date | string;
    condition: ReturnCondition;
    reason: string | null;
    refunded_at: Date | string | null;
    items: ReturnReceived['items'];
  }>(sql`
    select s.order_id, o.order_number, s.vendor_id, s.return_received_at as received_at, s.return_condition as condition,
           o.return_reason as reason, s.refunded_at,
           (select json_agg(json_build_object(
                     'name', i.name, 'sellerName', i.seller_name, 'quantity', i.quantity,
                     'cancelledQuantity', i.cancelled_quantity, 'lineTotalPaise', i.line_total_paise,
                     'discountPaise', i.discount_paise, 'taxablePaise', i.taxable_paise)
                   order by i.position)
              from order_line_directory i
             where i.order_id = s.order_id and i.vendor_id = s.vendor_id and i.quantity > i.cancelled_quantity) as items
      from shipment_directory s join order_directory o on o.id = s.order_id
     where s.return_received_at >= ${w.from} and s.return_received_at < ${w.to}
       ${w.vendorId ? sql`and s.vendor_id = ${w.vendorId}` : sql``}
     order by s.return_received_at, s.id`);
  return rows.map((r) => ({
    orderId: r.order_id,
    orderNumber: r.order_number,
    vendorId: r.vendor_id,
    receivedAt: new Date(r.received_at),
    condition: r.condition,
    reason: r.reason,
    refundedAt: r.refunded_at === null ? null : new Date(r.refunded_at),
    items: r.items ?? [],
  }));
}
