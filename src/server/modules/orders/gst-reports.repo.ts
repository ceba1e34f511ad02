import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * SQL of the GSTR-1 report (decision 19). An order is in a month when it was invoiced in it: placed
 * (order_date, India time) and confirmed — not waiting for payment, and not cancelled before any
 * invoice (a cancelled order that had one carries a credit note). Credit notes count in the month
 * they were issued. `vendor` narrows everything to one seller's lines.
 */
const invoicedOrders = (from: Date, to: Date) => sql`
  select o.id, o.order_number, o.address->>'state' as pos, o.shipping_paise
    from orders o
   where o.order_date >= ${from} and o.order_date < ${to}
     and o.status <> 'pending_payment'
     and (o.status <> 'cancelled' or exists (select 1 from credit_notes c where c.order_id = o.id))`;

const ofVendor = (vendor: string | null) => (vendor ? sql`and i.vendor_id = ${vendor}` : sql``);

export interface TaxRow extends Record<string, unknown> {
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
}

export async function b2cRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<TaxRow & { pos: string; intra: boolean; rate_bp: number }>(sql`
    with inv as (${invoicedOrders(from, to)})
    select inv.pos, (i.seller_state = inv.pos) as intra, i.gst_rate_bp as rate_bp,
           sum(i.taxable_paise)::bigint as taxable, sum(i.cgst_paise)::bigint as cgst,
           sum(i.sgst_paise)::bigint as sgst, sum(i.igst_paise)::bigint as igst
      from inv join order_items i on i.order_id = inv.id ${ofVendor(vendor)}
     group by 1, 2, 3 order by 1, 2 desc, 3`);
  return rows;
}

/** How many invoices the month has (with a line of the seller), and their shipping charges (no GST). */
export async function invoiceCounts(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<{ invoices: number; shipping: string }>(sql`
    with inv as (${invoicedOrders(from, to)})
    select count(*)::int as invoices, coalesce(sum(inv.shipping_paise), 0)::bigint as shipping
      from inv where exists (select 1 from order_items i where i.order_id = inv.id ${ofVendor(vendor)})`);
  return rows[0]!;
}

/** The month's credit notes, each with the credited lines of the seller (all lines without a filter). */
export async function creditNoteRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<
    TaxRow & { number: string; created_at: string; order_number: string; pos: string; reason: string; shipping: number; lines: number }
  >(sql`
    select c.number, c.created_at::text as created_at, o.order_number, o.address->>'state' as pos, c.reason,
           ${vendor ? sql`0` : sql`c.shipping_paise`} as shipping, l.lines, l.taxable, l.cgst, l.sgst, l.igst
      from credit_notes c
      join orders o on o.id = c.order_id
      cross join lateral (
        select count(*)::int as lines,
               coalesce(sum((x->>'taxablePaise')::bigint), 0)::bigint as taxable,
               coalesce(sum((x->>'cgstPaise')::bigint), 0)::bigint as cgst,
               coalesce(sum((x->>'sgstPaise')::bigint), 0)::bigint as sgst,
               coalesce(sum((x->>'igstPaise')::bigint), 0)::bigint as igst
          from jsonb_array_elements(c.lines) x
          join order_items i on i.id = x->>'itemId' ${ofVendor(vendor)}
      ) l
     where c.created_at >= ${from} and c.created_at < ${to}
     order by c.created_at, c.number`);
  return vendor ? rows.filter((r) => r.lines > 0) : rows;
}

/** The HSN summary: the month's invoiced lines less the lines of its credit notes, by HSN code and rate. */
export async function hsnRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<TaxRow & { hsn: string; rate_bp: number; quantity: number; categories: string }>(sql`
    with inv as (${invoicedOrders(from, to)}),
    moves as (
      select i.hsn_code as hsn, i.gst_rate_bp as rate_bp, i.category, i.quantity::bigint as quantity,
             i.taxable_paise::bigint as taxable, i.cgst_paise::bigint as cgst, i.sgst_paise::bigint as sgst, i.igst_paise::bigint as igst
        from inv join order_items i on i.order_id = inv.id ${ofVendor(vendor)}
      union all
      select i.hsn_code, i.gst_rate_bp, i.category, -(x->>'quantity')::bigint,
             -(x->>'taxablePaise')::bigint, -(x->>'cgstPaise')::bigint, -(x->>'sgstPaise')::bigint, -(x->>'igstPaise')::bigint
        from credit_notes c
        cross join lateral jsonb_array_elements(c.lines) x
        join order_items i on i.id = x->>'itemId' ${ofVendor(vendor)}
       where c.created_at >= ${from} and c.created_at < ${to}
    )
    select hsn, rate_bp, string_agg(distinct category, ', ') as categories, sum(quantity)::int as quantity,
           sum(taxable)::bigint as taxable, sum(cgst)::bigint as cgst, sum(sgst)::bigint as sgst, sum(igst)::bigint as igst
      from moves group by hsn, rate_bp order by hsn, rate_bp`);
  return rows;
}

/** Sellers as the vendors module publishes them (seller_directory), for the filter and the report's heading. */
export async function sellers(db: Executor) {
  const { rows } = await db.execute<{ id: string; name: string; gstin: string | null; state: string }>(sql`
    select id, business_name as name, gstin, pickup_state as state from seller_directory
     where status in ('approved', 'suspended') order by business_name, id`);
  return rows;
}
