import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, Review, ReviewsResponse } from '~/shared/schemas/catalogue';
import type { MyReviewResponse } from '~/shared/schemas/reviews';
import { orderItems, orders } from '../../db/schema/orders';
import { newId } from '../../lib/ids';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, registerCustomer, type TestApp } from '../../test/test-app';
import { REVIEW_REASONS } from './reviews.service';

let t: TestApp;
/** Visible laptops, each test takes its own so ratings do not mix. */
let laptops: string[] = [];
let draftId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogueForTests(t.services);
  const { rows } = await t.services.database.db.execute<{ id: string }>(
    sql`select id from products where status = 'active' and vendor_active and category = 'Laptop' and rating_count > 0 order by id`,
  );
  laptops = rows.map((r) => r.id);
  const draft = await t.services.database.db.execute<{ id: string }>(sql`select id from products where status <> 'active' limit 1`);
  draftId = draft.rows[0]!.id;
}, 60_000);
afterAll(() => t.close());

const nextLaptop = () => {
  const id = laptops.shift();
  if (!id) throw new Error('the demo catalogue ran out of reviewed laptops for these tests');
  return id;
};

async function userIdOf(cookie: string): Promise<string> {
  return (await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user.uid as string;
}

/** Puts an order of one product straight into the database (checkout is not under test here). */
async function insertOrder(cookie: string, productId: string, status: 'delivered' | 'shipped' | 'returned' | 'cancelled' = 'delivered') {
  const db = t.services.database.db;
  const userId = await userIdOf(cookie);
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
  const delivered = status === 'delivered' || status === 'returned';
  await db.insert(orders).values({
    id: orderId,
    userId,
    status,
    paymentMethod: 'upi',
    deliveryOption: 'standard',
    address: {
      fullName: 'Priya Kulkarni',
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
    cgstPaise: gst - Math.floor(gst / 2),
    sgstPaise: Math.floor(gst / 2),
    igstPaise: 0,
    idempotencyKey: newId('idem'),
    requestHash: 'test',
    deliveredAt: delivered ? new Date() : null,
    cancelledAt: status === 'cancelled' ? new Date() : null,
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
    cgstPaise: gst - Math.floor(gst / 2),
    sgstPaise: Math.floor(gst / 2),
    igstPaise: 0,
    sellerName: 'Kothrud Laptop House',
    sellerState: 'Maharashtra',
    position: 0,
  });
}

const goodReview = {
  rating: 4,
  title: 'Solid for college work',
  body: 'Battery lasts a full day of lectures and the keyboard is comfortable.',
};

const post = (cookie: string | undefined, productId: string, body: unknown = goodReview) =>
  json(t.app, 'POST', `/api/catalogue/products/${productId}/reviews`, body, cookie);

async function mine(cookie: string, productId: string): Promise<MyReviewResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${productId}/my-review`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function product(id: string): Promise<ProductDetail> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product;
}

async function reviews(id: string): Promise<ReviewsResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}/reviews`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('who may review', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const id = nextLaptop();
    for (const res of [await post(undefined, id), await json(t.app, 'GET', `/api/catalogue/products/${id}/my-review`)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a customer who never bought the product, and one whose order is still on its way', async () => {
    const id = nextLaptop();
    const stranger = await registerCustomer(t.app, 'Asha Patil');
    const res = await post(stranger, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_REASONS.notBought });
    expect(await mine(stranger, id)).toEqual({ canReview: false, reason: REVIEW_REASONS.notBought, review: null });

    const waiting = await registerCustomer(t.app, 'Rohan Deshpande');
    await insertOrder(waiting, id, 'shipped');
    const early = await post(waiting, id);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_REASONS.notDelivered });
    expect(await mine(waiting, id)).toEqual({ canReview: false, reason: REVIEW_REASONS.notDelivered, review: null });

    // A cancelled order was never received either.
    const cancelled = await registerCustomer(t.app, 'Meera Joshi');
    await insertOrder(cancelled, id, 'cancelled');
    expect((await post(cancelled, id)).statusCode).toBe(403);
    expect((await product(id)).ratingCount).toBe((await reviews(id)).total);
  });

  it('lets a customer who returned the product review it (it was delivered)', async () => {
    const id = nextLaptop();
    const cookie = await registerCustomer(t.app);
    await insertOrder(cookie, id, 'returned');
    expect((await mine(cookie, id)).canReview).toBe(true);
    expect((await post(cookie, id, { ...goodReview, rating: 1 })).statusCode).toBe(201);
  });

  it('answers 404 for a product that does not exist or is not on sale', async () => {
    const cookie = await registerCustomer(t.app);
    for (const id of ['prd_doesNotExist', draftId]) {
      const res = await post(cookie, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await json(t.app, 'GET', `/api/catalogue/products/${id}/my-review`, undefined, cookie)).statusCode).toBe(404);
    }
  });
});

describe('writing a review', () => {
  it('shows the review first on the product and updates the average and count', async () => {
    const id = nextLaptop();
    const cookie = await registerCustomer(t.app, 'Kavya Iyer');
    await insertOrder(cookie, id);
    const before = await product(id);
    expect(await mine(cookie, id)).toEqual({ canReview: true, reason: null, review: null });

    const res = await post(cookie, id, {
      rating: 5,
      title: '  Fast and quiet  ',
      body: 'Builds my projects quickly.\r\nThe fan stays quiet.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json().review as Review;
    expect(review).toMatchObject({
      authorName: 'Kavya Iyer',
      rating: 5,
      title: 'Fast and quiet',
      body: 'Builds my projects quickly.\nThe fan stays quiet.',
    });

    const listed = await reviews(id);
    expect(listed.items[0]).toEqual(review);
    expect(listed.total).toBe(before.ratingCount + 1);

    const after = await product(id);
    const breakdown = after.ratingBreakdown;
    const sum = breakdown.reduce((s, n, i) => s + n * (i + 1), 0);
    const total = breakdown.reduce((s, n) => s + n, 0);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(total).toBe(after.ratingCount);
    expect(after.ratingAvg).toBeCloseTo(Math.round((sum / total) * 100) / 100, 2);

    expect(await mine(cookie, id)).toEqual({
      canReview: false,
      reason: REVIEW_REASONS.alreadyReviewed,
      review: {
        id: review.id,
        rating: 5,
        title: 'Fast and quiet',
        body: 'Builds my projects quickly.\nThe fan stays quiet.',
        createdAt: review.createdAt,
      },
    });
  });

  it('takes one review per customer: the second is refused with 409', async () => {
    const id = nextLaptop();
    const cookie = await registerCustomer(t.app);
    await insertOrder(cookie, id);
    // Buying it again gives no second review.
    await insertOrder(cookie, id);
    expect((await post(cookie, id)).statusCode).toBe(201);
    const again = await post(cookie, id, { ...goodReview, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: REVIEW_REASONS.alreadyReviewed });
    expect((await reviews(id)).items.filter((r) => r.title === goodReview.title)).toHaveLength(1);
  });

  it('keeps one review when the same customer submits twice at once', async () => {
    const id = nextLaptop();
    const cookie = await registerCustomer(t.app);
    await insertOrder(cookie, id);
    const before = await product(id);
    const results = await Promise.all([post(cookie, id), post(cookie, id, { ...goodReview, rating: 2 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await product(id)).ratingCount).toBe(before.ratingCount + 1);
  });

  it('counts every review when different customers review the same product at once', async () => {
    const id = nextLaptop();
    const customers = await Promise.all([1, 2, 3, 4].map((n) => registerCustomer(t.app, `Buyer ${n}`)));
    for (const c of customers) await insertOrder(c, id);
    const before = await product(id);
    const results = await Promise.all(customers.map((c, i) => post(c, id, { ...goodReview, rating: i + 2 })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const after = await product(id);
    expect(after.ratingCount).toBe(before.ratingCount + 4);
    const { rows } = await t.services.database.db.execute<{ avg: number }>(
      sql`select round(avg(rating), 2)::float8 as avg from product_reviews where product_id = ${id}`,
    );
    expect(after.ratingAvg).toBe(rows[0]!.avg);
  });

  it('refuses bad input with the field to fix', async () => {
    const id = nextLaptop();
    const cookie = await registerCustomer(t.app);
    await insertOrder(cookie, id);
    const cases: [unknown, string][] = [
      [{ ...goodReview, rating: 0 }, 'rating'],
      [{ ...goodReview, rating: 6 }, 'rating'],
      [{ ...goodReview, rating: 4.5 }, 'rating'],
      [{ ...goodReview, rating: '5' }, 'rating'],
      [{ title: goodReview.title, body: goodReview.body }, 'rating'],
      [{ ...goodReview, title: '' }, 'title'],
      [{ ...goodReview, title: '    ' }, 'title'],
      [{ ...goodReview, body: 'Too short' }, 'body'],
      [{ ...goodReview, title: 'Nice\u0000 laptop' }, 'title'],
      [{ ...goodReview, title: 'Nice\nlaptop' }, 'title'],
      [{ ...goodReview, body: `${goodReview.body}\u0007` }, 'body'],
      [{ ...goodReview, body: `${goodReview.body} \u202Egnirts` }, 'body'],
      [{ ...goodReview, verified: true }, 'verified'],
    ];
    for (const [body, field] of cases) {
      const res = await post(cookie, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    // Nothing was written: the customer may still review.
    expect((await mine(cookie, id)).canReview).toBe(true);
  });
});

describe('with catalogue answers cached', () => {
  it('shows the new count on the product page at once', async () => {
    const plain = t;
    const cached = await createTestApp({ CATALOGUE_CACHE_SECONDS: 300 });
    try {
      t = cached;
      await seedDemoCatalogueForTests(t.services);
      const { rows } = await t.services.database.db.execute<{ id: string }>(
        sql`select id from products where status = 'active' and vendor_active and category = 'Laptop' order by id limit 1`,
      );
      const id = rows[0]!.id;
      const before = await product(id);
      const second = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
      expect(second.headers['x-cache']).toBe('hit');

      const cookie = await registerCustomer(t.app);
      await insertOrder(cookie, id);
      expect((await post(cookie, id)).statusCode).toBe(201);
      expect((await product(id)).ratingCount).toBe(before.ratingCount + 1);
    } finally {
      t = plain;
      await cached.close();
    }
  }, 60_000);
});
