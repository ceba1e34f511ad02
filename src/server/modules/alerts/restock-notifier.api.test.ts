import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signUpCustomer } from '../../test/accounts-kit';
import { cookieFrom, json, uniqueEmail } from '../../test/test-app';
import { useAlertsTestApp } from './alerts.fixtures';

const a = useAlertsTestApp();
const run = () => a.kit.t.services.restockNotifier.notifyRestocked();

async function signInVendor(account: { email: string; password: string }) {
  const res = await json(a.kit.t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal: 'vendor' });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res), vendorId: res.json().user.vendor.id as string };
}

describe('the alert job', () => {
  it('e-mails everyone waiting once when a vendor restocks, even after a second restock within a minute', async () => {
    const vendor = await signInVendor(DEMO_ACCOUNTS.khargharVendor);
    const [product] = await a.soldOutProducts(1, vendor.vendorId);
    const customer = await signUpCustomer(a.kit.t, 'Kavya Menon');
    await a.accountAlert(product!.id, customer.cookie);
    const visitor = uniqueEmail('visitor');
    await a.visitorAlert(product!.id, visitor);
    // Asked, but never opened the link: not on.
    const unconfirmed = uniqueEmail('unconfirmed');
    expect((await json(a.kit.t.app, 'POST', '/api/stock-alerts', { productId: product!.id, email: unconfirmed })).statusCode).toBe(202);

    // Nothing is due while it is sold out.
    expect(await run()).toEqual({ emailed: 0, notified: 0 });

    // The vendor restocks from the seller centre's list.
    const restock = (stock: number, stockWas: number) =>
      json(a.kit.t.app, 'PATCH', `/api/vendor/products/${product!.id}`, { stock, stockWas }, vendor.cookie);
    expect((await restock(5, 0)).statusCode).toBe(200);
    expect(await run()).toEqual({ emailed: 2, notified: 2 });
    expect(await a.emailsTo(customer.email)).toBe(1);
    expect(await a.emailsTo(visitor)).toBe(1);
    expect(await a.emailsTo(unconfirmed)).toBe(0);

    // Sold out again at once, and restocked again within the minute: nobody gets a second e-mail.
    await a.setStock(product!.id, 0);
    expect((await restock(3, 0)).statusCode).toBe(200);
    expect(await run()).toEqual({ emailed: 0, notified: 0 });
    expect(await a.emailsTo(customer.email)).toBe(1);
    expect(await a.emailsTo(visitor)).toBe(1);

    const [mail] = await a.rows<{ subject: string; text: string; to_name: string | null }>(
      sql`select subject, text, to_name from mail_messages where to_address = ${customer.email} and template = 'back_in_stock'`,
    );
    expect(mail!.subject).toBe(`Back in stock: ${product!.name}`);
    expect(mail!.text).toContain('Dear Kavya Menon,');
    expect(mail!.text).toContain(`/product/${product!.id}`);
    expect(mail!.text).toMatch(/\/back-in-stock\/stop\?token=[\w-]+/);
    // The account page shows that it was e-mailed.
    const list = await json(a.kit.t.app, 'GET', '/api/stock-alerts', undefined, customer.cookie);
    expect(list.json().items[0]).toMatchObject({ status: 'notified', notifiedAt: expect.any(String) });
  });

  it('sends one e-mail per person when several runs go at once', async () => {
    const [product] = await a.soldOutProducts(1);
    const people = Array.from({ length: 6 }, () => uniqueEmail('crowd'));
    for (const email of people) await a.visitorAlert(product!.id, email);
    await a.setStock(product!.id, 10);
    const outcomes = await Promise.all([run(), run(), run()]);
    expect(outcomes.reduce((n, o) => n + o.emailed, 0)).toBe(6);
    for (const email of people) expect(await a.emailsTo(email)).toBe(1);
    expect(await run()).toEqual({ emailed: 0, notified: 0 });
  });

  it('sends one e-mail to a person waiting both signed in and as a visitor with the same address', async () => {
    const [product] = await a.soldOutProducts(1);
    const me = await signUpCustomer(a.kit.t);
    await a.accountAlert(product!.id, me.cookie);
    await a.visitorAlert(product!.id, me.email);
    await a.setStock(product!.id, 1);
    expect(await run()).toEqual({ emailed: 1, notified: 2 });
    expect(await a.emailsTo(me.email)).toBe(1);
  });

  it('tells no one about a hidden or archived product or one of a suspended seller, until it is on sale again', async () => {
    const [hidden, archived] = await a.soldOutProducts(2);
    const [otherSeller] = await a.rows<{ vendor_id: string }>(
      sql`select vendor_id from products where vendor_active and vendor_id <> ${hidden!.vendor_id} and vendor_id <> ${archived!.vendor_id} limit 1`,
    );
    const [suspended] = await a.soldOutProducts(1, otherSeller!.vendor_id);
    const waiters = { hidden: uniqueEmail('h'), archived: uniqueEmail('a'), suspended: uniqueEmail('s') };
    await a.visitorAlert(hidden!.id, waiters.hidden);
    await a.visitorAlert(archived!.id, waiters.archived);
    await a.visitorAlert(suspended!.id, waiters.suspended);
    await a.db().execute(sql`update products set status = 'hidden', status_before_hidden = 'active' where id = ${hidden!.id}`);
    await a.db().execute(sql`update products set status = 'archived' where id = ${archived!.id}`);
    // The catalogue's trigger takes a suspended seller's products off sale (vendor_active).
    await a.db().execute(sql`update vendors set status = 'suspended' where id = ${suspended!.vendor_id}`);
    for (const p of [hidden, archived, suspended]) await a.setStock(p!.id, 6);

    expect(await run()).toEqual({ emailed: 0, notified: 0 });
    for (const email of Object.values(waiters)) expect(await a.emailsTo(email)).toBe(0);
    expect(await a.rows(sql`select status from stock_alerts where email = ${waiters.hidden}`)).toEqual([{ status: 'waiting' }]);

    await a.db().execute(sql`update products set status = 'active', status_before_hidden = null where id = ${hidden!.id}`);
    expect(await run()).toEqual({ emailed: 1, notified: 1 });
    expect(await a.emailsTo(waiters.hidden)).toBe(1);
    expect(await a.emailsTo(waiters.archived)).toBe(0);
  });

  it('notices stock put back by a cancelled order (inventoryService.restock), as any other write', async () => {
    const [product] = await a.soldOutProducts(1);
    const email = uniqueEmail('cancel');
    await a.visitorAlert(product!.id, email);
    const { services } = a.kit.t;
    await services.database.db.transaction((tx) =>
      services.inventoryService.restock(tx, [{ productId: product!.id, offerId: product!.id, quantity: 1 }]),
    );
    expect(await run()).toEqual({ emailed: 1, notified: 1 });
    expect(await a.emailsTo(email)).toBe(1);
  });

  it('forgets a visitor’s request a week after its link ran out unopened', async () => {
    const [product] = await a.soldOutProducts(1);
    const email = uniqueEmail('forgotten');
    await json(a.kit.t.app, 'POST', '/api/stock-alerts', { productId: product!.id, email });
    await a.db().execute(sql`update stock_alerts set confirm_expires_at = now() - interval '8 days' where email = ${email}`);
    await run();
    expect(await a.rows(sql`select id from stock_alerts where email = ${email}`)).toEqual([]);
  });
});
