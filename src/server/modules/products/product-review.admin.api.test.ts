import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '~/shared/schemas/catalogue';
import type { ReviewQueueResponse } from '~/shared/schemas/product-review';
import type { OwnProduct } from '~/shared/schemas/vendor-products';
import { signInAdmin } from '../../test/accounts-kit';
import { approvedSeller, listProduct } from '../../test/product-review-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // Cached as in production: a decision must reach the shop at once.
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 60 });
  admin = (await signInAdmin(t)).cookie;
}, 120_000);
afterAll(() => t.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.services.database.db.execute<T>(query)).rows as T[];
}

async function inShop(q: string): Promise<string[]> {
  const res = await json(t.app, 'GET', `/api/catalogue/products?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProductListResponse).items.map((p) => p.id);
}

async function queue(): Promise<ReviewQueueResponse> {
  const res = await json(t.app, 'GET', '/api/admin/products/review-queue', undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewQueueResponse;
}

async function asSeller(cookie: string, id: string): Promise<OwnProduct> {
  const res = await json(t.app, 'GET', `/api/vendor/products/${id}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { product: OwnProduct }).product;
}

const mails = (template: string, to: string) =>
  rows<{ subject: string; text: string }>(
    sql`select subject, text from mail_messages where template = ${template} and to_address = ${to} order by created_at`,
  );

const audited = (action: string, entityId: string) =>
  rows<{ summary: string }>(sql`select summary from audit_log where action = ${action} and entity_id = ${entityId}`);

describe('a new product of a seller the shop does not trust', () => {
  it('waits under review, out of the shop, oldest first in the queue with its likely duplicates; an approval puts it on sale and tells the seller', async () => {
    const seller = await approvedSeller(t, admin, 'Baner Laptop Corner LLP');
    const first = await listProduct(t, seller.cookie, { name: 'Zenbook Reviewcase Alpha 14 OLED', model: 'UX-ALPHA-14' });
    const second = await listProduct(t, seller.cookie, { name: 'Zenbook Reviewcase Beta 14 OLED', model: 'UX-BETA-14' });
    expect(first.status).toBe('pending_review');
    expect((await asSeller(seller.cookie, first.id)).status).toBe('pending_review');
    expect(await inShop('Reviewcase Alpha')).not.toContain(first.id);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${first.id}`)).statusCode).toBe(404);

    // A trusted seller lists the same model: live at once, and the queue names it as a likely duplicate.
    const trusted = await approvedSeller(t, admin, 'Kothrud Trusted Traders', { trusted: true });
    const live = await listProduct(t, trusted.cookie, { name: 'Zenbook Reviewcase Alpha 14 OLED Laptop', model: 'ux-alpha-14' });
    expect(live.status).toBe('active');
    expect(await inShop('Reviewcase Alpha')).toContain(live.id);

    const waiting = await queue();
    const ids = waiting.items.map((p) => p.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(waiting.total).toBe(waiting.items.length);
    const item = waiting.items.find((p) => p.id === first.id)!;
    expect(item.vendor.name).toBe('Baner Laptop Corner LLP');
    expect(item.category).toBe('Laptop');
    expect(item.specs).toContainEqual({ label: 'RAM', value: '32 GB' });
    expect(item.duplicates).toContainEqual(
      expect.objectContaining({ id: live.id, sellerName: 'Kothrud Trusted Traders', reasons: expect.arrayContaining(['same_model']) }),
    );
    const count = await json(t.app, 'GET', '/api/admin/products/review-queue/count', undefined, admin);
    expect(count.json()).toEqual({ total: waiting.total });

    // Editing the price while under review keeps it there; its status waits for the shop.
    const edited = await json(t.app, 'PATCH', `/api/vendor/products/${first.id}`, { price: '88000' }, seller.cookie);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { product: OwnProduct }).product.status).toBe('pending_review');
    expect((await json(t.app, 'PATCH', `/api/vendor/products/${first.id}`, { status: 'draft' }, seller.cookie)).statusCode).toBe(409);

    const approved = await json(t.app, 'POST', `/api/admin/products/${first.id}/approve`, undefined, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id: first.id, status: 'active' });
    expect(await inShop('Reviewcase Alpha')).toContain(first.id);
    expect((await asSeller(seller.cookie, first.id)).status).toBe('active');
    const [mail] = await mails('product_review', seller.email);
    expect(mail!.subject).toBe('Zenbook Reviewcase Alpha 14 OLED is approved and on sale');
    expect(await audited('product.approve', first.id)).toHaveLength(1);
    expect((await queue()).items.map((p) => p.id)).not.toContain(first.id);

    // Approved once, it does not come back to the queue: archived and put on sale again, or renamed.
    await json(t.app, 'POST', '/api/vendor/products/status', { ids: [first.id], status: 'archived' }, seller.cookie);
    const again = await json(t.app, 'PATCH', `/api/vendor/products/${first.id}`, { status: 'active' }, seller.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { product: OwnProduct }).product.status).toBe('active');

    // A second approval of a product no longer under review is refused.
    expect((await json(t.app, 'POST', `/api/admin/products/${first.id}/approve`, undefined, admin)).statusCode).toBe(409);
  });

  it('rejected with a reason goes back to draft, where its seller reads why; put on sale again, it returns to the queue', async () => {
    const seller = await approvedSeller(t, admin, 'Aundh Refurb Desk LLP');
    const product = await listProduct(t, seller.cookie, { name: 'Zenbook Rejectcase 14 OLED', model: 'UX-REJ-14' });
    const short = await json(t.app, 'POST', `/api/admin/products/${product.id}/reject`, { reason: 'no' }, admin);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBeTruthy();

    const reason = 'The pictures show another model: upload photos of this one';
    const rejected = await json(t.app, 'POST', `/api/admin/products/${product.id}/reject`, { reason }, admin);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ id: product.id, status: 'draft' });
    const seen = await asSeller(seller.cookie, product.id);
    expect(seen).toMatchObject({ status: 'draft', rejectionReason: reason });
    const listed = await json(t.app, 'GET', '/api/vendor/products?q=Rejectcase', undefined, seller.cookie);
    expect(listed.json().items[0]).toMatchObject({ id: product.id, status: 'draft', rejectionReason: reason });
    expect(await inShop('Rejectcase')).toEqual([]);
    const [mail] = await mails('product_review', seller.email);
    expect(mail!.text).toContain(reason);
    expect(await audited('product.reject', product.id)).toHaveLength(1);

    const resubmitted = await json(t.app, 'PATCH', `/api/vendor/products/${product.id}`, { status: 'active' }, seller.cookie);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((resubmitted.json() as { product: OwnProduct }).product).toMatchObject({ status: 'pending_review', rejectionReason: null });
    expect((await queue()).items.map((p) => p.id)).toContain(product.id);
  });

  it('is decided by an admin only: a seller and a visitor are refused, and an unknown product is a 404', async () => {
    const seller = await approvedSeller(t, admin, 'Wakad Laptop Bazaar');
    const product = await listProduct(t, seller.cookie, { name: 'Zenbook Guardcase 14 OLED' });
    expect((await json(t.app, 'POST', `/api/admin/products/${product.id}/approve`, undefined, seller.cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'POST', `/api/admin/products/${product.id}/approve`)).statusCode).toBe(401);
    expect((await json(t.app, 'GET', '/api/admin/products/review-queue', undefined, seller.cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'POST', '/api/admin/products/prd_nothing/approve', undefined, admin)).statusCode).toBe(404);
    expect((await asSeller(seller.cookie, product.id)).status).toBe('pending_review');
  });
});

describe('the trusted mark', () => {
  it('is set and taken away by an admin only, audited; products already approved stay on sale when it goes', async () => {
    const seller = await approvedSeller(t, admin, 'Hadapsar Trusted Systems', { trusted: true });
    const live = await listProduct(t, seller.cookie, { name: 'Zenbook Trustcase 14 OLED' });
    expect(live.status).toBe('active');
    expect(await audited('vendor.trust', seller.vendorId)).toHaveLength(1);

    expect((await json(t.app, 'PUT', `/api/admin/vendors/${seller.vendorId}/trust`, { trusted: false }, seller.cookie)).statusCode).toBe(
      403,
    );
    const bad = await json(t.app, 'PUT', `/api/admin/vendors/${seller.vendorId}/trust`, { trusted: 'yes' }, admin);
    expect(bad.statusCode).toBe(400);
    expect((await json(t.app, 'PUT', '/api/admin/vendors/ven_nothing/trust', { trusted: true }, admin)).statusCode).toBe(404);

    const untrusted = await json(t.app, 'PUT', `/api/admin/vendors/${seller.vendorId}/trust`, { trusted: false }, admin);
    expect(untrusted.statusCode, untrusted.body).toBe(200);
    expect(untrusted.json()).toEqual({ id: seller.vendorId, trusted: false });
    expect(await audited('vendor.untrust', seller.vendorId)).toHaveLength(1);
    expect(await inShop('Trustcase')).toContain(live.id);
    const next = await listProduct(t, seller.cookie, { name: 'Zenbook Trustcase Next 14 OLED' });
    expect(next.status).toBe('pending_review');
    // The admin's page of the seller shows the mark as it is now.
    const page = await json(t.app, 'GET', `/api/admin/users/${seller.uid}`, undefined, admin);
    expect(page.json().vendor).toMatchObject({ id: seller.vendorId, trusted: false });

    // A draft put on sale from the list (several at once) goes to the queue too.
    const draft = await listProduct(t, seller.cookie, { name: 'Zenbook Trustcase Draft 14 OLED', status: 'draft' });
    const bulk = await json(t.app, 'POST', '/api/vendor/products/status', { ids: [draft.id, live.id], status: 'active' }, seller.cookie);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await asSeller(seller.cookie, draft.id)).status).toBe('pending_review');
    expect((await asSeller(seller.cookie, live.id)).status).toBe('active');
  });
});
