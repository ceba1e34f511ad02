import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ewayBills } from '../../db/schema/ewaybills';

export type EwayBillRow = typeof ewayBills.$inferSelect;

/** One of a seller's lines of an order as the orders publish it (`order_line_directory`). */
export interface ConsignmentLine {
  name: string;
  hsnCode: string;
  quantity: number;
  openQuantity: number;
  valuePaise: number;
  taxablePaise: number;
  gstRateBp: number;
  sellerState: string;
}

/**
 * A seller's open lines of a confirmed order with the order's delivery state and number, through the
 * views the orders and the fulfilment publish; the value of each line is its units not cancelled, at
 * its price after its share of a coupon, GST included.
 */
export async function consignmentOf(db: Executor, orderId: string, vendorId: string) {
  const { rows } = await db.execute<{
    order_number: string;
    status: string;
    awaiting: boolean;
    delivery_state: string;
    shipped: boolean;
    name: string;
    hsn_code: string;
    quantity: number;
    open_quantity: number;
    value_paise: number;
    taxable_paise: number;
    gst_rate_bp: number;
    seller_state: string;
  }>(sql`select o.order_number, o.status, o.awaiting_shipment as awaiting, o.delivery_state,
      exists (select 1 from shipment_directory s where s.order_id = o.id and s.vendor_id = ${vendorId}) as shipped,
      l.name, l.hsn_code, l.quantity, l.quantity - l.cancelled_quantity as open_quantity,
      round((l.line_total_paise - l.discount_paise)::numeric * (l.quantity - l.cancelled_quantity) / l.quantity)::int as value_paise,
      round(l.taxable_paise::numeric * (l.quantity - l.cancelled_quantity) / l.quantity)::int as taxable_paise,
      l.gst_rate_bp, l.seller_state
    from order_directory o join order_line_directory l on l.order_id = o.id
    where o.id = ${orderId} and l.vendor_id = ${vendorId} and l.quantity > l.cancelled_quantity
    order by l.position`);
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    orderNumber: first.order_number,
    status: first.status,
    awaiting: first.awaiting,
    deliveryState: first.delivery_state,
    shipped: first.shipped,
    lines: rows.map((r): ConsignmentLine => ({
      name: r.name,
      hsnCode: r.hsn_code,
      quantity: r.quantity,
      openQuantity: r.open_quantity,
      valuePaise: r.value_paise,
      taxablePaise: r.taxable_paise,
      gstRateBp: r.gst_rate_bp,
      sellerState: r.seller_state,
    })),
  };
}

/** The seller's parcels not shipped yet of confirmed orders: value, states, and whether a live e-way bill covers it. */
export async function waitingConsignments(db: Executor, vendorId: string, orderIds?: readonly string[]) {
  const { rows } = await db.execute<{
    order_id: string;
    delivery_state: string;
    seller_state: string;
    value_paise: number;
    valid_until: Date | null;
  }>(sql`select l.order_id, o.delivery_state, min(l.seller_state) as seller_state,
      sum(round((l.line_total_paise - l.discount_paise)::numeric * (l.quantity - l.cancelled_quantity) / l.quantity))::int as value_paise,
      (select max(b.valid_until) from eway_bills b where b.order_id = l.order_id and b.vendor_id = ${vendorId} and b.status = 'active') as valid_until
    from order_line_directory l join order_directory o on o.id = l.order_id
    where l.vendor_id = ${vendorId} and o.awaiting_shipment and l.quantity > l.cancelled_quantity
      ${orderIds ? sql`and l.order_id in (${sql.join(orderIds.length ? orderIds.map((id) => sql`${id}`) : [sql`''`], sql`, `)})` : sql``}
      and not exists (select 1 from shipment_directory s where s.order_id = l.order_id and s.vendor_id = ${vendorId})
    group by l.order_id, o.delivery_state`);
  return rows.map((r) => ({
    orderId: r.order_id,
    deliveryState: r.delivery_state,
    sellerState: r.seller_state,
    valuePaise: Number(r.value_paise),
    validUntil: r.valid_until ? new Date(r.valid_until) : null,
  }));
}

/** Whether the seller's parcel of the order has shipped (the fulfilment's view). */
export async function hasShipped(db: Executor, orderId: string, vendorId: string): Promise<boolean> {
  const { rows } = await db.execute<{ shipped: boolean }>(
    sql`select exists (select 1 from shipment_directory s where s.order_id = ${orderId} and s.vendor_id = ${vendorId}) as shipped`,
  );
  return rows[0]?.shipped ?? false;
}

/** The sellers of an order's lines by id, as the order names them (`order_line_directory`). */
export async function sellerNamesOf(db: Executor, orderId: string): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ vendor_id: string; seller_name: string }>(
    sql`select distinct vendor_id, seller_name from order_line_directory where order_id = ${orderId}`,
  );
  return new Map(rows.map((r) => [r.vendor_id, r.seller_name]));
}

/** Serialises the e-way bill steps on one seller's parcel of an order (two requests at once make one bill). */
export async function lockParcel(tx: Executor, orderId: string, vendorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`eway-bill:${orderId}:${vendorId}`}))`);
}

export async function activeBill(db: Executor, orderId: string, vendorId: string): Promise<EwayBillRow | undefined> {
  const [row] = await db
    .select()
    .from(ewayBills)
    .where(and(eq(ewayBills.orderId, orderId), eq(ewayBills.vendorId, vendorId), eq(ewayBills.status, 'active')));
  return row;
}

/** Every e-way bill of a seller's parcel of an order (or of every seller), newest first. */
export async function billsOf(db: Executor, orderId: string, vendorId?: string): Promise<EwayBillRow[]> {
  return db
    .select()
    .from(ewayBills)
    .where(and(eq(ewayBills.orderId, orderId), vendorId ? eq(ewayBills.vendorId, vendorId) : undefined))
    .orderBy(desc(ewayBills.generatedAt));
}

/** The live e-way bills of these orders for the seller. */
export async function activeBillsOf(db: Executor, vendorId: string, orderIds: readonly string[]): Promise<EwayBillRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(ewayBills)
    .where(and(eq(ewayBills.vendorId, vendorId), inArray(ewayBills.orderId, [...orderIds]), eq(ewayBills.status, 'active')));
}

export async function insertBill(tx: Executor, values: typeof ewayBills.$inferInsert): Promise<void> {
  await tx.insert(ewayBills).values(values);
}

export async function updateBill(tx: Executor, id: string, values: Partial<typeof ewayBills.$inferInsert>): Promise<void> {
  await tx.update(ewayBills).set(values).where(eq(ewayBills.id, id));
}
