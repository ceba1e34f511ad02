import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailResponse, ProductListResponse } from '~/shared/schemas/catalogue';
import type { ConfigurationInput, ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import type { OwnProduct, ProductPicture } from '~/shared/schemas/vendor-products';
import { listLaptop as listLaptopOf, trustedSeller } from '../../test/configurations-kit';
import { randomUUID } from 'node:crypto';
import { addAddress, createTestApp, json, registerCustomer, type TestApp } from '../../test/test-app';

/** A seller edits its laptop's configurations in one grid (decision 70), with sellers and products of the test's own. */
let t: TestApp;
let seller: { cookie: string; vendorId: string };
let rival: { cookie: string; vendorId: string };

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.services.database.db.execute<T>(query)).rows as T[];

const approvedSeller = (name: string) => trustedSeller(t, name);
const listLaptop = (cookie: string) => listLaptopOf(t, cookie);

const grid = async (cookie: string, productId: string) =>
  json(t.app, 'GET', `/api/vendor/products/${productId}/configurations`, undefined, cookie);
const saveGrid = async (cookie: string, productId: string, body: unknown) =>
  json(t.app, 'PUT', `/api/vendor/products/${productId}/configurations`, body, cookie);

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

async function picture(cookie: string, productId: string, colour: { r: number; g: number; b: number }): Promise<ProductPicture> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/vendor/products/${productId}/images?alt=Front`,
    headers: { cookie, 'content-type': 'image/png' },
    payload: bytes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { picture: ProductPicture }).picture;
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await approvedSeller('Aundh Laptop House');
  rival = await approvedSeller('Wakad Computers');
}, 120_000);
afterAll(() => t.close());

describe('a seller edits its product’s configurations in one grid', () => {
  it('shows a product of one configuration with the options its category allows and the seller’s offer', async () => {
    const product = await listLaptop(seller.cookie);
    const res = await grid(seller.cookie, product.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ConfigurationsResponse;
    expect(answer).toMatchObject({ productId: product.id, category: 'Laptop', optionKeys: [] });
    expect(answer.allowedOptionKeys).toEqual(['processor', 'ram', 'storage', 'colour']);
    expect(answer.configurations).toHaveLength(1);
    expect(answer.configurations[0]).toMatchObject({
      variantId: product.id,
      mrpPaise: 89_990_00,
      ramGb: 16,
      storageGb: 512,
      processor: 'Intel Core Ultra 5 125U',
      offer: { pricePaise: 74_990_00, stock: 5, dispatchDays: 1 },
      ordered: false,
    });
  });

  it('adds a 32 GB configuration with its price and stock, which the product page sells beside the first, audited before and after', async () => {
    const product = await listLaptop(seller.cookie);
    const sku = `TPB-32-${Date.now().toString(36)}`;
    const body = twoConfigurations((await grid(seller.cookie, product.id)).json() as ConfigurationsResponse, sku);
    // The product's own configuration gets a new price and stock: the product's row follows (the previous release reads it).
    body.configurations[0] = { ...body.configurations[0]!, pricePaise: 72_990_00, stock: 6 };
    const saved = await saveGrid(seller.cookie, product.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as ConfigurationsResponse;
    expect(answer.optionKeys).toEqual(['ram', 'storage']);
    expect(answer.configurations.map((c) => [c.label, c.offer?.pricePaise, c.offer?.stock])).toEqual([
      ['16 GB · 512 GB SSD', 72_990_00, 6],
      ['32 GB · 1 TB SSD', 94_990_00, 3],
    ]);

    const own = await json(t.app, 'GET', `/api/vendor/products/${product.id}`, undefined, seller.cookie);
    expect((own.json() as { product: OwnProduct }).product).toMatchObject({ pricePaise: 72_990_00, stock: 6 });

    const page = await json(t.app, 'GET', `/api/catalogue/products/${product.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json() as ProductDetailResponse;
    expect(detail.options.map((o) => [o.key, o.values])).toEqual([
      ['ram', ['16 GB', '32 GB']],
      ['storage', ['512 GB SSD', '1 TB SSD']],
    ]);
    const big = detail.variants.find((v) => v.label === '32 GB · 1 TB SSD');
    expect(big).toMatchObject({ sku, mrpPaise: 109_990_00, available: true, winner: { pricePaise: 94_990_00, stock: 3, dispatchDays: 2 } });

    const [entry] = await rows<{
      action: string;
      vendor_id: string;
      before: { configurations: unknown[] };
      after: { configurations: unknown[] };
    }>(
      sql`select action, vendor_id, before, after from audit_log where entity_id = ${product.id} and action = 'product.configurations_update'`,
    );
    expect(entry).toMatchObject({ action: 'product.configurations_update', vendor_id: seller.vendorId });
    expect(entry!.before.configurations).toHaveLength(1);
    expect(entry!.after.configurations).toHaveLength(2);
  });

  it('puts each problem on its row and field: price above MRP, options twice, an option missing, a SKU of another product', async () => {
    const product = await listLaptop(seller.cookie);
    const other = await listLaptop(seller.cookie);
    const body = twoConfigurations((await grid(seller.cookie, product.id)).json() as ConfigurationsResponse, 'TPB-FIELD-1');
    const send = (change: (b: typeof body) => void) => {
      const copy = structuredClone(body);
      change(copy);
      return saveGrid(seller.cookie, product.id, copy);
    };

    const dear = await send((b) => (b.configurations[1]!.pricePaise = 1_20_000_00));
    expect(dear.statusCode).toBe(400);
    expect(dear.json().error.fields['configurations.1.pricePaise']).toBe('At most the MRP, ₹1,09,990.00');

    const twice = await send((b) => (b.configurations[1]!.options = { ram: '16 GB', storage: '512 gb ssd' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields['configurations.1.options']).toBe('The same options as configuration 1');

    const missing = await send((b) => (b.configurations[1]!.options = { ram: '32 GB' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields['configurations.1.options.storage']).toBe('Enter its Storage');

    const negative = await send((b) => (b.configurations[1]!.stock = -1));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields['configurations.1.stock']).toBeDefined();

    const taken = await send((b) => (b.configurations[1]!.sku = other.sku));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields['configurations.1.sku']).toBe('Another of your products or offers has this SKU');

    const monitorKey = await send((b) => {
      b.optionKeys = ['ram', 'size'];
      b.configurations = b.configurations.map((c, i) => ({ ...c, options: { ram: c.options.ram!, size: `${14 + i} inch` } }));
    });
    expect(monitorKey.statusCode).toBe(400);
    expect(monitorKey.json().error.fields.optionKeys).toBe('A laptop cannot vary by size.');

    // Nothing of the refused saves was written.
    const after = (await grid(seller.cookie, product.id)).json() as ConfigurationsResponse;
    expect(after.configurations).toHaveLength(1);
    expect(after.optionKeys).toEqual([]);
  });

  it('refuses a save when orders took units of a row meanwhile (409 on that row’s stock)', async () => {
    const product = await listLaptop(seller.cookie);
    const body = twoConfigurations(
      (await grid(seller.cookie, product.id)).json() as ConfigurationsResponse,
      `TPB-RACE-${Date.now().toString(36)}`,
    );
    // A checkout takes two units while the seller edits.
    await t.services.database.db.execute(sql`update offers set stock = stock - 2 where id = ${product.id}`);
    const res = await saveGrid(seller.cookie, product.id, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.fields['configurations.0.stock']).toBe('Stock is now 3, not 5: orders came in while you were editing.');
    const [offer] = await rows<{ stock: number }>(sql`select stock from offers where id = ${product.id}`);
    expect(offer!.stock).toBe(3);
  });

  it('archives a configuration left out that a picture shows, and removes one never sold', async () => {
    const product = await listLaptop(seller.cookie);
    const first = await saveGrid(
      seller.cookie,
      product.id,
      twoConfigurations((await grid(seller.cookie, product.id)).json() as ConfigurationsResponse, `TPB-ARC-${Date.now().toString(36)}`),
    );
    const big = (first.json() as ConfigurationsResponse).configurations[1]!;
    const body = { optionKeys: ['ram', 'storage'], configurations: rowsOf(first.json() as ConfigurationsResponse) };
    body.configurations.push({
      ...body.configurations[1]!,
      variantId: undefined,
      options: { ram: '64 GB', storage: '2 TB SSD' },
      sku: null,
    });
    const third = (await saveGrid(seller.cookie, product.id, body)).json() as ConfigurationsResponse;
    expect(third.configurations).toHaveLength(3);

    const shot = await picture(seller.cookie, product.id, { r: 20, g: 60, b: 140 });
    const marked = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}/images/${shot.id}`,
      { variantId: big.variantId },
      seller.cookie,
    );
    expect(marked.statusCode, marked.body).toBe(200);

    // Only the product's own configuration stays: the 32 GB one has a picture (archived), the 64 GB one nothing (removed).
    const kept = await saveGrid(seller.cookie, product.id, { optionKeys: ['ram', 'storage'], configurations: rowsOf(third).slice(0, 1) });
    expect(kept.statusCode, kept.body).toBe(200);
    const answer = kept.json() as ConfigurationsResponse;
    expect(answer.configurations.map((c) => [c.label, c.status])).toEqual([
      ['16 GB · 512 GB SSD', 'active'],
      ['32 GB · 1 TB SSD', 'archived'],
    ]);
    // Named again, the archived configuration comes back as itself (its picture with it).
    const back = await saveGrid(seller.cookie, product.id, {
      optionKeys: ['ram', 'storage'],
      configurations: [...rowsOf(answer), { ...rowsOf(third)[1]!, variantId: undefined, status: 'active' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as ConfigurationsResponse).configurations.find((c) => c.label === '32 GB · 1 TB SSD')).toMatchObject({
      variantId: big.variantId,
      status: 'active',
    });
  });

  it('archives, never removes, a configuration an order names, and shows the stock the order took', async () => {
    const product = await listLaptop(seller.cookie);
    const saved = await saveGrid(
      seller.cookie,
      product.id,
      twoConfigurations((await grid(seller.cookie, product.id)).json() as ConfigurationsResponse, `TPB-ORD-${Date.now().toString(36)}`),
    );
    const big = (saved.json() as ConfigurationsResponse).configurations[1]!;
    const customer = await registerCustomer(t.app, 'Meera Gokhale');
    const addressId = await addAddress(t.app, customer);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ productId: product.id, offerId: big.offer!.offerId, quantity: 1 }],
        addressId,
        delivery: 'standard',
        paymentMethod: 'upi',
      },
    });
    expect(order.statusCode, order.body).toBe(201);

    const now = (await grid(seller.cookie, product.id)).json() as ConfigurationsResponse;
    expect(now.configurations[1]).toMatchObject({ variantId: big.variantId, ordered: true, offer: { stock: 2 } });
    const kept = await saveGrid(seller.cookie, product.id, { optionKeys: ['ram', 'storage'], configurations: rowsOf(now).slice(0, 1) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as ConfigurationsResponse).configurations.map((c) => [c.variantId, c.status])).toEqual([
      [product.id, 'active'],
      [big.variantId, 'archived'],
    ]);
  });

  it('does not let a seller read or write another seller’s product (404)', async () => {
    const product = await listLaptop(seller.cookie);
    const answer = (await grid(seller.cookie, product.id)).json() as ConfigurationsResponse;
    expect((await grid(rival.cookie, product.id)).statusCode).toBe(404);
    const res = await saveGrid(rival.cookie, product.id, twoConfigurations(answer, 'WAKAD-1'));
    expect(res.statusCode).toBe(404);
    expect((await grid(seller.cookie, product.id)).json().configurations).toHaveLength(1);
    const shot = await picture(seller.cookie, product.id, { r: 90, g: 20, b: 20 });
    const marked = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}/images/${shot.id}`,
      { variantId: product.id },
      rival.cookie,
    );
    expect(marked.statusCode).toBe(404);
  });
});

describe('pictures of a configuration', () => {
  it('gives a configuration its own picture on the product page, the model keeping the others', async () => {
    const product = await listLaptop(seller.cookie);
    const saved = await saveGrid(
      seller.cookie,
      product.id,
      twoConfigurations((await grid(seller.cookie, product.id)).json() as ConfigurationsResponse, `TPB-PIC-${Date.now().toString(36)}`),
    );
    const big = (saved.json() as ConfigurationsResponse).configurations[1]!;
    const front = await picture(seller.cookie, product.id, { r: 30, g: 30, b: 30 });
    const silver = await picture(seller.cookie, product.id, { r: 200, g: 200, b: 210 });

    // A configuration of another product is not one this picture can show.
    const elsewhere = await listLaptop(seller.cookie);
    const wrong = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}/images/${silver.id}`,
      { variantId: elsewhere.id },
      seller.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.variantId).toBe('Choose one of this product’s configurations');

    const marked = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}/images/${silver.id}`,
      { variantId: big.variantId },
      seller.cookie,
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as { picture: ProductPicture }).picture.variantId).toBe(big.variantId);
    // Another seller cannot mark this product's picture: the product is not theirs (404), and nothing changes.
    const theirs = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}/images/${front.id}`,
      { variantId: big.variantId },
      rival.cookie,
    );
    expect(theirs.statusCode, theirs.body).toBe(404);
    const pictures = await json(t.app, 'GET', `/api/vendor/products/${product.id}/images`, undefined, seller.cookie);
    expect((pictures.json() as { pictures: ProductPicture[] }).pictures.map((p) => [p.id, p.variantId])).toEqual([
      [front.id, null],
      [silver.id, big.variantId],
    ]);

    const detail = (await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).json() as ProductDetailResponse;
    expect(detail.product.images.map((i) => i.id)).toEqual([front.id]);
    expect(detail.variants.find((v) => v.id === big.variantId)!.images.map((i) => i.id)).toEqual([silver.id]);
    expect(detail.variants.find((v) => v.id === product.id)!.images).toEqual([]);

    // A list filtered to 32 GB opens the card on that configuration, with its own picture.
    const listed = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(product.name)}&ram=32`);
    const card = (listed.json() as ProductListResponse).items.find((i) => i.id === product.id);
    expect(card?.configurations).toMatchObject({ count: 2, variantId: big.variantId });
    expect(card?.image?.id).toBe(silver.id);
    const unfiltered = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(product.name)}`);
    expect((unfiltered.json() as ProductListResponse).items.find((i) => i.id === product.id)?.image?.id).toBe(front.id);

    // Marked for every configuration again, it is the model's.
    await json(t.app, 'PUT', `/api/vendor/products/${product.id}/images/${silver.id}`, { variantId: null }, seller.cookie);
    const again = (await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).json() as ProductDetailResponse;
    expect(again.product.images.map((i) => i.id)).toEqual([front.id, silver.id]);
    expect(again.variants.every((v) => v.images.length === 0)).toBe(true);
  });
});
