import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailResponse, ProductListResponse } from '~/shared/schemas/catalogue';
import type { CartCheckResponse } from '~/shared/schemas/cart';
import type { OrderDetail, PlaceOrderResponse, QuoteResponse } from '~/shared/schemas/orders';
import type { MergeSummary } from '~/shared/schemas/product-review';
import { customerWithAddress, signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { approvedSeller, deliveredOrder, listProduct } from '../../test/product-review-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let sellerA: Awaited<ReturnType<typeof approvedSeller>>;
let sellerB: Awaited<ReturnType<typeof approvedSeller>>;

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 60, PUBLIC_FORM_LIMIT_PER_HOUR: 10_000 });
  admin = (await signInAdmin(t)).cookie;
  sellerA = await approvedSeller(t, admin, 'Shivajinagar Laptop Depot', { trusted: true });
  sellerB = await approvedSeller(t, admin, 'Camp Computer Centre', { trusted: true });
}, 120_000);
afterAll(() => t.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.services.database.db.execute<T>(query)).rows as T[];
}

async function userIdOf(cookie: string): Promise<string> {
  return (await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user.uid as string;
}

/** The same model listed twice by two sellers: the kept product and its duplicate. */
async function duplicatePair(word: string) {
  const kept = await listProduct(t, sellerA.cookie, { name: `Zenbook ${word} 14 OLED`, model: `UX-${word}` });
  const duplicate = await listProduct(t, sellerB.cookie, { name: `Zenbook ${word} 14 OLED Laptop`, model: `UX-${word}`, price: '87,500' });
  return { kept, duplicate };
}

const merge = (duplicateId: string, intoId: string) => json(t.app, 'POST', `/api/admin/products/${duplicateId}/merge`, { intoId }, admin);

const review = (cookie: string, productId: string, rating: number, title: string) =>
  json(
    t.app,
    'POST',
    `/api/catalogue/products/${productId}/reviews`,
    { rating, title, body: `${title}: the battery lasts a full working day.` },
    cookie,
  );

describe('an admin merges a duplicate product into the one kept', () => {
  it('moves its offers, reviews, wishlists and alerts; the old order keeps its line and leads to the kept product; its address answers 301', async () => {
    const { kept, duplicate } = await duplicatePair('Mergecase');
    const shopper = await signUpCustomer(t, 'Meera Kulkarni');
    const both = await signUpCustomer(t, 'Kiran Patil');
    const shopperId = await userIdOf(shopper.cookie);
    const orderId = await deliveredOrder(t, shopperId, duplicate.id);
    await deliveredOrder(t, await userIdOf(both.cookie), duplicate.id);
    await deliveredOrder(t, await userIdOf(both.cookie), kept.id);
    expect((await review(shopper.cookie, duplicate.id, 5, 'Great for travel')).statusCode).toBe(201);
    expect((await review(both.cookie, duplicate.id, 1, 'Second review')).statusCode).toBe(201);
    expect((await review(both.cookie, kept.id, 3, 'First review')).statusCode).toBe(201);
    expect((await json(t.app, 'PUT', `/api/wishlist/${duplicate.id}`, undefined, shopper.cookie)).statusCode).toBeLessThan(300);
    // A back-in-stock alert is asked for on a sold-out product.
    await json(t.app, 'PATCH', `/api/vendor/products/${duplicate.id}`, { stock: '0' }, sellerB.cookie);
    const alert = await json(t.app, 'POST', '/api/stock-alerts', { productId: duplicate.id }, shopper.cookie);
    expect(alert.statusCode, alert.body).toBe(200);
    await json(t.app, 'PATCH', `/api/vendor/products/${duplicate.id}`, { stock: '5' }, sellerB.cookie);

    const preview = await json(t.app, 'GET', `/api/admin/products/${duplicate.id}/merge?intoId=${kept.id}`, undefined, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      configurationsJoined: 1,
      offers: 1,
      sellers: ['Camp Computer Centre'],
      reviews: 1,
      reviewsLeft: 1,
      wishlists: 1,
      alerts: 1,
    });

    const merged = await merge(duplicate.id, kept.id);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json() as MergeSummary).toMatchObject({
      duplicate: { id: duplicate.id },
      kept: { id: kept.id },
      offers: 1,
      reviews: 1,
      reviewsLeft: 1,
    });

    // The kept product's page sells both sellers' offers of the configuration; the duplicate is out of the lists.
    const page = (await json(t.app, 'GET', `/api/catalogue/products/${kept.id}`)).json() as ProductDetailResponse;
    const sellers = page.variants.flatMap((v) => [v.winner, ...v.others].filter(Boolean).map((o) => o!.seller.name));
    expect(sellers.sort()).toEqual(['Camp Computer Centre', 'Shivajinagar Laptop Depot']);
    const listed = (await json(t.app, 'GET', '/api/catalogue/products?q=Mergecase')).json() as ProductListResponse;
    expect(listed.items.map((p) => p.id)).toEqual([kept.id]);

    // Reviews: the shopper's moved; the customer who reviewed both keeps the kept product's; the rating is counted again.
    const reviews = (await json(t.app, 'GET', `/api/catalogue/products/${kept.id}/reviews`)).json() as { items: { title: string }[] };
    expect(reviews.items.map((r) => r.title).sort()).toEqual(['First review', 'Great for travel']);
    const [rating] = await rows<{ rating_avg: number; rating_count: number }>(
      sql`select rating_avg::float8, rating_count from products where id = ${kept.id}`,
    );
    expect(rating).toEqual({ rating_avg: 4, rating_count: 2 });
    const mine = await json(t.app, 'GET', `/api/catalogue/products/${kept.id}/my-review`, undefined, shopper.cookie);
    expect(mine.json().review).toMatchObject({ title: 'Great for travel' });

    // Wishlist and alert follow.
    const wishlist = await json(t.app, 'GET', '/api/wishlist/ids', undefined, shopper.cookie);
    expect(JSON.stringify(wishlist.json())).toContain(kept.id);
    expect(await rows(sql`select 1 from stock_alerts where product_id = ${kept.id} and user_id = ${shopperId}`)).toHaveLength(1);

    // The old order still shows its line as bought; the duplicate's page and API lead to the kept product.
    const opened = await json(t.app, 'GET', `/api/orders/${orderId}`, undefined, shopper.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    const order = opened.json().order as OrderDetail;
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ productId: duplicate.id, name: 'Zenbook Mergecase 14 OLED Laptop' });
    const api = await json(t.app, 'GET', `/api/catalogue/products/${duplicate.id}`);
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe(`/api/catalogue/products/${kept.id}`);
    const pageRedirect = await t.app.inject({ method: 'GET', url: `/product/${duplicate.id}` });
    expect(pageRedirect.statusCode).toBe(301);
    expect(pageRedirect.headers.location).toBe(`/product/${kept.id}`);
    // A compare list that kept the duplicate reads the kept product.
    const cards = await json(t.app, 'GET', `/api/catalogue/products/by-ids?ids=${duplicate.id}`);
    expect((cards.json() as { items: { id: string }[] }).items.map((c) => c.id)).toEqual([kept.id]);

    const [audit] = await rows<{ after: { duplicateId: string; keptId: string } }>(
      sql`select after from audit_log where action = 'product.merge' and entity_id = ${kept.id}`,
    );
    expect(audit!.after).toMatchObject({ duplicateId: duplicate.id, keptId: kept.id });
    // Its seller can no longer change the merged listing.
    expect((await json(t.app, 'PATCH', `/api/vendor/products/${duplicate.id}`, { status: 'active' }, sellerB.cookie)).statusCode).toBe(409);
  });

  it('refuses a merge into itself, into a merged product, across categories, or of one seller on both (nothing written)', async () => {
    const { kept, duplicate } = await duplicatePair('Refusecase');
    const self = await merge(kept.id, kept.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe('A product cannot be merged into itself.');

    const monitor = await listProduct(t, sellerB.cookie, {
      category: 'Monitor',
      name: 'Zenbook Refusecase 27 Monitor',
      processor: undefined,
      processorFamily: undefined,
      ramGb: undefined,
      storageGb: undefined,
      storageType: undefined,
      graphics: undefined,
      operatingSystem: undefined,
      screenSizeIn: '27',
      resolution: '2560x1440',
      resolutionName: 'QHD',
      panelType: 'IPS',
      refreshRateHz: '75',
      hsnCode: '85285200',
      ports: ['HDMI', 'DisplayPort'],
    });
    const across = await merge(monitor.id, kept.id);
    expect(across.statusCode, across.body).toBe(422);
    expect(across.json().error.message).toContain('only products of one category can be merged');

    const same = await listProduct(t, sellerA.cookie, { name: 'Zenbook Refusecase 14 OLED Again', model: 'UX-Refusecase' });
    const conflict = await merge(same.id, kept.id);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toContain('Shivajinagar Laptop Depot offers this configuration on both products');

    expect((await merge(duplicate.id, kept.id)).statusCode).toBe(200);
    const intoMerged = await merge(same.id, duplicate.id);
    expect(intoMerged.statusCode).toBe(422);
    expect(intoMerged.json().error.message).toContain('was itself merged into another product');
    expect(await rows(sql`select 1 from products where id in (${same.id}, ${monitor.id}) and merged_into is not null`)).toEqual([]);
    expect((await json(t.app, 'POST', `/api/admin/products/${duplicate.id}/merge`, { intoId: kept.id }, sellerB.cookie)).statusCode).toBe(
      403,
    );
  });

  it('runs once when two admins merge the same duplicate at once: one succeeds, the other is a 409, nothing half-written', async () => {
    const { kept, duplicate } = await duplicatePair('Racecase');
    const other = await listProduct(t, sellerA.cookie, { name: 'Zenbook Racecase 14 OLED Other', model: 'UX-Racecase-2' });
    const answers = await Promise.all([merge(duplicate.id, kept.id), merge(duplicate.id, other.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json() as MergeSummary;
    const [row] = await rows<{ merged_into: string; status: string }>(
      sql`select merged_into, status from products where id = ${duplicate.id}`,
    );
    expect(row).toEqual({ merged_into: won.kept.id, status: 'archived' });
    const offers = await rows<{ product_id: string }>(
      sql`select product_id from offers where vendor_id = ${sellerB.vendorId} and id = ${duplicate.id}`,
    );
    expect(offers).toEqual([{ product_id: won.kept.id }]);
    expect(
      await rows(sql`select 1 from audit_log where action = 'product.merge' and after->>'duplicateId' = ${duplicate.id}`),
    ).toHaveLength(1);
  });

  it('a cart still naming the duplicate buys its offer from the kept product, says so, keeps the quantity, and its order is placed', async () => {
    const { kept, duplicate } = await duplicatePair('Cartcase');
    const cart = { items: [{ productId: duplicate.id, quantity: 2, pricePaise: 87_500_00 }] };
    const before = (await json(t.app, 'POST', '/api/cart/check', cart)).json() as CartCheckResponse;
    expect(before.lines[0]).toMatchObject({ status: 'ok', product: { id: duplicate.id } });
    expect(before.lines[0]).not.toHaveProperty('listedAs');

    expect((await merge(duplicate.id, kept.id)).statusCode).toBe(200);

    // Priced again: the same offer (Camp Computer Centre's, its price and stock) on the kept product, under the line's own ids.
    const checked = await json(t.app, 'POST', '/api/cart/check', cart);
    expect(checked.statusCode, checked.body).toBe(200);
    const after = checked.json() as CartCheckResponse;
    expect(after.lines).toEqual([
      expect.objectContaining({
        productId: duplicate.id,
        quantity: 2,
        status: 'ok',
        sellerName: 'Camp Computer Centre',
        product: expect.objectContaining({ id: kept.id, name: 'Zenbook Cartcase 14 OLED', pricePaise: 87_500_00 }),
        lineTotalPaise: 2 * 87_500_00,
        listedAs: {
          productId: kept.id,
          offerId: duplicate.id,
          message: 'Zenbook Cartcase 14 OLED Laptop is now listed as Zenbook Cartcase 14 OLED.',
        },
      }),
    ]);
    expect(after.totals).toMatchObject({ itemCount: 2, subtotalPaise: 2 * 87_500_00 });
    // A line that names the offer as the kept product's reads the same, with nothing to tell.
    const asNow = { items: [{ productId: kept.id, offerId: duplicate.id, quantity: 2, pricePaise: 87_500_00 }] };
    const same = (await json(t.app, 'POST', '/api/cart/check', asNow)).json() as CartCheckResponse;
    expect(same.lines[0]).toMatchObject({ status: 'ok', lineTotalPaise: 2 * 87_500_00, sellerName: 'Camp Computer Centre' });
    expect(same.lines[0]).not.toHaveProperty('listedAs');

    // The checkout quotes and places the old cart: bought from the same seller's offer, now of the kept product.
    const { cookie, addressId } = await customerWithAddress(t);
    const items = [{ productId: duplicate.id, quantity: 2 }];
    const quoted = await json(t.app, 'POST', '/api/orders/quote', { items, addressId }, cookie);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as QuoteResponse;
    expect(quote.problems).toEqual([]);
    expect(quote.totals.subtotalPaise).toBe(2 * 87_500_00);
    const placing = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items, addressId, delivery: 'standard', paymentMethod: 'upi' },
      headers: { cookie, 'idempotency-key': `merged-cart-${duplicate.id}` },
    });
    expect(placing.statusCode, placing.body).toBe(201);
    const { order } = placing.json() as PlaceOrderResponse;
    expect(order.items).toEqual([
      expect.objectContaining({ productId: kept.id, quantity: 2, unitPricePaise: 87_500_00, sellerName: 'Camp Computer Centre' }),
    ]);
    const [line] = await rows<{ product_id: string; variant_id: string; offer_id: string; vendor_id: string }>(
      sql`select product_id, variant_id, offer_id, vendor_id from order_items where order_id = ${order.id}`,
    );
    expect(line).toEqual({ product_id: kept.id, variant_id: kept.id, offer_id: duplicate.id, vendor_id: sellerB.vendorId });
    const [offer] = await rows<{ stock: number }>(sql`select stock from offers where id = ${duplicate.id}`);
    expect(offer!.stock).toBe(7 - 2);
  });
});
