import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CodRemittancesResponse, UploadRemittanceResponse } from '~/shared/schemas/cod-remittances';
import type { CourierShipment } from '~/shared/schemas/shipping';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { payoutsFixtures, type SignedInVendor } from '../payouts/payouts.fixtures';

const kit = useOrdersTestApp();
const f = payoutsFixtures(kit);
const DAY_MS = 86_400_000;

/** A cash-on-delivery order of the vendor's, shipped with the test courier's cheapest courier. */
async function courierCodOrder(vendor: SignedInVendor) {
  const { order } = await f.placeOrder([{ vendor, quantity: 1 }]);
  const quote = await f.get<{ quote: { rates: { courierId: string }[] } }>(`/api/vendor/orders/${order.id}/courier-rates`, vendor.cookie);
  const res = await json(
    kit.t.app,
    'POST',
    `/api/vendor/orders/${order.id}/courier-shipment`,
    { courierId: quote.quote.rates[0]!.courierId },
    vendor.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { order, shipment: res.json().shipment as CourierShipment };
}

const rupees = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
const fileOf = (rows: { awb: string; paise: number; ref: string; date?: string }[]) =>
  ['AWB,Amount,Remittance Reference,Date', ...rows.map((r) => `${r.awb},${rupees(r.paise)},${r.ref},${r.date ?? '2026-12-01'}`)].join('\n');
const upload = (cookie: string, csv: string) =>
  json(kit.t.app, 'POST', '/api/admin/cod-remittances', { csv, fileName: 'remit.csv' }, cookie);
async function uploaded(cookie: string, csv: string): Promise<UploadRemittanceResponse> {
  const res = await upload(cookie, csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UploadRemittanceResponse;
}

const entriesOf = (orderId: string) =>
  kit.rows<{ kind: string; net_paise: number; courier_charge_paise: number; courier_charge_gst_paise: number; payout_id: string | null }>(
    sql`select kind, net_paise, courier_charge_paise, courier_charge_gst_paise, payout_id from vendor_ledger_entries where order_id = ${orderId} order by kind`,
  );

describe('cash on delivery reconciled from the courier’s remittance file', () => {
  it('marks each parcel’s cash received once, says per row what is wrong, and shows what each courier still owes', async () => {
    const admin = await signInAdmin(kit.t);
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const one = await courierCodOrder(vendor);
    const two = await courierCodOrder(vendor);
    await f.deliver(vendor, one.order.id);
    await f.deliver(vendor, two.order.id);

    const before = await f.get<CodRemittancesResponse>('/api/admin/cod-remittances', admin.cookie);
    const owedAwbs = before.owed.parcels.map((p) => p.awb);
    expect(owedAwbs).toEqual(expect.arrayContaining([one.shipment.awb, two.shipment.awb]));
    const courier = before.owed.couriers.find((c) => c.courierName === one.shipment.courierName)!;
    expect(courier.parcels).toBeGreaterThanOrEqual(1);
    expect(before.owed.parcels.find((p) => p.awb === one.shipment.awb)).toMatchObject({
      codAmountPaise: one.shipment.codAmountPaise,
      ageDays: 0,
    });

    const csv = fileOf([
      { awb: one.shipment.awb, paise: one.shipment.codAmountPaise!, ref: 'UTRTEST0001' },
      { awb: two.shipment.awb, paise: two.shipment.codAmountPaise! - 100, ref: 'UTRTEST0001' },
      { awb: 'TE0000000000', paise: 1000_00, ref: 'UTRTEST0001' },
      { awb: one.shipment.awb, paise: one.shipment.codAmountPaise!, ref: 'UTRTEST0001' },
      { awb: two.shipment.awb, paise: 5_00, ref: 'UTRTEST0001', date: '31-02-2026' },
    ]);
    const first = await uploaded(admin.cookie, csv);
    expect(first.summary).toMatchObject({ rows: 5, received: 1, receivedPaise: one.shipment.codAmountPaise, problems: 4, remittances: 1 });
    expect(first.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'received'],
      [3, 'amount_mismatch'],
      [4, 'unknown_awb'],
      [5, 'already_remitted'],
      [6, 'invalid'],
    ]);
    expect(first.rows[0]!.orderNumber).toBe(one.order.orderNumber);
    expect(first.rows[1]!.message).toContain('the file says');

    // The same file again: nothing received twice.
    const again = await uploaded(admin.cookie, csv);
    expect(again.summary).toMatchObject({ received: 0, receivedPaise: 0 });
    expect(again.rows[0]!.outcome).toBe('already_remitted');

    const after = await f.get<CodRemittancesResponse>('/api/admin/cod-remittances', admin.cookie);
    expect(after.owed.parcels.map((p) => p.awb)).not.toContain(one.shipment.awb);
    expect(after.owed.parcels.map((p) => p.awb)).toContain(two.shipment.awb);
    expect(after.remittances.find((r) => r.reference === 'UTRTEST0001')).toMatchObject({
      amountPaise: one.shipment.codAmountPaise,
      parcels: 1,
      remittedOn: '2026-12-01',
      source: 'upload',
      fileName: 'remit.csv',
    });
    const audit = await kit.rows<{ action: string }>(sql`select action from audit_log where action = 'cod.remittance_received'`);
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('receives a parcel’s cash once when two uploads of it run at once', async () => {
    const admin = await signInAdmin(kit.t);
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    const parcels = [await courierCodOrder(vendor), await courierCodOrder(vendor)];
    for (const p of parcels) await f.deliver(vendor, p.order.id);
    const rows = parcels.map((p) => ({ awb: p.shipment.awb, paise: p.shipment.codAmountPaise!, ref: 'UTRRACE0001' }));
    const [a, b, c] = await Promise.all([
      uploaded(admin.cookie, fileOf(rows)),
      uploaded(admin.cookie, fileOf([...rows].reverse())),
      uploaded(admin.cookie, fileOf(rows.map((r) => ({ ...r, ref: 'UTRRACE0002' })))),
    ]);
    expect(a.summary.received + b.summary.received + c.summary.received).toBe(2);
    const lines = await kit.rows<{ awb: string; n: number }>(sql`
      select awb, count(*)::int as n from cod_remittance_lines where awb in (${parcels[0]!.shipment.awb}, ${parcels[1]!.shipment.awb}) group by awb`);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l.n).toBe(1);
    const released = await kit.rows<{ released: number }>(sql`
      select count(*)::int as released from cod_cash_holds where order_id in (${parcels[0]!.order.id}, ${parcels[1]!.order.id}) and released_at is not null`);
    expect(released[0]!.released).toBe(2);
  });

  it('refuses a file without the columns, and anyone but an admin', async () => {
    const admin = await signInAdmin(kit.t);
    const res = await upload(admin.cookie, 'awb,amount\nTE1,10');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.csv).toContain('reference');
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.approvedVendor);
    expect((await upload(vendor.cookie, fileOf([]))).statusCode).toBe(403);
    expect((await json(kit.t.app, 'GET', '/api/admin/cod-remittances', undefined, vendor.cookie)).statusCode).toBe(403);
    expect((await json(kit.t.app, 'GET', '/api/admin/cod-remittances')).statusCode).toBe(401);
  });
});

describe('courier charges and cash on delivery in the seller’s payouts', () => {
  it('deducts the courier charge once, with its GST, and pays a COD order only once its cash is in', async () => {
    const admin = await signInAdmin(kit.t);
    const vendor = await f.signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const { order, shipment } = await courierCodOrder(vendor);
    const booked = await entriesOf(order.id);
    expect(booked).toEqual([
      {
        kind: 'courier',
        net_paise: -shipment.chargePaise,
        courier_charge_paise: shipment.chargePaise,
        courier_charge_gst_paise: shipment.chargePaise - Math.round((shipment.chargePaise * 100) / 118),
        payout_id: null,
      },
    ]);
    // A hand-shipped COD order of the same seller keeps today's rule: payable after its return window.
    const { order: byHand } = await f.deliveredOrder(vendor, 1);
    await f.deliver(vendor, order.id);
    await f.deliveredDaysAgo(order.id, 30);
    await f.deliveredDaysAgo(byHand.id, 30);

    const ledger = await f.get<{ items: { orderNumber: string; kind: string; state: string; courierChargeGstPaise: number }[] }>(
      `/api/vendor/payouts/ledger?q=${order.orderNumber}`,
      vendor.cookie,
    );
    expect(ledger.items.map((e) => [e.kind, e.state]).sort()).toEqual([
      ['courier', 'payable'],
      ['sale', 'awaiting_cod_cash'],
    ]);

    const payouts = kit.t.services.payoutsService;
    await payouts.settle(new Date(Date.now() + 7 * DAY_MS));
    const held = await entriesOf(order.id);
    expect(held.find((e) => e.kind === 'sale')!.payout_id).toBeNull();
    const charge = held.find((e) => e.kind === 'courier')!;
    expect(charge.payout_id).not.toBeNull();
    const [handSale] = await kit.rows<{ payout_id: string | null }>(
      sql`select payout_id from vendor_ledger_entries where order_id = ${byHand.id}`,
    );
    expect(handSale!.payout_id).toBe(charge.payout_id);
    const [payout] = await kit.rows<{ courier_charge_paise: number; net_paise: number; summed: number }>(sql`
      select p.courier_charge_paise, p.net_paise, (select sum(net_paise)::int from vendor_ledger_entries e where e.payout_id = p.id) as summed
        from payouts p where p.id = ${charge.payout_id}`);
    expect(payout!.courier_charge_paise).toBeGreaterThanOrEqual(shipment.chargePaise);
    expect(payout!.net_paise).toBe(payout!.summed);

    await uploaded(admin.cookie, fileOf([{ awb: shipment.awb, paise: shipment.codAmountPaise!, ref: 'UTRPAY00001' }]));
    await payouts.settle(new Date(Date.now() + 14 * DAY_MS));
    const paid = await entriesOf(order.id);
    const sale = paid.find((e) => e.kind === 'sale')!;
    expect(sale.payout_id).not.toBeNull();
    expect(sale.payout_id).not.toBe(charge.payout_id);
    // The charge stayed in its first payout: deducted once.
    expect(paid.filter((e) => e.kind === 'courier')).toEqual([charge]);
  });
});
