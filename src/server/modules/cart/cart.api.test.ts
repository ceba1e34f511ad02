import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING } from '~/shared/pricing';
import type { CartCheckResponse } from '~/shared/schemas/cart';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;

type Row = { id: string; price_paise: number; stock: number };

/** One visible product matching a SQL condition (never a hard-coded id). */
async function product(where: ReturnType<typeof sql>, order = sql`p.price_paise`): Promise<Row> {
  const { rows } = await t.services.database.db.execute<Row>(
    sql`select p.id, p.price_paise, p.stock from products p where p.status = 'active' and p.vendor_active and ${where} order by ${order} limit 1`,
  );
  expect(rows[0], 'the demo catalogue has such a product').toBeDefined();
  return rows[0]!;
}

async function setProduct(id: string, values: ReturnType<typeof sql>) {
  await t.services.database.db.execute(sql`update products set ${values} where id = ${id}`);
}

const check = (items: unknown) => json(t.app, 'POST', '/api/cart/check', { items });

async function checkOk(items: unknown): Promise<CartCheckResponse> {
  const res = await check(items);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CartCheckResponse;
}

const gstOf = (amount: number) => amount - Math.round((amount * 10_000) / 11_800);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
});
afterAll(() => t.close());

describe('POST /api/cart/check', () => {
  it('answers an unchanged line as ok with its card and totals from the database', async () => {
    const p = await product(sql`p.stock >= 3 and p.price_paise >= ${PRICING.freeShippingAtPaise}`);
    const body = await checkOk([{ productId: p.id, quantity: 2, pricePaise: p.price_paise }]);
    expect(body.lines).toEqual([
      expect.objectContaining({
        productId: p.id,
        quantity: 2,
        status: 'ok',
        lineTotalPaise: 2 * p.price_paise,
        product: expect.objectContaining({ id: p.id, pricePaise: p.price_paise, stock: p.stock }),
      }),
    ]);
    expect(body.totals).toEqual({
      itemCount: 2,
      subtotalPaise: 2 * p.price_paise,
      gstIncludedPaise: gstOf(2 * p.price_paise),
      shippingPaise: 0,
      totalPaise: 2 * p.price_paise,
      freeShippingShortfallPaise: 0,
    });
  });

  it('flags a tampered lower price and totals with the database price', async () => {
    const p = await product(sql`p.stock >= 1`);
    const body = await checkOk([{ productId: p.id, quantity: 1, pricePaise: 100 }]);
    expect(body.lines[0]).toMatchObject({
      status: 'price_changed',
      oldPricePaise: 100,
      newPricePaise: p.price_paise,
      lineTotalPaise: p.price_paise,
    });
    expect(body.totals.subtotalPaise).toBe(p.price_paise);
    expect(body.totals.totalPaise).toBe(p.price_paise + body.totals.shippingPaise);
  });

  it('reduces a quantity larger than the stock', async () => {
    const p = await product(sql`p.stock between 1 and 50`);
    const body = await checkOk([{ productId: p.id, quantity: p.stock + 1, pricePaise: p.price_paise }]);
    expect(body.lines[0]).toMatchObject({
      status: 'quantity_reduced',
      availableQuantity: p.stock,
      lineTotalPaise: p.stock * p.price_paise,
    });
    expect(body.totals.itemCount).toBe(p.stock);
  });

  it('flags an out-of-stock product and leaves it out of the totals', async () => {
    const p = await product(sql`p.stock >= 1`, sql`p.id desc`);
    await setProduct(p.id, sql`stock = 0`);
    const body = await checkOk([{ productId: p.id, quantity: 1, pricePaise: p.price_paise }]);
    expect(body.lines[0]).toMatchObject({
      status: 'out_of_stock',
      lineTotalPaise: 0,
      product: expect.objectContaining({ stockStatus: 'out_of_stock' }),
    });
    expect(body.totals).toMatchObject({ itemCount: 0, subtotalPaise: 0, shippingPaise: 0, totalPaise: 0 });
  });

  it('answers a draft and an unknown product as unavailable', async () => {
    const p = await product(sql`p.stock >= 1`, sql`p.price_paise desc`);
    await setProduct(p.id, sql`status = 'draft'`);
    const body = await checkOk([
      { productId: p.id, quantity: 1, pricePaise: p.price_paise },
      { productId: 'prd_does_not_exist', quantity: 1, pricePaise: 100 },
    ]);
    expect(body.lines.map((l) => [l.status, l.product])).toEqual([
      ['unavailable', null],
      ['unavailable', null],
    ]);
  });

  it('refuses bad quantities, empty carts and unknown keys with field errors', async () => {
    const p = await product(sql`p.stock >= 1`);
    for (const quantity of [0, -1, 1.5, 1e9, '1']) {
      const res = await check([{ productId: p.id, quantity, pricePaise: p.price_paise }]);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().error.fields, String(quantity)).toHaveProperty(['items.0.quantity']);
    }
    expect((await check([])).statusCode).toBe(400);
    const extra = await json(t.app, 'POST', '/api/cart/check', { items: [{ productId: p.id, quantity: 1, pricePaise: 1 }], totalPaise: 1 });
    expect(extra.statusCode).toBe(400);
    const extraLine = await check([{ productId: p.id, quantity: 1, pricePaise: 1, discountPaise: 5 }]);
    expect(extraLine.statusCode).toBe(400);
  });

  it('charges ₹199 standard delivery below ₹10,000 and nothing at or above it', async () => {
    const cheap = await product(sql`p.stock >= 1 and p.price_paise < ${PRICING.freeShippingAtPaise}`);
    const below = await checkOk([{ productId: cheap.id, quantity: 1, pricePaise: cheap.price_paise }]);
    expect(below.totals).toMatchObject({
      shippingPaise: 199_00,
      totalPaise: cheap.price_paise + 199_00,
      freeShippingShortfallPaise: PRICING.freeShippingAtPaise - cheap.price_paise,
      gstIncludedPaise: gstOf(cheap.price_paise),
    });

    const dear = await product(sql`p.stock >= 1 and p.price_paise >= ${PRICING.freeShippingAtPaise}`);
    const above = await checkOk([{ productId: dear.id, quantity: 1, pricePaise: dear.price_paise }]);
    expect(above.totals).toMatchObject({ shippingPaise: 0, totalPaise: dear.price_paise, freeShippingShortfallPaise: 0 });
  });

  it('checks a line of another seller’s offer at that offer’s price and stock, naming its seller', async () => {
    const own = await product(sql`p.price_paise between 20000 and 1000000 and p.stock > 0`);
    const [vendor] = (
      await t.services.database.db.execute<{ id: string; business_name: string }>(
        sql`select v.id, v.business_name from vendors v join products p on p.id = ${own.id}
             where v.status = 'approved' and v.id <> p.vendor_id
               and not exists (select 1 from offers o where o.vendor_id = v.id and o.variant_id = p.id) order by v.id limit 1`,
      )
    ).rows;
    const price = own.price_paise - 10000;
    await t.services.database.db.execute(sql`
      insert into offers (id, variant_id, product_id, vendor_id, seller_sku, price_paise, stock, warranty, warranty_months)
      values ('off_cart_check', ${own.id}, ${own.id}, ${vendor!.id}, 'CART-CHECK-1', ${price}, 2, '1 year', 12)`);
    const [mine, theirs, elsewhere] = (
      await checkOk([
        { productId: own.id, quantity: 1, pricePaise: own.price_paise },
        { productId: own.id, offerId: 'off_cart_check', quantity: 3, pricePaise: price },
        { productId: 'prd_not_this_one', offerId: 'off_cart_check', quantity: 1, pricePaise: price },
      ])
    ).lines;
    expect(mine).toMatchObject({ status: 'ok', lineTotalPaise: own.price_paise });
    expect(mine!.sellerName).toBeUndefined();
    expect(theirs).toMatchObject({
      offerId: 'off_cart_check',
      status: 'quantity_reduced',
      availableQuantity: 2,
      sellerName: vendor!.business_name,
      lineTotalPaise: 2 * price,
      product: expect.objectContaining({ pricePaise: price, stock: 2 }),
    });
    expect(elsewhere).toMatchObject({ status: 'unavailable', product: null, lineTotalPaise: 0 });
  });
});
