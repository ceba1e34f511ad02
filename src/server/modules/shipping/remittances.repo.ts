import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { codRemittanceLines, codRemittances, courierShipments } from '../../db/schema/shipping';

export type RemittanceRow = typeof codRemittances.$inferSelect;

/** Serialises the reconciliation of one provider's remittances (a transaction-scoped advisory lock). */
export async function lockProvider(tx: Executor, provider: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cod-remittance:${provider}`}))`);
}

/** The provider's courier shipments with these AWBs, and whether each one's cash is in already. */
export async function shipmentsByAwb(tx: Executor, provider: string, awbs: readonly string[]) {
  if (awbs.length === 0) return [];
  return tx
    .select({
      id: courierShipments.id,
      orderId: courierShipments.orderId,
      vendorId: courierShipments.vendorId,
      awb: courierShipments.awb,
      courierName: courierShipments.courierName,
      codAmountPaise: courierShipments.codAmountPaise,
      remittedIn: codRemittanceLines.remittanceId,
    })
    .from(courierShipments)
    .leftJoin(codRemittanceLines, eq(codRemittanceLines.courierShipmentId, courierShipments.id))
    .where(and(eq(courierShipments.provider, provider), inArray(courierShipments.awb, [...awbs])));
}

/** The remittance of this reference, made when new; its id. */
export async function remittanceOf(
  tx: Executor,
  values: {
    id: string;
    provider: string;
    reference: string;
    remittedOn: string;
    source: 'upload' | 'provider';
    fileName: string | null;
    createdBy: string | null;
  },
): Promise<{ id: string; remittedOn: string }> {
  await tx
    .insert(codRemittances)
    .values(values)
    .onConflictDoNothing({ target: [codRemittances.provider, codRemittances.reference] });
  const [row] = await tx
    .select({ id: codRemittances.id, remittedOn: codRemittances.remittedOn })
    .from(codRemittances)
    .where(and(eq(codRemittances.provider, values.provider), eq(codRemittances.reference, values.reference)));
  return row!;
}

/**
 * A parcel's cash into a remittance: written once per courier shipment ever (the unique key), so a second upload,
 * at once or later, finds it taken. Returns whether this call wrote it.
 */
export async function insertLine(
  tx: Executor,
  line: { id: string; remittanceId: string; courierShipmentId: string; awb: string; amountPaise: number },
): Promise<boolean> {
  const rows = await tx
    .insert(codRemittanceLines)
    .values(line)
    .onConflictDoNothing({ target: codRemittanceLines.courierShipmentId })
    .returning({ id: codRemittanceLines.id });
  if (rows.length > 0) {
    await tx
      .update(codRemittances)
      .set({ amountPaise: sql`${codRemittances.amountPaise} + ${line.amountPaise}` })
      .where(eq(codRemittances.id, line.remittanceId));
  }
  return rows.length > 0;
}

/** Drops a remittance none of whose lines was accepted (a file of errors only leaves nothing behind). */
export async function dropIfEmpty(tx: Executor, remittanceId: string): Promise<void> {
  await tx.execute(sql`delete from cod_remittances r where r.id = ${remittanceId}
    and not exists (select 1 from cod_remittance_lines l where l.remittance_id = r.id)`);
}

/** The latest remittances, newest first, with how many parcels each paid. */
export async function latestRemittances(db: Executor, limit: number) {
  const rows = await db
    .select({
      id: codRemittances.id,
      provider: codRemittances.provider,
      reference: codRemittances.reference,
      remittedOn: codRemittances.remittedOn,
      amountPaise: codRemittances.amountPaise,
      source: codRemittances.source,
      fileName: codRemittances.fileName,
      createdAt: codRemittances.createdAt,
      parcels: sql<number>`(select count(*)::int from cod_remittance_lines l where l.remittance_id = cod_remittances.id)`,
      couriers: sql<string>`(select coalesce(string_agg(distinct s.courier_name, ', '), '') from cod_remittance_lines l
        join courier_shipments s on s.id = l.courier_shipment_id where l.remittance_id = cod_remittances.id)`,
    })
    .from(codRemittances)
    .orderBy(desc(codRemittances.remittedOn), desc(codRemittances.createdAt))
    .limit(limit);
  return rows;
}

export interface OwedParcelRow extends Record<string, unknown> {
  id: string;
  provider: string;
  courier_name: string;
  awb: string;
  order_id: string;
  order_number: string;
  cod_amount_paise: number;
  delivered_at: Date;
}

/**
 * Delivered cash-on-delivery parcels whose cash no remittance has brought yet, oldest delivery first: the seller's
 * shipment delivered (the fulfilment's `shipment_directory`), the order's number from `order_directory`.
 */
export async function owedParcels(db: Executor, limit: number): Promise<OwedParcelRow[]> {
  const { rows } = await db.execute<OwedParcelRow>(sql`
    select c.id, c.provider, c.courier_name, c.awb, c.order_id, o.order_number, c.cod_amount_paise, d.delivered_at
      from courier_shipments c
      join shipment_directory d on d.order_id = c.order_id and d.vendor_id = c.vendor_id and d.delivered_at is not null
      join order_directory o on o.id = c.order_id
     where c.cod_amount_paise is not null
       and not exists (select 1 from cod_remittance_lines l where l.courier_shipment_id = c.id)
     order by d.delivered_at, c.id
     limit ${limit}`);
  return rows;
}

/** What each courier still owes: its delivered cash-on-delivery parcels not remitted, their cash, and the oldest delivery. */
export async function owedByCourier(db: Executor) {
  const { rows } = await db.execute<{
    provider: string;
    courier_name: string;
    parcels: number;
    amount_paise: string;
    oldest_delivered_at: Date;
  }>(sql`
    select c.provider, c.courier_name, count(*)::int as parcels, sum(c.cod_amount_paise)::bigint as amount_paise,
           min(d.delivered_at) as oldest_delivered_at
      from courier_shipments c
      join shipment_directory d on d.order_id = c.order_id and d.vendor_id = c.vendor_id and d.delivered_at is not null
     where c.cod_amount_paise is not null
       and not exists (select 1 from cod_remittance_lines l where l.courier_shipment_id = c.id)
     group by c.provider, c.courier_name
     order by min(d.delivered_at), c.courier_name`);
  return rows;
}

/** The orders' numbers, from the orders' `order_directory`. */
export async function orderNumbers(db: Executor, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; order_number: string }>(
    sql`select id, order_number from order_directory where id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.order_number]));
}
