import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { commissionRates, payouts, vendorLedgerEntries } from '../../db/schema/payouts';
import { sellerDirectory } from '../../db/views/vendors';

export type LedgerRow = typeof vendorLedgerEntries.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export async function ratesByCategory(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select().from(commissionRates);
  return new Map(rows.map((r) => [r.category, r.rateBp]));
}

/** Whether the seller has a PAN on file: a GSTIN carries one (characters 3–12). */
export async function sellerHasPan(db: Executor, vendorId: string): Promise<boolean> {
  const [row] = await db.select({ gstin: sellerDirectory.gstin }).from(sellerDirectory).where(eq(sellerDirectory.id, vendorId));
  return Boolean(row?.gstin);
}

/** Writes ledger entries; a line already in the ledger is left as it is (delivery recorded once). */
export async function insertEntries(db: Executor, rows: (typeof vendorLedgerEntries.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(vendorLedgerEntries).values(rows).onConflictDoNothing({ target: vendorLedgerEntries.orderItemId });
}

/** Reverses entries of returned-and-refunded lines not paid out yet. */
export async function reverse(db: Executor, orderItemIds: readonly string[], at: Date): Promise<void> {
  if (orderItemIds.length === 0) return;
  await db
    .update(vendorLedgerEntries)
    .set({ reversedAt: at })
    .where(
      and(
        inArray(vendorLedgerEntries.orderItemId, [...orderItemIds]),
        isNull(vendorLedgerEntries.payoutId),
        isNull(vendorLedgerEntries.reversedAt),
      ),
    );
}

/** The vendor's money: in the return window, payable now, in a payout not paid yet, paid. */
export async function summaryOf(db: Executor, vendorId: string, now: Date) {
  const { rows } = await db.execute<{ in_window: number; payable: number; in_payout: number; paid: number }>(sql`
    select coalesce(sum(e.net_paise) filter (where e.payout_id is null and e.payable_at > ${now}), 0)::int as in_window,
           coalesce(sum(e.net_paise) filter (where e.payout_id is null and e.payable_at <= ${now}), 0)::int as payable,
           coalesce(sum(e.net_paise) filter (where p.status = 'pending'), 0)::int as in_payout,
           coalesce(sum(e.net_paise) filter (where p.status = 'paid'), 0)::int as paid
      from vendor_ledger_entries e left join payouts p on p.id = e.payout_id
     where e.vendor_id = ${vendorId} and e.reversed_at is null`);
  return rows[0]!;
}

export async function payoutsOf(db: Executor, vendorId: string, limit = 52): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.vendorId, vendorId)).orderBy(desc(payouts.periodStart)).limit(limit);
}

/** One page of the vendor's ledger, newest delivery first, with each entry's order number. */
export async function ledgerOf(db: Executor, vendorId: string, options: { page: number; pageSize: number; month?: string }) {
  const monthCondition = options.month ? sql`and to_char(e.delivered_at at time zone 'Asia/Kolkata', 'YYYY-MM') = ${options.month}` : sql``;
  const { rows } = await db.execute<Record<string, unknown> & { order_number: string; total: number }>(sql`
    select e.*, o.order_number, count(*) over ()::int as total
      from vendor_ledger_entries e
      join order_directory o on o.id = e.order_id
     where e.vendor_id = ${vendorId} ${monthCondition}
     order by e.delivered_at desc, e.id
     limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`);
  return rows;
}

/**
 * The weekly settlement: every vendor's payable entries (return window closed, not reversed, in no
 * payout) of weeks that have ended go into one payout per vendor and week. Entries are claimed with
 * FOR UPDATE SKIP LOCKED, so two settlements at once never put an entry in two payouts.
 */
export async function settle(db: Executor, now: Date, newId: () => string): Promise<number> {
  const { rows } = await db.execute<{ vendor_id: string; week: string }>(sql`
    select distinct vendor_id, to_char(date_trunc('week', payable_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as week
      from vendor_ledger_entries
     where payout_id is null and reversed_at is null and payable_at <= ${now}
       and date_trunc('week', payable_at at time zone 'Asia/Kolkata') + interval '7 days' <= (${now}::timestamptz at time zone 'Asia/Kolkata')`);
  let made = 0;
  for (const { vendor_id: vendorId, week } of rows) {
    const id = newId();
    const { rows: claimed } = await db.execute<{ id: string }>(sql`
      select id from vendor_ledger_entries
       where vendor_id = ${vendorId} and payout_id is null and reversed_at is null and payable_at <= ${now}
         and date_trunc('week', payable_at at time zone 'Asia/Kolkata') = ${week}::timestamp
       for update skip locked`);
    if (claimed.length === 0) continue;
    const inserted = await db.execute(sql`
      insert into payouts (id, vendor_id, period_start, period_end, entries, sale_paise, commission_paise, commission_gst_paise, tcs_paise, tds_paise, net_paise)
      select ${id}, ${vendorId}, ${week}::date, ${week}::date + 6, count(*), sum(sale_paise), sum(commission_paise), sum(commission_gst_paise),
             sum(tcs_paise), sum(tds_paise), sum(net_paise)
        from vendor_ledger_entries where id in (${sql.join(
          claimed.map((c) => sql`${c.id}`),
          sql`, `,
        )})
      on conflict (vendor_id, period_start) do nothing
      returning id`);
    if (inserted.rows.length === 0) continue;
    await db
      .update(vendorLedgerEntries)
      .set({ payoutId: id })
      .where(
        inArray(
          vendorLedgerEntries.id,
          claimed.map((c) => c.id),
        ),
      );
    made += 1;
  }
  return made;
}

export async function markPaid(
  db: Executor,
  payoutId: string,
  bankReference: string,
  paidBy: string,
  at: Date,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ status: 'paid', bankReference, paidBy, paidAt: at })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
    .returning();
  return row;
}

export async function findPayout(db: Executor, payoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row;
}
