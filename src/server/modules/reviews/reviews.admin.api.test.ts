import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ReviewsResponse } from '~/shared/schemas/catalogue';
import { hiddenReviewNotice, type AdminReviewsResponse, type ReviewModerationResponse } from '~/shared/schemas/reviews';
import { orderItems, orders } from '../../db/schema/orders';
import { newId } from '../../lib/ids';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
/** Reviewed laptops on sale: each test takes its own so ratings do not mix. */
let laptops: string[] = [];

beforeAll(async () => {
  // The catalogue's answers are cached, as in production: hiding must still show at once.
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 60 });
  await seedDemoCatalogueForTests(t.services);
  admin = (await signInAdmin(t)).cookie;
  const { rows } = await t.services.database.db.execute<{ id: string }>(
    sql`select id from products where status = 'active' and vendor_active and rating_count >= 2 order by id`,
  );
  laptops = rows.map((r) => r.id);
}, 60_000);
afterAll(() => t.close());

const nextProduct = () => {
  const id = laptops.shift();
  if (!id) throw new Error('the demo catalogue ran out of reviewed products for these tests');
  return id;
};

async function product(id: string): Promise<ProductDetail> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product;
}
async function publicReviews(id: string): Promise<ReviewsResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}/reviews`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The product's card in the catalogue's search results. */
async function card(id: string, name: string): Promise<{ id: string; ratingCount: number; ratingAvg: number }> {
  const res = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(name)}&page_size=48`);
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().items as { id: string; ratingCount: number; ratingAvg: number }[]).find((c) => c.id === id);
  expect(found, `${name} in the search results`).toBeDefined();
  return found!;
}
async function adminReviews(query = ''): Promise<AdminReviewsResponse> {
  const res = await json(t.app, 'GET', `/api/admin/reviews${query}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const hide = (reviewId: string, body: unknown = { reason: 'Mentions a competing shop and a phone number' }, cookie = admin) =>
  json(t.app, 'POST', `/api/admin/reviews/${reviewId}/hide`, body, cookie);
const restore = (reviewId: string, cookie = admin) => json(t.app, 'POST', `/api/admin/reviews/${reviewId}/restore`, undefined, cookie);

/** The newest shown review of a product, as the admins list it. */
async function newestReviewOf(productId: string) {
  const { rows } = await t.services.database.db.execute<{ id: string; rating: number; title: string }>(
    sql`select id, rating, title from product_reviews where product_id = ${productId} and hidden_at is null order by created_at desc, id limit 1`,
  );
  return rows[0]!;
}

/** The rating over the shown reviews, straight from the table. */
async function expectedRating(productId: string) {
  const { rows } = await t.services.database.db.execute<{ avg: number; n: number }>(
    sql`select coalesce(round(avg(rating), 2), 0)::float8 as avg, count(*)::int as n from product_reviews
      where product_id = ${productId} and hidden_at is null`,
  );
  return { average: rows[0]!.avg, count: rows[0]!.n };
}

async function auditEntries(reviewId: string) {
  const { rows } = await t.services.database.db.execute<{ action: string; summary: string; before: unknown; after: unknown }>(
    sql`select action, summary, before, after from audit_log where entity_type = 'review' and entity_id = ${reviewId} order by id`,
  );
  return rows;
}

/** A delivered order of one product, written straight to the database (checkout is not under test here). */
async function deliver(userId: string, productId: string) {
  const db = t.services.database.db;
  const { rows } = await db.execute<{
    vendor_id: string;
    name: string;
    brand: string;
    category: string;
    hsn_code: string;
    price_paise: number;
    mrp_paise: number;
  }>(sql`select vendor_id, name, brand, category, hsn_code, price_paise, mrp_paise from products where id = ${productId}`);
  const p = rows[0]!;
  const orderId = newId('ord');
  const gst = Math.round((p.price_paise * 18) / 118);
  const half = Math.floor(gst / 2);
  await db.insert(orders).values({
    id: orderId,
    userId,
    status: 'delivered',
    paymentMethod: 'upi',
    deliveryOption: 'standard',
    address: {
      fullName: 'Kavya Iyer',
      mobile: '9822045678',
      line1: '12 Karve Road',
      line2: null,
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411038',
    },
    subtotalPaise: p.price_paise,
    discountPaise: 0,
    shippingPaise: 0,
    totalPaise: p.price_paise,
    gstPaise: gst,
    cgstPaise: gst - half,
    sgstPaise: half,
    igstPaise: 0,
    idempotencyKey: newId('idem'),
    requestHash: 'test',
    deliveredAt: new Date(),
  });
  await db.insert(orderItems).values({
    id: newId('oit'),
    orderId,
    productId,
    vendorId: p.vendor_id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    hsnCode: p.hsn_code,
    quantity: 1,
    unitPricePaise: p.price_paise,
    mrpPaise: p.mrp_paise,
    lineTotalPaise: p.price_paise,
    taxablePaise: p.price_paise - gst,
    gstRateBp: 1800,
    cgstPaise: gst - half,
    sgstPaise: half,
    igstPaise: 0,
    sellerName: 'Kothrud Laptop House',
    sellerState: 'Maharashtra',
    position: 0,
  });
}

describe('hiding a review', () => {
  it('takes it off the product page and out of the rating at once (cached answers too), and restoring brings it back', async () => {
    const id = nextProduct();
    const before = await product(id);
    const listedBefore = await publicReviews(id);
    // Both answers are now cached.
    expect((await json(t.app, 'GET', `/api/catalogue/products/${id}`)).headers['x-cache']).toBe('hit');
    expect((await card(id, before.name)).ratingCount).toBe(before.ratingCount);
    const target = await newestReviewOf(id);
    expect(listedBefore.items[0]!.id).toBe(target.id);

    const res = await hide(target.id, { reason: '  Mentions a competing shop and a phone number  ' });
    expect(res.statusCode, res.body).toBe(200);
    const hidden = res.json() as ReviewModerationResponse;
    expect(hidden.review.hidden).toMatchObject({ reason: 'Mentions a competing shop and a phone number', byEmail: expect.any(String) });
    const rating = await expectedRating(id);
    expect(rating.count).toBe(before.ratingCount - 1);
    expect(hidden.productRating).toEqual(rating);

    const after = await product(id);
    expect(after.ratingCount).toBe(before.ratingCount - 1);
    expect(after.ratingAvg).toBe(rating.average);
    const breakdown = [...before.ratingBreakdown];
    breakdown[target.rating - 1]! -= 1;
    expect(after.ratingBreakdown).toEqual(breakdown);
    const listedAfter = await publicReviews(id);
    expect(listedAfter.total).toBe(listedBefore.total - 1);
    expect(listedAfter.items.map((r) => r.id)).not.toContain(target.id);
    // The listing's card (a cached answer too) shows the new count.
    expect((await card(id, before.name)).ratingCount).toBe(after.ratingCount);

    const back = await restore(target.id);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as ReviewModerationResponse).review.hidden).toBeNull();
    const restored = await product(id);
    expect(restored.ratingCount).toBe(before.ratingCount);
    expect(restored.ratingAvg).toBe(before.ratingAvg);
    expect(restored.ratingBreakdown).toEqual(before.ratingBreakdown);
    expect((await publicReviews(id)).items[0]!.id).toBe(target.id);

    const entries = await auditEntries(target.id);
    expect(entries.map((e) => e.action)).toEqual(['review.hide', 'review.restore']);
    expect(entries[0]!.summary).toContain('Mentions a competing shop and a phone number');
    expect(entries[0]!.before).toMatchObject({ hidden: false, productRating: { count: before.ratingCount } });
    expect(entries[0]!.after).toMatchObject({ hidden: true, productRating: { count: before.ratingCount - 1 } });
    expect(entries[1]!.after).toMatchObject({ hidden: false, productRating: { count: before.ratingCount } });
  });

  it('refuses a hide without a reason (the field to fix), an unknown review, and a second hide or restore', async () => {
    const id = nextProduct();
    const target = await newestReviewOf(id);
    for (const body of [{}, { reason: '   ' }, { reason: 'bad' }, { reason: 'x'.repeat(301) }]) {
      const res = await hide(target.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(Object.keys(res.json().error.fields)).toContain('reason');
    }
    const extra = await hide(target.id, { reason: 'Abusive language', notify: true });
    expect(extra.statusCode).toBe(400);
    expect(await auditEntries(target.id)).toHaveLength(0);

    for (const res of [await hide('rev_doesNotExist'), await restore('rev_doesNotExist')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const shown = await restore(target.id);
    expect(shown.statusCode).toBe(409);
    expect(shown.json().error.message).toMatch(/not hidden/);
    expect((await hide(target.id)).statusCode).toBe(200);
    const again = await hide(target.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already hidden/);
  });

  it('makes one change when two admins hide the same review at once', async () => {
    const id = nextProduct();
    const before = await product(id);
    const target = await newestReviewOf(id);
    const second = (await signInAdmin(t)).cookie;
    const results = await Promise.all([
      hide(target.id, { reason: 'Spam: the same text on many products' }),
      hide(target.id, { reason: 'Copied from another site' }, second),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditEntries(target.id)).toHaveLength(1);
    expect((await product(id)).ratingCount).toBe(before.ratingCount - 1);
  });
});

describe("the review's author", () => {
  it('reads that the shop hid their review and why (no one else sees it), cannot write a second, and sees it again once restored', async () => {
    const id = nextProduct();
    const customer = await signUpCustomer(t, 'Kavya Iyer');
    await deliver(customer.uid, id);
    const posted = await json(
      t.app,
      'POST',
      `/api/catalogue/products/${id}/reviews`,
      { rating: 1, title: 'Call me for a better price', body: 'Call 98220 45678 for the same laptop cheaper elsewhere.' },
      customer.cookie,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const reviewId = posted.json().review.id as string;
    const reason = 'Advertises another seller';
    expect((await hide(reviewId, { reason })).statusCode).toBe(200);

    const mine = await json(t.app, 'GET', `/api/catalogue/products/${id}/my-review`, undefined, customer.cookie);
    expect(mine.json()).toMatchObject({
      canReview: false,
      reason: hiddenReviewNotice(reason),
      review: { id: reviewId, hiddenReason: reason },
    });
    const again = await json(
      t.app,
      'POST',
      `/api/catalogue/products/${id}/reviews`,
      { rating: 5, title: 'Second try', body: 'Trying to post the same review once more.' },
      customer.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect((await publicReviews(id)).items.map((r) => r.id)).not.toContain(reviewId);

    expect((await restore(reviewId)).statusCode).toBe(200);
    const shown = (await json(t.app, 'GET', `/api/catalogue/products/${id}/my-review`, undefined, customer.cookie)).json();
    expect(shown.review.hiddenReason).toBeUndefined();
    expect((await publicReviews(id)).items[0]!.id).toBe(reviewId);
  });
});

describe('the admins’ list of reviews', () => {
  it('lists every review newest first, with product and author, filtered by stars, shown or hidden, and words', async () => {
    const all = await adminReviews('?pageSize=100');
    expect(all.total).toBeGreaterThan(10);
    const times = all.items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.items[0]).toMatchObject({
      product: { id: expect.any(String), name: expect.any(String) },
      author: { email: expect.any(String) },
    });

    const fives = await adminReviews('?rating=5&pageSize=100');
    expect(fives.items.length).toBeGreaterThan(0);
    expect(fives.items.every((r) => r.rating === 5)).toBe(true);

    const id = nextProduct();
    const target = await newestReviewOf(id);
    expect((await hide(target.id, { reason: 'Off-topic: about delivery, not the product' })).statusCode).toBe(200);
    const hidden = await adminReviews('?visibility=hidden&pageSize=100');
    expect(hidden.items.map((r) => r.id)).toContain(target.id);
    expect(hidden.items.every((r) => r.hidden !== null)).toBe(true);
    const shown = await adminReviews('?visibility=visible&pageSize=100');
    expect(shown.items.every((r) => r.hidden === null)).toBe(true);

    const { name } = await product(id);
    const byProduct = await adminReviews(`?q=${encodeURIComponent(name)}`);
    expect(byProduct.items.length).toBeGreaterThan(0);
    expect(byProduct.items.every((r) => r.product.name === name)).toBe(true);

    const paged = await adminReviews('?pageSize=2&page=2');
    expect(paged.items).toHaveLength(2);
    expect(paged.items[0]!.id).toBe(all.items[2]!.id);

    const bad = await json(t.app, 'GET', '/api/admin/reviews?rating=6', undefined, admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('rating');
  });
});

describe('who may moderate reviews', () => {
  it('refuses customers and vendors (403) and visitors (401) on every route', async () => {
    const target = (await adminReviews()).items[0]!;
    const recorded = (await auditEntries(target.id)).length;
    const customer = (await signUpCustomer(t)).cookie;
    const vendor = (await signUpVendor(t, 'Baner Computers LLP')).cookie;
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/reviews', undefined],
      ['POST', `/api/admin/reviews/${target.id}/hide`, { reason: 'Trying without being an admin' }],
      ['POST', `/api/admin/reviews/${target.id}/restore`, undefined],
    ];
    for (const [method, url, body] of routes) {
      for (const [cookie, status] of [
        [customer, 403],
        [vendor, 403],
        [undefined, 401],
      ] as const) {
        const res = await json(t.app, method as 'GET', url, body, cookie);
        expect(res.statusCode, `${method} ${url} as ${cookie ? 'signed in' : 'visitor'}`).toBe(status);
      }
    }
    expect(await auditEntries(target.id)).toHaveLength(recorded);
    expect((await adminReviews()).items[0]!.hidden).toEqual(target.hidden);
  });
});
