import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '~/shared/schemas/audit';
import type { CartCheckResponse } from '~/shared/schemas/cart';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import type { OrderDetail, QuoteResponse } from '~/shared/schemas/orders';
import type { AdminSettingsResponse, PublicSettings, ShopSettings } from '~/shared/schemas/settings';
import { signInAdmin, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { SETTINGS_FRESH_MS } from './settings.service';

const kit = useOrdersTestApp();
const { productsUnder, customerWithAddress, placed, place, getOrder, PORT_BLAIR } = kit;

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

async function current(): Promise<AdminSettingsResponse> {
  const res = await json(kit.t.app, 'GET', '/api/admin/settings', undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSettingsResponse;
}

/** Saves the settings with one part changed, at the version read just before. */
async function change(edit: (s: ShopSettings) => void): Promise<AdminSettingsResponse> {
  const { settings, version } = await current();
  const next = structuredClone(settings);
  edit(next);
  const res = await json(kit.t.app, 'PUT', '/api/admin/settings', { settings: next, version }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSettingsResponse;
}

async function quote(cookie: string, body: object): Promise<QuoteResponse> {
  const res = await json(kit.t.app, 'POST', '/api/orders/quote', body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteResponse;
}

const post = (url: string, body?: object) => json(kit.t.app, 'POST', url, body, admin);

describe('shop settings (admin)', () => {
  it('starts from the defaults, and only an admin reads or saves them', async () => {
    const first = await current();
    expect(first.version).toBe(0);
    expect(first.updatedAt).toBeNull();
    expect(first.settings.shipping).toEqual({ standardPaise: 199_00, expressPaise: 499_00, freeShippingAtPaise: 10_000_00 });
    expect(first.settings.codLimitPaise).toBe(50_000_00);
    expect(first.settings.returnWindowDays).toBe(7);
    expect(first.settings.invoice.gstin).toMatch(/^27/);

    const vendor = await signUpVendor(kit.t);
    const { cookie: customer } = await customerWithAddress();
    for (const cookie of [vendor.cookie, customer]) {
      expect((await json(kit.t.app, 'GET', '/api/admin/settings', undefined, cookie)).statusCode).toBe(403);
      expect((await json(kit.t.app, 'PUT', '/api/admin/settings', { settings: first.settings, version: 0 }, cookie)).statusCode).toBe(403);
    }
    expect((await json(kit.t.app, 'GET', '/api/admin/settings')).statusCode).toBe(401);
    // The storefront's part is public.
    const pub = await json(kit.t.app, 'GET', '/api/settings');
    expect(pub.statusCode).toBe(200);
    expect((pub.json() as PublicSettings).returnWindowDays).toBe(7);
  });

  it('refuses bad values with a message on each field, and saves nothing', async () => {
    const { settings, version } = await current();
    const bad = structuredClone(settings) as Record<string, unknown> & ShopSettings;
    bad.invoice.gstin = '27AAUFS4821K1ZA';
    bad.invoice.address = 'One line only';
    bad.shipping.expressPaise = 100_00;
    bad.returnWindowDays = 45;
    bad.codLimitPaise = -1;
    const res = await json(kit.t.app, 'PUT', '/api/admin/settings', { settings: bad, version }, admin);
    expect(res.statusCode).toBe(400);
    const { fields } = (res.json() as { error: { fields: Record<string, string> } }).error;
    expect(fields['settings.invoice.gstin']).toMatch(/last character does not match/);
    expect(fields['settings.invoice.address']).toMatch(/2 to 5 lines/);
    expect(fields['settings.shipping.expressPaise']).toMatch(/cannot cost less than standard/);
    expect(fields['settings.returnWindowDays']).toMatch(/at most 30 days/);
    expect(fields['settings.codLimitPaise']).toMatch(/cannot be negative/);
    expect((await current()).version).toBe(version);
  });

  it('takes an Indian phone number for the invoices, and still reads one saved before that rule', async () => {
    const { settings, version } = await current();
    for (const phone of ['12345678', '+91 98220 4567', '022 1234']) {
      const bad = structuredClone(settings);
      bad.invoice.phone = phone;
      const res = await json(kit.t.app, 'PUT', '/api/admin/settings', { settings: bad, version }, admin);
      expect(res.statusCode, phone).toBe(400);
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields['settings.invoice.phone']).toBe(
        'Enter an Indian phone number: a mobile, +91 98220 45678, or a landline with its STD code, 020 4567 8910',
      );
    }
    for (const phone of ['+91 98220 45678', '020 4567 8910', '+91-20-2612-3456', '1800 266 1234']) {
      expect((await change((s) => void (s.invoice.phone = phone))).settings.invoice.phone).toBe(phone);
    }
    // A number stored before the rule (8 digits) is still shown, not a failed page.
    await kit.rows(sql`update shop_settings set value = jsonb_set(value, '{invoice,phone}', '"2612 3456"')`);
    await new Promise((r) => setTimeout(r, SETTINGS_FRESH_MS + 100));
    expect((await current()).settings.invoice.phone).toBe('2612 3456');
    await change((s) => void (s.invoice.phone = '+91 20 4567 8910'));
  });

  it('applies new delivery charges to the next quote and cart check at once, and records the change in the audit log', async () => {
    const [product] = await productsUnder(9_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const body = { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard' };
    const before = await quote(cookie, body);
    expect(before.totals.shippingPaise).toBe(199_00);

    const saved = await change((s) => {
      s.shipping = { standardPaise: 99_00, expressPaise: 299_00, freeShippingAtPaise: product!.price_paise };
    });
    expect(saved.updatedBy).toMatch(/@/);

    const after = await quote(cookie, body);
    expect(after.totals.shippingPaise).toBe(0);
    expect(after.freeShippingAtPaise).toBe(product!.price_paise);
    expect(after.deliveryChoices.find((c) => c.option === 'express')!.pricePaise).toBe(299_00);
    const express = await quote(cookie, { ...body, delivery: 'express' });
    expect(express.totals.totalPaise).toBe(product!.price_paise + 299_00);

    const cart = await json(kit.t.app, 'POST', '/api/cart/check', {
      items: [{ productId: product!.id, quantity: 1, pricePaise: product!.price_paise }],
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect((cart.json() as CartCheckResponse).totals.shippingPaise).toBe(0);

    const log = await json(kit.t.app, 'GET', '/api/admin/audit?entityType=settings&pageSize=10', undefined, admin);
    const entry = (log.json() as AuditResponse).items[0]!;
    expect(entry.action).toBe('settings.update');
    expect(entry.summary).toContain('express delivery charge ₹499.00 → ₹299.00');
    expect(entry.before).toMatchObject({ 'shipping.standardPaise': 199_00 });
    expect(entry.after).toMatchObject({ 'shipping.standardPaise': 99_00 });
    expect(entry.after).not.toHaveProperty('returnWindowDays');
    // The chain still holds.
    const verify = await json(kit.t.app, 'GET', '/api/admin/audit/verify', undefined, admin);
    expect(verify.json()).toMatchObject({ firstBroken: null });
  });

  it('lowers or turns off cash on delivery for quotes and orders', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress();
    const body = { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard' };
    await change((s) => {
      s.codLimitPaise = product!.price_paise - 1_00;
    });
    const q = await quote(cookie, body);
    expect(q.cod.allowed).toBe(false);
    expect(q.cod.reason).toMatch(/Cash on delivery is available for orders up to ₹/);
    const refused = await place(cookie, { ...body, paymentMethod: 'cod' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { fields: { paymentMethod: expect.stringMatching(/up to ₹/) } } });

    await change((s) => {
      s.codLimitPaise = 0;
    });
    expect((await quote(cookie, body)).cod.reason).toMatch(/not offered at the moment/);

    await change((s) => {
      s.codLimitPaise = 2_00_000_00;
    });
    expect((await quote(cookie, body)).cod.allowed).toBe(true);
  });

  it('gives new orders the return window, payment timeout and invoice details in force; orders placed before keep theirs', async () => {
    const [a, b] = await productsUnder(45_000_00, 2);
    const { cookie, addressId } = await customerWithAddress();
    const order = (productId: string, paymentMethod: string) =>
      placed(cookie, { items: [{ productId, quantity: 1 }], addressId, delivery: 'standard', paymentMethod });
    const old = (await order(a!.id, 'cod')).order;

    await change((s) => {
      s.returnWindowDays = 10;
      s.paymentTimeoutMinutes = 45;
      s.invoice.name = 'Sahyadri Computers Navi Mumbai';
      s.invoice.legalName = 'Sahyadri Computers Private Limited';
    });
    const fresh = (await order(b!.id, 'cod')).order;
    const online = (
      await placed(cookie, { items: [{ productId: a!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'upi' })
    ).order;
    expect(online.timeline.at(-1)!.message).toContain('held for you for 45 minutes');

    // Delivered the same moment, the two orders close their return windows 7 and 10 days later.
    for (const o of [old, fresh]) {
      expect(
        (await post(`/api/admin/orders/${o.id}/ship`, { carrier: 'Blue Dart', trackingNumber: `BD${o.orderNumber.slice(3)}01` }))
          .statusCode,
      ).toBe(200);
      const delivered = await post(`/api/admin/orders/${o.id}/deliver`);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    const deadline = async (o: OrderDetail) => {
      const detail = await getOrder(cookie, o.id);
      return (new Date(detail.actions.returnDeadline!).getTime() - new Date(detail.deliveredAt!).getTime()) / 86_400_000;
    };
    expect(await deadline(old)).toBe(7);
    expect(await deadline(fresh)).toBe(10);
    // A cash-on-delivery invoice is dated when the order was placed, not re-dated when the cash is collected.
    const delivered = await getOrder(cookie, fresh.id);
    expect(delivered.invoice!.date).toBe(delivered.orderDate);

    // The invoice of each names the shop as it was when the order was placed.
    const issuer = async (o: OrderDetail) => (await kit.t.services.ordersService.withIssuer(o.id)).issuer;
    expect((await issuer(old)).name).toBe('Sahyadri Computers');
    expect(await issuer(fresh)).toMatchObject({ name: 'Sahyadri Computers Navi Mumbai', legalName: 'Sahyadri Computers Private Limited' });
    const pdf = await json(kit.t.app, 'GET', `/api/orders/${fresh.id}/invoice.pdf`, undefined, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const adminView = await json(kit.t.app, 'GET', `/api/admin/orders/${fresh.id}`, undefined, admin);
    expect((adminView.json() as AdminOrderResponse).order.status).toBe('delivered');
  });

  it('refuses a save made from stale settings: of two admins saving at once, one wins and the other is told to reload', async () => {
    const { settings, version } = await current();
    const one = structuredClone(settings);
    one.paymentTimeoutMinutes = 20;
    const two = structuredClone(settings);
    two.paymentTimeoutMinutes = 25;
    const results = await Promise.all(
      [one, two].map((s) => json(kit.t.app, 'PUT', '/api/admin/settings', { settings: s, version }, admin)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ error: { message: expect.stringMatching(/Reload/) } });
    const now = await current();
    expect(now.version).toBe(version + 1);
    const [row] = await kit.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'settings.update'`);
    expect(row!.n).toBe(now.version);
  });

  it('answers a save that changes nothing without a new version or audit entry', async () => {
    const { settings, version } = await current();
    const res = await json(kit.t.app, 'PUT', '/api/admin/settings', { settings, version }, admin);
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminSettingsResponse).version).toBe(version);
  });

  it('keeps cash on delivery away from PIN codes couriers do not collect at, whatever the limit', async () => {
    const [product] = await productsUnder(45_000_00, 1);
    const { cookie, addressId } = await customerWithAddress(PORT_BLAIR);
    const q = await quote(cookie, { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard' });
    expect(q.cod.allowed).toBe(false);
    expect(q.cod.reason).toMatch(/Couriers do not collect cash/);
  });
});
