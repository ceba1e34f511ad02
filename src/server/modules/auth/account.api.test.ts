import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountResponse, AccountSession } from '~/shared/schemas/account';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { KIT_PASSWORD, signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { cookieFrom, json } from '../../test/test-app';

const kit = useOrdersTestApp();
const { rows, productsUnder, setStock, PUNE, placed } = kit;
const app = () => kit.t.app;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DAY = 24 * 60 * 60 * 1000;

/** Signs in again as another device: its own user agent and address. */
async function signInOn(email: string, userAgent: string, ip: string, password = KIT_PASSWORD, portal = 'customer') {
  const res = await app().inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, portal },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

async function account(cookie: string) {
  return json(app(), 'GET', '/api/account', undefined, cookie);
}

async function sessionsOf(cookie: string): Promise<AccountSession[]> {
  const res = await json(app(), 'GET', '/api/account/sessions', undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessions: AccountSession[] }).sessions;
}

async function mailsTo(email: string, template: string) {
  return rows<{ id: string; text: string }>(sql`select id, text from mail_messages where to_address = ${email} and template = ${template}`);
}

describe('the account details', () => {
  it('edits the name and the +91 mobile, with field errors for bad input', async () => {
    const me = await signUpCustomer(kit.t, 'Asha Patil');
    expect((await account(me.cookie)).json()).toMatchObject({ name: 'Asha Patil', email: me.email, phone: null, deletion: null });

    const saved = await json(app(), 'PATCH', '/api/account', { name: 'Asha S. Patil', phone: '098220 45678' }, me.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Asha S. Patil', phone: '+919822045678' });

    const bad = await json(app(), 'PATCH', '/api/account', { name: 'A', phone: '12345' }, me.cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['name', 'phone']);
    // The mobile's own rule, not the words of a schema's branch ('Invalid input: expected ""').
    expect(bad.json().error.fields.phone).toBe('Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9');
    expect((await json(app(), 'PATCH', '/api/account', { name: 'Asha', phone: '', role: 'admin' }, me.cookie)).statusCode).toBe(400);

    const cleared = await json(app(), 'PATCH', '/api/account', { name: 'Asha Patil', phone: '' }, me.cookie);
    expect(cleared.json()).toMatchObject({ phone: null });
    expect((await json(app(), 'GET', '/api/account')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the account’s sessions with device, place and this one marked; signs out one or all others', async () => {
    const me = await signUpCustomer(kit.t);
    // A phone on a Navi Mumbai network: the place comes from the GeoLite data on this machine.
    const phone = await signInOn(me.email, IPHONE, '182.48.200.77');
    const laptop = await signInOn(me.email, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36', '192.168.1.5');

    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(3);
    const phoneRow = list.find((s) => s.device === 'Safari on iPhone')!;
    expect(phoneRow).toMatchObject({ place: 'Navi Mumbai, Maharashtra · 182.48.200.x', current: false });
    expect(list.find((s) => s.current)).toMatchObject({ device: 'Chrome on Windows', place: 'This network' });
    expect(Date.parse(phoneRow.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(phoneRow.signedInAt));

    // Another account's session is not found, and stays signed in.
    const other = await signUpCustomer(kit.t, 'Vikram Rao');
    const [otherSession] = await sessionsOf(other.cookie);
    expect((await json(app(), 'DELETE', `/api/account/sessions/${otherSession!.id}`, undefined, laptop)).statusCode).toBe(404);
    expect((await account(other.cookie)).statusCode).toBe(200);

    // "Sign out" on the lost phone: its cookie is refused from then on.
    expect((await account(phone)).statusCode).toBe(200);
    expect((await json(app(), 'DELETE', `/api/account/sessions/${phoneRow.id}`, undefined, laptop)).statusCode).toBe(204);
    expect((await account(phone)).statusCode).toBe(401);
    expect((await json(app(), 'DELETE', `/api/account/sessions/${phoneRow.id}`, undefined, laptop)).statusCode).toBe(404);

    // "Sign out everywhere else" keeps this one.
    const ended = await json(app(), 'POST', '/api/account/sessions/sign-out-others', undefined, laptop);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await account(me.cookie)).statusCode).toBe(401);
    expect(await sessionsOf(laptop)).toHaveLength(1);
  });

  it('moves "last seen" at most every 5 minutes per session', async () => {
    const me = await signUpCustomer(kit.t);
    const [session] = await sessionsOf(me.cookie);
    const later = new Date(Date.now() + 10 * 60_000);
    await kit.t.services.accountService.touch(session!.id, later);
    expect((await sessionsOf(me.cookie))[0]!.lastSeenAt).toBe(later.toISOString());
    await kit.t.services.accountService.touch(session!.id, new Date(later.getTime() + 60_000));
    expect((await sessionsOf(me.cookie))[0]!.lastSeenAt).toBe(later.toISOString());
  });
});

describe('changing the password', () => {
  it('needs the current password and the registration rules, and ends every other session', async () => {
    const me = await signUpCustomer(kit.t);
    const phone = await signInOn(me.email, IPHONE, '203.0.113.8');
    const change = (body: object, cookie = me.cookie) => json(app(), 'POST', '/api/account/password', body, cookie);

    const wrong = await change({
      currentPassword: 'not-my-password',
      newPassword: 'Baner-Road-Laptop-7',
      confirmPassword: 'Baner-Road-Laptop-7',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'That is not your current password.' });
    const weak = await change({ currentPassword: KIT_PASSWORD, newPassword: 'password', confirmPassword: 'passwrd' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().error.fields).sort()).toEqual(['confirmPassword', 'newPassword']);
    expect((await account(phone)).statusCode).toBe(200);

    const done = await change({
      currentPassword: KIT_PASSWORD,
      newPassword: 'Baner-Road-Laptop-7',
      confirmPassword: 'Baner-Road-Laptop-7',
    });
    expect(done.statusCode, done.body).toBe(204);
    const fresh = cookieFrom(done);
    expect((await account(fresh)).statusCode).toBe(200);
    // The other device's cookie, replayed, is refused; so is the old one of this browser (it was replaced).
    expect((await account(phone)).statusCode).toBe(401);
    expect((await account(me.cookie)).statusCode).toBe(401);
    expect(await sessionsOf(fresh)).toHaveLength(1);

    const oldPassword = await json(app(), 'POST', '/api/auth/login', { email: me.email, password: KIT_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    await signInOn(me.email, IPHONE, '203.0.113.8', 'Baner-Road-Laptop-7');
  });
});

describe('password attempts', () => {
  it('allows 10 wrong current passwords in 15 minutes, then refuses even the right one (429)', async () => {
    const me = await signUpCustomer(kit.t);
    const body = (currentPassword: string) => ({
      currentPassword,
      newPassword: 'Baner-Road-Laptop-7',
      confirmPassword: 'Baner-Road-Laptop-7',
    });
    for (let i = 0; i < 10; i += 1) {
      expect((await json(app(), 'POST', '/api/account/password', body(`guess-${i}`), me.cookie)).statusCode).toBe(400);
    }
    const refused = await json(app(), 'POST', '/api/account/password', body(KIT_PASSWORD), me.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // "Delete my account" checks the same password under the same count.
    expect((await json(app(), 'POST', '/api/account/deletion', { password: KIT_PASSWORD }, me.cookie)).statusCode).toBe(429);
    expect((await account(me.cookie)).json()).toMatchObject({ deletion: null });
  });
});

describe('the audit log', () => {
  async function auditActions(userId: string) {
    return rows<{ action: string; summary: string; actor_user_id: string | null }>(
      sql`select action, summary, actor_user_id from audit_log where entity_id = ${userId} and action like 'account.%' order by id`,
    );
  }

  it("records a vendor's own changes to its account, and none of a customer's", async () => {
    const vendor = await signUpVendor(kit.t, 'Aundh Audit Traders');
    const phone = await signInOn(vendor.email, IPHONE, '203.0.113.21', KIT_PASSWORD, 'vendor');
    const tablet = await signInOn(
      vendor.email,
      'Mozilla/5.0 (Linux; Android 14; Tab) Chrome/131.0 Safari/537.36',
      '203.0.113.22',
      KIT_PASSWORD,
      'vendor',
    );
    // The account has the mobile given at registration (98220 45678): this is another.
    expect((await json(app(), 'PATCH', '/api/account', { name: 'Rohan S. Deshmukh', phone: '9822011122' }, vendor.cookie)).statusCode).toBe(
      200,
    );
    const phoneSession = (await sessionsOf(vendor.cookie)).find((s) => s.device === 'Safari on iPhone')!;
    expect((await json(app(), 'DELETE', `/api/account/sessions/${phoneSession.id}`, undefined, vendor.cookie)).statusCode).toBe(204);
    expect((await json(app(), 'POST', '/api/account/sessions/sign-out-others', undefined, vendor.cookie)).json()).toEqual({ ended: 1 });
    expect((await account(phone)).statusCode).toBe(401);
    expect((await account(tablet)).statusCode).toBe(401);
    const changed = await json(
      app(),
      'POST',
      '/api/account/password',
      { currentPassword: KIT_PASSWORD, newPassword: 'Aundh-Audit-2026', confirmPassword: 'Aundh-Audit-2026' },
      vendor.cookie,
    );
    expect(changed.statusCode).toBe(204);

    const entries = await auditActions(vendor.uid);
    expect(entries.map((e) => e.action)).toEqual([
      'account.email_verify',
      'account.update',
      'account.session_end',
      'account.sessions_end_others',
      'account.password_change',
    ]);
    expect(entries.every((e) => e.actor_user_id === vendor.uid)).toBe(true);
    expect(entries[1]!.summary).toBe('Changed their own name and mobile');
    expect(entries[2]!.summary).toBe('Signed out one of their own sessions (Safari on iPhone, 203.0.113.x)');

    const customer = await signUpCustomer(kit.t);
    expect((await json(app(), 'PATCH', '/api/account', { name: 'Kavya Rao', phone: '' }, customer.cookie)).statusCode).toBe(200);
    expect((await json(app(), 'POST', '/api/account/sessions/sign-out-others', undefined, customer.cookie)).statusCode).toBe(200);
    expect(await auditActions(customer.uid)).toEqual([]);
  });
});

describe('Download my data', () => {
  it('gives a JSON file of the profile, addresses, orders with lines, reviews, wishlist and sessions', async () => {
    const { cookie, addressId } = await kit.customerWithAddress(PUNE, 'Aditi Joshi');
    const [product, saved] = await productsUnder(45_000_00, 2);
    const { order } = await placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    expect((await json(app(), 'PUT', `/api/wishlist/${saved!.id}`, undefined, cookie)).statusCode).toBeLessThan(300);

    const res = await json(app(), 'GET', '/api/account/export', undefined, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.body);
    expect(data.profile).toMatchObject({ name: 'Aditi Joshi' });
    expect(data.addresses).toEqual([expect.objectContaining({ line1: PUNE.line1, mobile: '+919822012345' })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ orderNumber: order.orderNumber, address: expect.objectContaining({ line1: PUNE.line1 }) });
    expect(data.orders[0].lines).toEqual([expect.objectContaining({ productId: product!.id, quantity: 1 })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ productId: saved!.id })]);
    expect(data.reviews).toEqual([]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await json(app(), 'GET', '/api/account/export')).statusCode).toBe(401);
  });
});

describe('Delete my account', () => {
  it('needs the password, schedules the erasure in 7 days, ends other sessions and e-mails; sign-in or Cancel stops it', async () => {
    const me = await signUpCustomer(kit.t);
    const phone = await signInOn(me.email, IPHONE, '203.0.113.9');
    const request = (body: object) => json(app(), 'POST', '/api/account/deletion', body, me.cookie);

    const wrong = await request({ password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'That is not your current password.' });
    expect((await request({})).json().error.fields).toHaveProperty('password');

    const before = Date.now();
    const res = await request({ password: KIT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const { deletion } = res.json() as AccountResponse;
    const due = Date.parse(deletion!.dueAt) - Date.parse(deletion!.requestedAt);
    expect(due).toBe(7 * DAY);
    expect(Date.parse(deletion!.requestedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await account(phone)).statusCode).toBe(401);
    expect((await account(me.cookie)).json().deletion).not.toBeNull();
    expect(await mailsTo(me.email, 'account_deletion_scheduled')).toHaveLength(1);
    expect((await request({ password: KIT_PASSWORD })).statusCode).toBe(409);

    // "Cancel deletion".
    const cancelled = await json(app(), 'DELETE', '/api/account/deletion', undefined, me.cookie);
    expect(cancelled.json()).toMatchObject({ deletion: null });
    expect((await json(app(), 'DELETE', '/api/account/deletion', undefined, me.cookie)).statusCode).toBe(409);

    // Signing in cancels it too.
    expect((await request({ password: KIT_PASSWORD })).statusCode).toBe(200);
    const again = await signInOn(me.email, IPHONE, '203.0.113.9');
    expect((await account(again)).json()).toMatchObject({ deletion: null });
  });

  it('erases the account when due, in one go, keeping invoiced orders and recording what was kept for the admins', async () => {
    const admin = await signInAdmin(kit.t);
    const me = await signUpCustomer(kit.t, 'Neha Kulkarni');
    const address = await json(app(), 'POST', '/api/addresses', PUNE, me.cookie);
    const addressId = address.json().address.id as string;
    expect((await json(app(), 'PATCH', '/api/account', { name: 'Neha Kulkarni', phone: '9822011111' }, me.cookie)).statusCode).toBe(200);
    const [a, b, c] = await productsUnder(45_000_00, 3);
    const cod = await placed(me.cookie, {
      items: [{ productId: a!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    const unpaid = await placed(me.cookie, {
      items: [{ productId: b!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'upi',
    });
    expect((await json(app(), 'PUT', `/api/wishlist/${c!.id}`, undefined, me.cookie)).statusCode).toBeLessThan(300);
    const question = {
      name: 'Neha Kulkarni',
      email: me.email,
      topic: 'Order or delivery',
      message: 'When will my laptop reach Kothrud, please?',
    };
    expect((await json(app(), 'POST', '/api/contact', question, me.cookie)).statusCode).toBe(201);
    expect(
      (await rows<{ n: number }>(sql`select count(*)::int as n from mail_messages where to_address = ${me.email}`))[0]!.n,
    ).toBeGreaterThan(1);

    const asked = await json(app(), 'POST', '/api/account/deletion', { password: KIT_PASSWORD }, me.cookie);
    const requestedAt = Date.parse((asked.json() as AccountResponse).deletion!.requestedAt);
    const job = kit.t.services.accountDeletionJob;
    expect((await job.runDue(new Date(requestedAt + 6 * DAY))).find((o) => o.userId === me.uid)).toBeUndefined();

    const outcomes = await job.runDue(new Date(requestedAt + 7 * DAY + 60_000));
    expect(outcomes.find((o) => o.userId === me.uid)).toEqual({ userId: me.uid, status: 'erased' });

    const [user] = await rows<{ name: string; email: string; phone: string | null; deleted_at: Date | null }>(
      sql`select name, email, phone, deleted_at from users where id = ${me.uid}`,
    );
    expect(user).toMatchObject({ name: 'Deleted customer', phone: null });
    expect(user!.email).toMatch(/^deleted-[0-9a-f-]+@deleted\.invalid$/);
    expect(user!.deleted_at).not.toBeNull();
    const count = async (table: string) =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${me.uid}`))[0]!.n;
    expect(await count('addresses')).toBe(0);
    expect(await count('wishlist_items')).toBe(0);
    expect(await count('sessions')).toBe(0);
    expect(await count('accounts')).toBe(0);
    expect((await account(me.cookie)).statusCode).toBe(401);
    expect((await json(app(), 'POST', '/api/auth/login', { email: me.email, password: KIT_PASSWORD })).statusCode).toBe(401);

    // The COD order's invoice was issued: it keeps its address. The unpaid one never had an invoice.
    const addresses = await rows<{ id: string; line1: string }>(
      sql`select id, address->>'line1' as line1 from orders where id in (${cod.order.id}, ${unpaid.order.id})`,
    );
    expect(addresses.find((o) => o.id === cod.order.id)!.line1).toBe(PUNE.line1);
    expect(addresses.find((o) => o.id === unpaid.order.id)!.line1).not.toBe(PUNE.line1);

    const mails = await mailsTo(me.email, 'account_deleted');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('issued GST invoice');
    // The e-mails sent before (order, verification, deletion notices) and the contact message are gone:
    // the notice of the erasure is the only mail left to the address.
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from mail_messages where to_address = ${me.email}`))[0]!.n).toBe(1);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from contact_messages where email = ${me.email}`))[0]!.n).toBe(0);

    const audit = await json(app(), 'GET', `/api/admin/audit?entityId=${me.uid}`, undefined, admin.cookie);
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = (audit.json().items as { action: string; after: { kept: string[]; erased: Record<string, unknown> } }[]).find(
      (e) => e.action === 'account.erase',
    );
    expect(entry?.after.erased).toMatchObject({
      addresses: 1,
      wishlist: 1,
      orderDeliveryAddresses: 1,
      mobile: true,
      password: true,
      contactMessages: 1,
    });
    expect(entry?.after.kept.join(' ')).toContain('CGST Act');
    expect(JSON.stringify(entry)).not.toContain(me.email);

    // Run again: nothing more to do.
    expect((await job.runDue(new Date(requestedAt + 8 * DAY))).find((o) => o.userId === me.uid)).toBeUndefined();
  });

  it('refuses a vendor with open orders or money not paid out (409)', async () => {
    const seller = DEMO_ACCOUNTS.approvedVendor;
    const [product] = await rows<{ id: string }>(sql`
      select p.id from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
       where u.email = ${seller.email} and p.status = 'active' and p.price_paise <= 4500000 order by p.id limit 1`);
    await setStock(product!.id, 20);
    const { cookie, addressId } = await kit.customerWithAddress(PUNE);
    await placed(cookie, { items: [{ productId: product!.id, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' });

    const vendor = await signInOn(seller.email, IPHONE, '203.0.113.10', seller.password, 'vendor');
    const res = await json(app(), 'POST', '/api/account/deletion', { password: seller.password }, vendor);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toMatch(/open order/);
    expect((await account(vendor)).json()).toMatchObject({ deletion: null });
  });

  it('refuses the last admin', async () => {
    const admin = await signInAdmin(kit.t);
    // Every other admin of this test database is waiting to be deleted: this one is the last to stay.
    await kit.t.services.database.db.execute(
      sql`update users set deletion_requested_at = now() where role = 'admin' and email <> ${admin.email}`,
    );
    const res = await json(app(), 'POST', '/api/account/deletion', { password: KIT_PASSWORD }, admin.cookie);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toMatch(/last admin/);
    await kit.t.services.database.db.execute(sql`update users set deletion_requested_at = null where role = 'admin'`);
  });
});
