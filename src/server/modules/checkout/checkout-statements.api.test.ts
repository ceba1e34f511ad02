import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithAddress } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Checkout's reads by key and its stock update go as prepared statements that keep their plan
 * (decision 38): a placed order no longer pays PostgreSQL to plan the join of the cart's products
 * with their sellers and pictures (0.5 ms) each time. One connection, so every order uses it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DB_POOL_MAX: 1, PUBLIC_FORM_LIMIT_PER_HOUR: 100_000 });
  await seedDemoCatalogueForTests(t.services);
}, 120_000);
afterAll(() => t.close());

type Kept = { mark: string; generic: number; custom: number };

describe('the statements of a placed order', () => {
  it('are prepared once on the connection and, after the first few orders, run on the plan PostgreSQL kept', async () => {
    const { rows: products } = await t.services.database.db.execute<{ id: string }>(sql`
      select id from products where status = 'active' and vendor_active and price_paise <= 4000000 order by id limit 2`);
    await t.services.database.db.execute(sql`update products set stock = 100 where id in (${products[0]!.id}, ${products[1]!.id})`);
    const { cookie, addressId } = await customerWithAddress(t);
    for (let n = 0; n < 8; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, 'idempotency-key': randomUUID() },
        payload: { items: [{ productId: products[n % 2]!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    const { rows } = await t.services.database.db.execute<Kept>(sql`
      select split_part(split_part(statement, ' */', 1), '/* prepared ', 2) as mark, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '/* prepared %'`);
    const kept = Object.fromEntries(rows.map((r) => [r.mark, r]));
    for (const mark of ['lock-customer-orders', 'checkout-offers', 'seller-contacts', 'take-offer-stock']) {
      expect(kept[mark], `${mark} is prepared`).toBeDefined();
      // PostgreSQL plans the first five runs for their values, then keeps a generic plan when it costs no more.
      expect(kept[mark]!.generic, `${mark} runs on its kept plan`).toBeGreaterThan(0);
      expect(kept[mark]!.generic + kept[mark]!.custom).toBe(8);
    }
    expect(
      (await t.services.database.db.execute<{ stock: number }>(sql`select stock from products where id = ${products[0]!.id}`)).rows[0]!
        .stock,
    ).toBe(96);
  });
});

describe('the cards of a cart, a wishlist or recently viewed products', () => {
  it('are read by a prepared statement per number of cards, which keeps its plan', async () => {
    const { rows } = await t.services.database.db.execute<{ id: string }>(sql`
      select id from products where status = 'active' and vendor_active order by id limit 3`);
    const ids = rows.map((r) => r.id);
    for (let n = 0; n < 7; n++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/catalogue/products/by-ids?ids=${ids.join(',')}` });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { items: { id: string }[] }).items.map((c) => c.id)).toEqual(ids);
    }
    const { rows: kept } = await t.services.database.db.execute<{ generic: number }>(sql`
      select generic_plans::int as generic from pg_prepared_statements where statement like '/* prepared product-cards */%'`);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.generic).toBeGreaterThan(0);
  });
});
