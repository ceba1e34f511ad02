import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import type { ReturnPhoto } from '~/shared/schemas/return-photos';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, customerWithAddress, placed, PUNE } = kit;

let seller: { cookie: string; vendorId: string };
let otherSeller: { cookie: string; vendorId: string };
let admin: string;

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

beforeAll(async () => {
  seller = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
  otherSeller = await signInVendor(DEMO_ACCOUNTS.approvedVendor);
  admin = (await signInAdmin(kit.t)).cookie;
});

/** A photo as a phone sends it: a JPEG with the camera's notes (and where it was taken) in its EXIF. */
function photo(format: 'jpeg' | 'png' | 'webp' = 'jpeg', size = { width: 1200, height: 900 }) {
  return sharp({ create: { ...size, channels: 3, background: { r: 120, g: 40, b: 40 } } })
    .toFormat(format)
    .withExif({ IFD0: { Make: 'Xiaomi', Model: 'Redmi Note 13' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 2/1 0/1' } })
    .toBuffer();
}

/** A customer's cash-on-delivery order of one of the seller's products, shipped and delivered by the seller. */
async function deliveredOrder(): Promise<{ customer: string; order: OrderDetail }> {
  const [product] = await rows<{ id: string }>(sql`
    select id from products where vendor_id = ${seller.vendorId} and status = 'active' and price_paise <= 4000000 order by price_paise, id limit 1`);
  await kit.setStock(product!.id, 50);
  const { cookie, addressId } = await customerWithAddress(PUNE);
  const { order } = await placed(cookie, {
    items: [{ productId: product!.id, quantity: 1 }],
    addressId,
    delivery: 'standard',
    paymentMethod: 'cod',
  });
  for (const [step, body] of [
    ['ship', { carrier: 'Blue Dart', trackingNumber: 'BD1234567' }],
    ['deliver', undefined],
  ] as const) {
    const res = await json(kit.t.app, 'POST', `/api/vendor/orders/${order.id}/${step}`, body, seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { customer: cookie, order: await kit.getOrder(cookie, order.id) };
}

function upload(cookie: string, orderId: string, body: Buffer, type = 'image/jpeg') {
  return kit.t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/return-photos`,
    payload: body,
    headers: { cookie, 'content-type': type },
  });
}
async function uploaded(cookie: string, orderId: string, body?: Buffer): Promise<ReturnPhoto> {
  const res = await upload(cookie, orderId, body ?? (await photo()));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo as ReturnPhoto;
}
const view = (orderId: string, photoId: string, cookie?: string) =>
  kit.t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/return-photos/${photoId}/320.webp`, headers: cookie ? { cookie } : {} });

describe('photos sent with a return request', () => {
  it('keeps a good photo upright and without its metadata, private to the customer until the return request attaches it', async () => {
    const { customer, order } = await deliveredOrder();
    const first = await uploaded(customer, order.id, await photo('jpeg', { width: 3000, height: 2000 }));
    // Scaled to fit 2000 × 2000 for the master.
    expect(first).toMatchObject({ width: 2000, height: 1333 });
    const pending = await json(kit.t.app, 'GET', `/api/orders/${order.id}/return-photos`, undefined, customer);
    expect(pending.json().photos).toEqual([first]);

    const own = await view(order.id, first.id, customer);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.width).toBe(320);
    expect(meta.exif).toBeUndefined();
    // Not sent yet: nobody but its uploader sees it, not even the seller or an admin.
    for (const cookie of [seller.cookie, admin]) expect((await view(order.id, first.id, cookie)).statusCode).toBe(404);
    expect((await kit.getOrder(customer, order.id)).returnPhotos).toEqual([]);
  });

  it('refuses a text file named .jpg, a photo over 10 MB and a fifth photo, each with a clear message', async () => {
    const { customer, order } = await deliveredOrder();
    const text = await upload(customer, order.id, Buffer.from('Invoice number INV-123, not a photo at all\n'.repeat(20)), 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields.file).toMatch(/not a photo we can read\. Send a JPEG, PNG(,| or) WebP/);
    const svg = await upload(customer, order.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"/>'));
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.fields.file).toMatch(/not svg/);
    const tiny = await upload(customer, order.id, await photo('png', { width: 120, height: 90 }), 'image/png');
    expect(tiny.json().error.fields.file).toMatch(/120 × 90 pixels; send one at least 200 × 200/);

    const huge = await upload(customer, order.id, Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('The photo is larger than 10 MB. Please send a smaller one.');

    // Four at once all fit; the fifth is refused.
    const body = await photo('webp');
    const four = await Promise.all(Array.from({ length: 4 }, () => upload(customer, order.id, body, 'application/octet-stream')));
    expect(four.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const fifth = await upload(customer, order.id, body);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().error.fields.file).toBe('A return can have at most 4 photos. Remove one to add another.');
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from order_return_photos where order_id = ${order.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(4);
  });

  it('attaches the photos to the return: the customer, the seller and an admin see them, another seller or customer gets 404, and the e-mails say how many', async () => {
    const { customer, order } = await deliveredOrder();
    const [a, b, removed] = [await uploaded(customer, order.id), await uploaded(customer, order.id), await uploaded(customer, order.id)];
    const remove = await json(kit.t.app, 'DELETE', `/api/orders/${order.id}/return-photos/${removed.id}`, undefined, customer);
    expect(remove.statusCode).toBe(204);
    expect((await view(order.id, removed.id, customer)).statusCode).toBe(404);

    // Another customer can neither add photos to this order nor attach its photos to their own.
    const stranger = await customerWithAddress(PUNE, 'Kunal Shah');
    expect((await upload(stranger.cookie, order.id, await photo())).statusCode).toBe(404);
    const unknown = await json(
      kit.t.app,
      'POST',
      `/api/orders/${order.id}/return`,
      { reason: 'Wrong item delivered', photoIds: ['rph_nope'] },
      customer,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.photoIds).toMatch(/could not be found/);

    const asked = await json(
      kit.t.app,
      'POST',
      `/api/orders/${order.id}/return`,
      { reason: 'Damaged or defective on arrival', details: 'The hinge is cracked', photoIds: [a.id, b.id] },
      customer,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const returned = asked.json().order as OrderDetail;
    expect(returned.returnPhotos.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(returned.timeline.at(-1)?.message).toMatch(/The hinge is cracked \(2 photos attached\)/);

    for (const cookie of [customer, seller.cookie, admin]) {
      const res = await view(order.id, a.id, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private/);
    }
    for (const cookie of [otherSeller.cookie, stranger.cookie]) expect((await view(order.id, a.id, cookie)).statusCode).toBe(404);
    expect((await view(order.id, a.id)).statusCode).toBe(401);
    // A photo of this order asked for under another order's address is not found either.
    const elsewhere = await deliveredOrder();
    expect((await view(elsewhere.order.id, a.id, customer)).statusCode).toBe(404);

    // The seller sees them beside the reason, the admin on the order page.
    const list = await json(kit.t.app, 'GET', `/api/vendor/orders?q=${order.orderNumber}`, undefined, seller.cookie);
    expect((list.json().items as VendorOrder[])[0]!.returnPhotos.map((p) => p.id)).toEqual([a.id, b.id]);
    const back = await json(kit.t.app, 'GET', `/api/admin/orders/${order.id}`, undefined, admin);
    expect(back.json().order.returnPhotos).toHaveLength(2);

    // A photo sent with the return stays with it.
    expect((await json(kit.t.app, 'DELETE', `/api/orders/${order.id}/return-photos/${a.id}`, undefined, customer)).statusCode).toBe(404);
    expect((await upload(customer, order.id, await photo())).statusCode).toBe(409);

    const mails = await rows<{ template: string; photos: string | null; text: string }>(sql`
      select template, data->>'photoCount' as photos, data::text as text from mail_messages
       where data->>'orderNumber' = ${order.orderNumber} and template in ('order_return_requested', 'vendor_order_update')
         and (template = 'order_return_requested' or data->>'kind' = 'return_requested')`);
    expect(mails.map((m) => [m.template, m.photos]).sort()).toEqual([
      ['order_return_requested', '2'],
      ['vendor_order_update', '2'],
    ]);
  });

  it('sends a return without photos as before', async () => {
    const { customer, order } = await deliveredOrder();
    const asked = await json(kit.t.app, 'POST', `/api/orders/${order.id}/return`, { reason: 'No longer needed' }, customer);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().order.returnPhotos).toEqual([]);
  });

  it('removes photos never sent with a return after a day, files and all', async () => {
    const { customer, order } = await deliveredOrder();
    const left = await uploaded(customer, order.id);
    const { storage } = kit.t.services.mediaService;
    const [{ key }] = (await rows<{ key: string }>(sql`select storage_key as key from order_return_photos where id = ${left.id}`)) as [
      { key: string },
    ];
    expect(await storage.get(key)).not.toBeNull();
    const photos = kit.t.services.returnsService.returnPhotos;
    expect((await photos.sweep()).removed).toBe(0);
    expect((await photos.sweep(new Date(Date.now() + 25 * 3_600_000))).removed).toBeGreaterThanOrEqual(1);
    expect(await storage.get(key)).toBeNull();
    expect((await view(order.id, left.id, customer)).statusCode).toBe(404);
  });
});
