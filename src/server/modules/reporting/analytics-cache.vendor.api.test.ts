import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorDashboard } from '~/shared/schemas/vendor-dashboard';
import { signUpVendor } from '../../test/accounts-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VENDOR_DASHBOARD_CACHE_SECONDS: 30 });
}, 120_000);
afterAll(() => t.close());

const dashboard = async (cookie: string) => {
  const res = await json(t.app, 'GET', '/api/vendor/dashboard?range=7d', undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VendorDashboard;
};

describe('the vendor dashboard with its cache', () => {
  it('serves figures a few seconds old to many readers at once, and shows the vendor’s own change at once', async () => {
    const vendor = await signUpVendor(t, 'Airoli Cached Computers');
    await t.services.database.db.execute(sql`update vendors set status = 'approved', trusted = true where id = ${vendor.vendorId}`);
    const created = await json(
      t.app,
      'POST',
      '/api/vendor/products',
      {
        category: 'Monitor',
        brand: 'LG',
        name: 'LG Ultragear Cache Test 24GS60F',
        description: 'A 24-inch Full HD IPS monitor at 180 Hz for esports, with AMD FreeSync and a tilt stand.',
        price: '12,999',
        mrp: '20,000',
        hsnCode: '85285200',
        gstRatePercent: 18,
        stock: '3',
        warranty: '3 years',
        warrantyMonths: '36',
        originCountry: 'China',
        makerName: 'Lenovo (India) Pvt Ltd',
        makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
        weightKg: '4',
        lengthCm: '60',
        widthCm: '15',
        heightCm: '40',
        status: 'active',
        screenSizeIn: '24',
        resolution: '1920 x 1080',
        resolutionName: 'Full HD',
        panelType: 'IPS',
        refreshRateHz: '180',
        ports: 'HDMI; DisplayPort',
      },
      vendor.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().product.id as string;

    // Twenty readers at once get the same figures.
    const many = await Promise.all(Array.from({ length: 20 }, () => dashboard(vendor.cookie)));
    expect(new Set(many.map((d) => JSON.stringify(d.todo))).size).toBe(1);
    expect(many[0]!.todo).toMatchObject({ lowStock: 1, outOfStock: 0 });

    // Stock sold elsewhere (here: written straight to the database) shows once the figures expire…
    await t.services.database.db.execute(sql`update products set stock = 0 where id = ${productId}`);
    expect((await dashboard(vendor.cookie)).todo).toMatchObject({ lowStock: 1, outOfStock: 0 });
    // …while the vendor's own change through the seller centre shows at once.
    const patched = await json(t.app, 'PATCH', `/api/vendor/products/${productId}`, { stock: 0 }, vendor.cookie);
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await dashboard(vendor.cookie)).todo).toMatchObject({ lowStock: 0, outOfStock: 1 });
  });
});
