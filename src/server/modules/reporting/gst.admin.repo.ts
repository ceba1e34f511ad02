import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * SQL of the GSTR-1 report (decision 19). An order is in a month when it was invoiced in it: placed
 * (order_date, India time) and confirmed — not waiting for payment, and not cancelled before any
 * invoice (a cancelled order that had one carries a credit note). Credit notes count in the month
 * they were issued. `vendor` narrows everything to one seller's lines. It reads the views the orders
 * module publishes (`order_directory`, `order_line_directory`, `credit_note_directory`; decision 66).
 */
const invoicedOrders = (from: Date, to: Date) => sql`
  select o.id, o.order_number, o.place_of_supply as pos, o.shipping_paise, o.buyer_gstin, o.buyer_legal_name
    from order_directory o
   where o.order_date >= ${from} and o.order_date < ${to}
     and o.status <> 'pending_payment'
     and (o.status <> 'cancelled' or exists (select 1 from credit_note_directory c where c.order_id = o.id))`;

const ofVendor = (vendor: string | null) => (vendor ? sql`and i.vendor_id = ${vendor}` : sql``);

export interface TaxRow extends Record<string, unknown> {
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
}

/**
 * GSTR-1 table 5 (B2C large, rule 59(4)(a) of the CGST Rules as amended by Notification 12/2024-Central Tax):
 * an inter-state supply to an unregistered buyer on an invoice worth more than ₹1,00,000 (₹2,50,000 before
 * 1 August 2024) is reported invoice by invoice. In this marketplace each seller supplies its own lines, so the
 * "invoice" is a seller's part of an order.
 */
export const B2CL_INVOICE_ABOVE_PAISE = 1_00_000_00;

/** The (order, seller) parts of these orders that are B2C large, whenever they were invoiced. */
const largeParts = (orderIds: SQL) => sql`
  select i.order_id, i.vendor_id
    from order_line_directory i join order_directory o on o.id = i.order_id
   where i.order_id in (${orderIds}) and o.buyer_gstin is null
   group by i.order_id, i.vendor_id
  having bool_and(i.seller_state <> o.place_of_supply)
     and sum(i.taxable_paise + i.cgst_paise + i.sgst_paise + i.igst_paise) > ${B2CL_INVOICE_ABOVE_PAISE}`;

const monthsNotes = (from: Date, to: Date) =>
  sql`select order_id from credit_note_directory where created_at >= ${from} and created_at < ${to}`;

/**
 * GSTR-1 table 7 (B2C others): the month's invoiced lines that are not B2C large, less the lines of the month's
 * credit notes against such invoices (table 7 is reported net), by place of supply, supply type and rate.
 */
export async function b2cRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<TaxRow & { pos: string; intra: boolean; rate_bp: number }>(sql`
    with inv as (${invoicedOrders(from, to)}),
    large as (${largeParts(sql`select id from inv union select order_id from (${monthsNotes(from, to)}) n`)}),
    moves as (
      select inv.pos, (i.seller_state = inv.pos) as intra, i.gst_rate_bp as rate_bp,
             i.taxable_paise::bigint as taxable, i.cgst_paise::bigint as cgst, i.sgst_paise::bigint as sgst, i.igst_paise::bigint as igst
        from inv join order_line_directory i on i.order_id = inv.id ${ofVendor(vendor)}
       where inv.buyer_gstin is null
         and not exists (select 1 from large l where l.order_id = i.order_id and l.vendor_id = i.vendor_id)
      union all
      select o.place_of_supply, (i.seller_state = o.place_of_supply), i.gst_rate_bp,
             -(x->>'taxablePaise')::bigint, -(x->>'cgstPaise')::bigint, -(x->>'sgstPaise')::bigint, -(x->>'igstPaise')::bigint
        from credit_note_directory c
        join order_directory o on o.id = c.order_id
        cross join lateral jsonb_array_elements(c.lines) x
        join order_line_directory i on i.id = x->>'itemId' ${ofVendor(vendor)}
       where c.created_at >= ${from} and c.created_at < ${to} and o.buyer_gstin is null
         and not exists (select 1 from large l where l.order_id = i.order_id and l.vendor_id = i.vendor_id)
    )
    select pos, intra, rate_bp, sum(taxable)::bigint as taxable, sum(cgst)::bigint as cgst,
           sum(sgst)::bigint as sgst, sum(igst)::bigint as igst
      from moves group by 1, 2, 3 order by 1, 2 desc, 3`);
  return rows;
}

/** GSTR-1 table 5 (B2C large): the month's large inter-state invoices, one row per invoice and rate. */
export async function b2clRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<
    TaxRow & { order_number: string; order_date: string; vendor_id: string; pos: string; rate_bp: number; value: string }
  >(sql`
    with inv as (${invoicedOrders(from, to)}),
    large as (${largeParts(sql`select id from inv`)})
    select inv.order_number, o.order_date::text as order_date, i.vendor_id, inv.pos, i.gst_rate_bp as rate_bp,
           sum(sum(i.taxable_paise + i.cgst_paise + i.sgst_paise + i.igst_paise)) over (partition by inv.id, i.vendor_id)::bigint as value,
           sum(i.taxable_paise)::bigint as taxable, sum(i.cgst_paise)::bigint as cgst,
           sum(i.sgst_paise)::bigint as sgst, sum(i.igst_paise)::bigint as igst
      from inv
      join order_directory o on o.id = inv.id
      join order_line_directory i on i.order_id = inv.id ${ofVendor(vendor)}
      join large l on l.order_id = i.order_id and l.vendor_id = i.vendor_id
     group by inv.id, inv.order_number, o.order_date, i.vendor_id, inv.pos, i.gst_rate_bp
     order by o.order_date, inv.order_number, i.vendor_id, i.gst_rate_bp`);
  return rows;
}

/** GSTR-1 table 9B (CDNUR): the month's credit note lines against B2C large invoices, by note and rate. */
export async function cdnurRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<
    TaxRow & { number: string; created_at: string; order_number: string; pos: string; rate_bp: number; value: string }
  >(sql`
    with large as (${largeParts(monthsNotes(from, to))})
    select c.number, c.created_at::text as created_at, o.order_number, o.place_of_supply as pos, i.gst_rate_bp as rate_bp,
           sum((x->>'taxablePaise')::bigint + (x->>'cgstPaise')::bigint + (x->>'sgstPaise')::bigint + (x->>'igstPaise')::bigint)::bigint as value,
           sum((x->>'taxablePaise')::bigint)::bigint as taxable, sum((x->>'cgstPaise')::bigint)::bigint as cgst,
           sum((x->>'sgstPaise')::bigint)::bigint as sgst, sum((x->>'igstPaise')::bigint)::bigint as igst
      from credit_note_directory c
      join order_directory o on o.id = c.order_id
      cross join lateral jsonb_array_elements(c.lines) x
      join order_line_directory i on i.id = x->>'itemId' ${ofVendor(vendor)}
      join large l on l.order_id = i.order_id and l.vendor_id = i.vendor_id
     where c.created_at >= ${from} and c.created_at < ${to}
     group by c.id, c.number, c.created_at, o.order_number, o.place_of_supply, i.gst_rate_bp
     order by c.created_at, c.number, i.gst_rate_bp`);
  return rows;
}

/**
 * GSTR-1 table 4A (B2B, decision 71): the month's invoices to registered buyers (orders bought for a
 * business), one row per invoice (a seller's part of an order) and rate, with the buyer's GSTIN and
 * name; reported gross, their credit notes go to table 9B (CDNR).
 */
export async function b2bRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<
    TaxRow & {
      buyer_gstin: string;
      buyer_name: string;
      order_number: string;
      order_date: string;
      vendor_id: string;
      pos: string;
      rate_bp: number;
      value: string;
    }
  >(sql`
    with inv as (${invoicedOrders(from, to)})
    select inv.buyer_gstin, inv.buyer_legal_name as buyer_name, inv.order_number, o.order_date::text as order_date, i.vendor_id,
           inv.pos, i.gst_rate_bp as rate_bp,
           sum(sum(i.taxable_paise + i.cgst_paise + i.sgst_paise + i.igst_paise)) over (partition by inv.id, i.vendor_id)::bigint as value,
           sum(i.taxable_paise)::bigint as taxable, sum(i.cgst_paise)::bigint as cgst,
           sum(i.sgst_paise)::bigint as sgst, sum(i.igst_paise)::bigint as igst
      from inv
      join order_directory o on o.id = inv.id
      join order_line_directory i on i.order_id = inv.id ${ofVendor(vendor)}
     where inv.buyer_gstin is not null
     group by inv.id, inv.buyer_gstin, inv.buyer_legal_name, inv.order_number, o.order_date, i.vendor_id, inv.pos, i.gst_rate_bp
     order by inv.buyer_gstin, o.order_date, inv.order_number, i.vendor_id, i.gst_rate_bp`);
  return rows;
}

/** GSTR-1 table 9B (CDNR, decision 71): the month's credit note lines against invoices to registered buyers, by note and rate. */
export async function cdnrRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<
    TaxRow & {
      buyer_gstin: string;
      buyer_name: string;
      number: string;
      created_at: string;
      order_number: string;
      pos: string;
      rate_bp: number;
      value: string;
    }
  >(sql`
    select o.buyer_gstin, o.buyer_legal_name as buyer_name, c.number, c.created_at::text as created_at, o.order_number,
           o.place_of_supply as pos, i.gst_rate_bp as rate_bp,
           sum((x->>'taxablePaise')::bigint + (x->>'cgstPaise')::bigint + (x->>'sgstPaise')::bigint + (x->>'igstPaise')::bigint)::bigint as value,
           sum((x->>'taxablePaise')::bigint)::bigint as taxable, sum((x->>'cgstPaise')::bigint)::bigint as cgst,
           sum((x->>'sgstPaise')::bigint)::bigint as sgst, sum((x->>'igstPaise')::bigint)::bigint as igst
      from credit_note_directory c
      join order_directory o on o.id = c.order_id
      cross join lateral jsonb_array_elements(c.lines) x
      join order_line_directory i on i.id = x->>'itemId' ${ofVendor(vendor)}
     where c.created_at >= ${from} and c.created_at < ${to} and o.buyer_gstin is not null
     group by c.id, o.buyer_gstin, o.buyer_legal_name, c.number, c.created_at, o.order_number, o.place_of_supply, i.gst_rate_bp
     order by c.created_at, c.number, i.gst_rate_bp`);
  return rows;
}

/** How many invoices the month has (with a line of the seller), their goods and taxes, and their shipping charges (no GST). */
export async function invoiceCounts(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<TaxRow & { invoices: number; shipping: string }>(sql`
    with inv as (${invoicedOrders(from, to)})
    select count(*)::int as invoices, coalesce(sum(inv.shipping_paise), 0)::bigint as shipping,
           coalesce(sum(l.taxable), 0)::bigint as taxable, coalesce(sum(l.cgst), 0)::bigint as cgst,
           coalesce(sum(l.sgst), 0)::bigint as sgst, coalesce(sum(l.igst), 0)::bigint as igst
      from inv
      cross join lateral (
        select count(*) as lines, sum(i.taxable_paise) as taxable, sum(i.cgst_paise) as cgst,
               sum(i.sgst_paise) as sgst, sum(i.igst_paise) as igst
          from order_line_directory i where i.order_id = inv.id ${ofVendor(vendor)}
      ) l
     where l.lines > 0`);
  return rows[0]!;
}

/** The month's credit notes, each with the credited lines of the seller (all lines without a filter). */
export async function creditNoteRows(db: Executor, from: Date, to: Date, vendor: string | null) {
  const { rows } = await db.execute<
    TaxRow & { number: string; created_at: string; order_number: string; pos: string; reason: string; shipping: number; lines: number }
  >(sql`
    select c.number, c.created_at::text as created_at, o.order_number, o.place_of_supply as pos, c.reason,
           ${vendor ? sql`0` : sql`c.shipping_paise`} as shipping, l.lines, l.taxable, l.cgst, l.sgst, l.igst
      from credit_note_directory c
      join order_directory o on o.id = c.order_id
      cross join lateral (
        select count(*)::int as lines,
               coalesce(sum((x->>'taxablePaise')::bigint), 0)::bigint as taxable,
               coalesce(sum((x->>'cgstPaise')::bigint), 0)::bigint as cgst,
               coalesce(sum((x->>'sgstPaise')::bigint), 0)::bigint as sgst,
               coalesce(sum((x->>'igstPaise')::bigint), 0)::bigint as igst
          from jsonb_array_elements(c.lines) x
          join order_line_directory i on i.id = x->>'itemId' ${ofVendor(vendor)}
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
        from inv join order_line_directory i on i.order_id = inv.id ${ofVendor(vendor)}
      union all
      select i.hsn_code, i.gst_rate_bp, i.category, -(x->>'quantity')::bigint,
             -(x->>'taxablePaise')::bigint, -(x->>'cgstPaise')::bigint, -(x->>'sgstPaise')::bigint, -(x->>'igstPaise')::bigint
        from credit_note_directory c
        cross join lateral jsonb_array_elements(c.lines) x
        join order_line_directory i on i.id = x->>'itemId' ${ofVendor(vendor)}
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
