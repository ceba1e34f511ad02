import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigurationInput, ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import { signInAdmin } from '../../test/accounts-kit';
import { listLaptop as listLaptopOf, trustedSeller } from '../../test/configurations-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/** An admin edits any seller's product's configurations with the seller's grid (decision 70); other sellers' offers are shown, not changed. */
let t: TestApp;
let seller: { cookie: string; vendorId: string };
let rival: { cookie: string; vendorId: string };
let admin: { cookie: string };

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];

const approvedSeller = (name: string) => trustedSeller(t, name);
const listLaptop = (cookie: string) => listLaptopOf(t, cookie);

const adminGrid = (productId: string) => json(t.app, 'GET', `/api/admin/products/${productId}/configurations`, undefined, admin.cookie);
const adminSave = (productId: string, body: unknown) =>
  json(t.app, 'PUT', `/api/admin/products/${productId}/configurations`, body, admin.cookie);

/** The grid's rows as they came, ready to send back (the stock seen carried). */
function rowsOf(answer: ConfigurationsResponse): ConfigurationInput[] {
  return answer.configurations
    .filter((c) => c.status === 'active')
    .map((c) => ({
      variantId: c.variantId,
      options: c.options,
      sku: c.sku,
      ean: c.ean,
      status: c.status,
      mrpPaise: c.mrpPaise,
      hsnCode: c.hsnCode,
      gstRateBp: c.gstRateBp,
      processor: c.processor,
      ramGb: c.ramGb,
      storageGb: c.storageGb,
      storageType: c.storageType,
      screenSizeIn: c.screenSizeIn,
      colour: c.colour,
      pricePaise: c.offer!.pricePaise,
      stock: c.offer!.stock,
      stockWas: c.offer!.stock,
      dispatchDays: c.offer!.dispatchDays,
    }));
}

/** The laptop's own configuration named 16 GB / 512 GB, and a 32 GB / 1 TB one beside it at ₹94,990 (MRP ₹1,09,990), 3 in stock. */
function twoConfigurations(answer: ConfigurationsResponse, sku: string): { optionKeys: string[]; configurations: ConfigurationInput[] } {
  const [own] = rowsOf(answer);
  return {
    optionKeys: ['ram', 'storage'],
    configurations: [
      { ...own!, options: { ram: '16 GB', storage: '512 GB SSD' } },
      {
        options: { ram: '32 GB', storage: '1 TB SSD' },
        sku,
        ean: '8901234567890',
        status: 'active',
        mrpPaise: 109_990_00,
        hsnCode: '84713010',
        gstRateBp: 1800,
        processor: 'Intel Core Ultra 7 155U',
        ramGb: 32,
        storageGb: 1024,
        storageType: 'SSD',
        screenSizeIn: 14,
        colour: null,
        pricePaise: 94_990_00,
        stock: 3,
        dispatchDays: 2,
      },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await approvedSeller('Kothrud Laptop Point');
  rival = await approvedSeller('Hinjewadi Systems');
  admin = await signInAdmin(t);
}, 120_000);
afterAll(() => t.close());

describe('an admin edits a product’s configurations', () => {
  it('adds a configuration for its seller, sees another seller’s offer without changing it, and the save is the admin’s in the audit log', async () => {
    const product = await listLaptop(seller.cookie);
    const offered = await json(
      t.app,
      'POST',
      '/api/vendor/offers',
      { variantId: product.id, pricePaise: 73_500_00, stock: 2, dispatchDays: 3, warranty: '1 year seller warranty', warrantyMonths: 12 },
      rival.cookie,
    );
    expect(offered.statusCode, offered.body).toBe(201);

    const res = await adminGrid(product.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ConfigurationsResponse;
    expect(answer.configurations[0]).toMatchObject({
      variantId: product.id,
      offer: { pricePaise: 74_990_00, stock: 5 },
      otherOffers: [{ sellerName: 'Hinjewadi Systems', pricePaise: 73_500_00, stock: 2, dispatchDays: 3 }],
    });

    const saved = await adminSave(product.id, twoConfigurations(answer, `TPB-ADM-${Date.now().toString(36)}`));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ConfigurationsResponse).configurations.map((c) => c.label)).toEqual(['16 GB · 512 GB SSD', '32 GB · 1 TB SSD']);
    // The seller sees the admin's change in the seller centre; the other seller's offer is as it was.
    const mine = (
      await json(t.app, 'GET', `/api/vendor/products/${product.id}/configurations`, undefined, seller.cookie)
    ).json() as ConfigurationsResponse;
    expect(mine.configurations[1]).toMatchObject({ label: '32 GB · 1 TB SSD', offer: { pricePaise: 94_990_00, stock: 3 } });
    const [other] = await rows<{ price_paise: number; stock: number }>(
      sql`select price_paise, stock from offers where vendor_id = ${rival.vendorId}`,
    );
    expect(other).toEqual({ price_paise: 73_500_00, stock: 2 });
    const [entry] = await rows<{ actor_role: string; vendor_id: string }>(
      sql`select actor_role, vendor_id from audit_log where entity_id = ${product.id} and action = 'product.configurations_update'`,
    );
    expect(entry).toEqual({ actor_role: 'admin', vendor_id: seller.vendorId });
  });

  it('answers 404 for a product that does not exist, and 401/403 to a seller', async () => {
    expect((await adminGrid('prd_missing')).statusCode).toBe(404);
    const product = await listLaptop(seller.cookie);
    const asSeller = await json(t.app, 'GET', `/api/admin/products/${product.id}/configurations`, undefined, seller.cookie);
    expect([401, 403]).toContain(asSeller.statusCode);
  });
});
