import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnProduct } from '~/shared/schemas/vendor-products';
import type { VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import { signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

const kit = useOrdersTestApp();

/** An approved vendor of its own, so its figures are only what this test makes. */
async function freshVendor(name: string) {
  const vendor = await signUpVendor(kit.t, name);
  await kit.db().execute(sql`update vendors set status = 'approved', trusted = true where id = ${vendor.vendorId}`);
  return vendor;
}

async function listMonitor(cookie: string, price: string, stock = '20', status = 'active'): Promise<OwnProduct> {
  const res = await json(
    kit.t.app,
    'POST',
    '/api/vendor/products',
    {
      category: 'Monitor',
      brand: 'LG',
      name: `LG Ultragear Dashboard ${price} ${Math.random().toString(36).slice(2, 7)}`,
      description: 'A 24-inch Full HD IPS monitor at 180 Hz for esports, with AMD FreeSync and a tilt stand.',
      price,
      mrp: '30,000',
      hsnCode: '85285200',
      gstRatePercent: 18,
      stock,
      warranty: '3 years',
      warrantyMonths: '36',
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
      weightKg: '4',
      lengthCm: '60',
      widthCm: '15',
      heightCm: '40',
      status,
      screenSizeIn: '24',
      resolution: '1920 x 1080',
      resolutionName: 'Full HD',
      panelType: 'IPS',
      refreshRateHz: '180',
      ports: 'HDMI; DisplayPort',
    },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as OwnProduct;
}

async function dashboard(cookie: string, range = '7d'): Promise<VendorDashboard> {
  const res = await json(kit.t.app, 'GET', `/api/vendor/dashboard?range=${range}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VendorDashboard;
}

describe('the vendor dashboard', () => {
  it("counts the vendor's own lines of confirmed orders to the paise, with and without GST, beside the week before", async () => {
    const vendor = await freshVendor('Nerul Dashboard Displays');
    const other = await freshVendor('Vashi Other Displays');
    const a = await listMonitor(vendor.cookie, '11,800');
    const b = await listMonitor(vendor.cookie, '23,600');
    const theirs = await listMonitor(other.cookie, '17,700');
    const { cookie, addressId } = await kit.customerWithAddress();
    const order = (items: { productId: string; quantity: number }[]) =>
      kit.placed(cookie, { items, addressId, delivery: 'standard', paymentMethod: 'cod' });

    // This week: one order of both vendors (a ×2 and theirs), one of b.
    await order([
      { productId: a.id, quantity: 2 },
      { productId: theirs.id, quantity: 1 },
    ]);
    const second = await order([{ productId: b.id, quantity: 1 }]);
    // Last week: one order of a, moved 8 days back.
    const old = await order([{ productId: a.id, quantity: 1 }]);
    await kit.db().execute(sql`update orders set order_date = now() - interval '8 days' where id = ${old.order.id}`);
    // An unpaid card order is not a sale.
    await kit.place(cookie, { items: [{ productId: b.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'card' });

    const d = await dashboard(vendor.cookie);
    // 2 × ₹11,800 + ₹23,600 = ₹47,200 with GST; 18% GST inside: ₹40,000 before it.
    expect(d.current).toEqual({
      salesPaise: 47_200_00,
      netSalesPaise: 40_000_00,
      orders: 2,
      units: 3,
      averageOrderPaise: 23_600_00,
      returns: 0,
    });
    expect(d.previous).toMatchObject({ salesPaise: 11_800_00, orders: 1, units: 1 });
    expect(d.daily).toHaveLength(7);
    expect(d.daily.at(-1)).toMatchObject({ salesPaise: 47_200_00 });
    expect(d.daily.reduce((n, x) => n + x.previousSalesPaise, 0)).toBe(11_800_00);
    expect(d.topProducts.map((p) => [p.productId, p.units, p.salesPaise])).toEqual([
      [a.id, 2, 23_600_00],
      [b.id, 1, 23_600_00],
    ]);
    expect(d.recentOrders.map((o) => o.id)).toContain(second.order.id);
    expect(d.recentOrders.every((o) => o.lines.every((l) => l.productId !== theirs.id))).toBe(true);
    expect(d.todo).toMatchObject({ toPack: 3, toShip: 0, lateToShip: 1, returnsToReceive: 0 });

    // Today only: the old order is not today, and nothing was sold yesterday.
    const today = await dashboard(vendor.cookie, 'today');
    expect(today.current.salesPaise).toBe(47_200_00);
    expect(today.previous.salesPaise).toBe(0);
    expect(today.daily).toHaveLength(1);

    // The other vendor sees only its own line.
    expect((await dashboard(other.cookie)).current).toMatchObject({ salesPaise: 17_700_00, orders: 1, units: 1 });
  });

  it('leaves out cancelled items and cancelled orders, counts returns asked for, and lists what waits', async () => {
    const vendor = await freshVendor('Belapur Dashboard Traders');
    const low = await listMonitor(vendor.cookie, '10,000', '5');
    await listMonitor(vendor.cookie, '10,000', '0');
    await listMonitor(vendor.cookie, '10,000', '8', 'draft');
    const { cookie, addressId } = await kit.customerWithAddress();
    const kept = await kit.placed(cookie, {
      items: [{ productId: low.id, quantity: 2 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const gone = await kit.placed(cookie, {
      items: [{ productId: low.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const cancel = await json(kit.t.app, 'POST', `/api/orders/${gone.order.id}/cancel`, { reason: 'Ordered twice by mistake' }, cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // One of the two units of the kept order was cancelled by the seller.
    await kit.db().execute(sql`update order_items set cancelled_quantity = 1 where order_id = ${kept.order.id}`);
    const returned = await kit.placed(cookie, {
      items: [{ productId: low.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    await kit
      .db()
      .execute(
        sql`update orders set status = 'return_requested', return_requested_at = now(), delivered_at = now() where id = ${returned.order.id}`,
      );
    await kit.db().execute(sql`insert into shipments (id, order_id, vendor_id, carrier, tracking_number, status, delivered_at)
      values (${`shp_${returned.order.id}`}, ${returned.order.id}, ${vendor.vendorId}, 'Blue Dart', 'BD1', 'delivered', now())`);
    // The seller packed the kept order: it waits for the courier now.
    await kit.db().execute(sql`insert into packings (order_id, vendor_id) values (${kept.order.id}, ${vendor.vendorId})`);

    const d = await dashboard(vendor.cookie);
    expect(d.current).toMatchObject({ salesPaise: 20_000_00, orders: 2, units: 2, returns: 1 });
    expect(d.todo).toEqual({ toPack: 0, toShip: 1, lateToShip: 0, returnsToReceive: 1, lowStock: 1, outOfStock: 1, drafts: 1 });
  });

  it('answers a pending vendor with empty figures, and refuses customers and visitors', async () => {
    const pending = await signUpVendor(kit.t, 'Panvel Pending PCs');
    const d = await dashboard(pending.cookie, '30d');
    expect(d.current.salesPaise).toBe(0);
    expect(d.daily).toHaveLength(30);
    expect((await json(kit.t.app, 'GET', '/api/vendor/dashboard')).statusCode).toBe(401);
    const customer = await signUpCustomer(kit.t);
    expect((await json(kit.t.app, 'GET', '/api/vendor/dashboard', undefined, customer.cookie)).statusCode).toBe(403);
    const bad = await json(kit.t.app, 'GET', '/api/vendor/dashboard?range=year', undefined, pending.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.range).toBe('Range must be today, 7d or 30d');
  });
});
