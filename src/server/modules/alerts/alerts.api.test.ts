import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_CHECK_INBOX_MESSAGE, type StockAlertItem } from '~/shared/schemas/stock-alerts';
import { linkFromOutbox, signUpCustomer } from '../../test/accounts-kit';
import { json, uniqueEmail } from '../../test/test-app';
import { INVALID_CONFIRM_LINK } from './alerts.service';
import { TEST_FORM_LIMIT, useAlertsTestApp } from './alerts.fixtures';

const a = useAlertsTestApp();
const app = () => a.kit.t.app;
const ask = (body: object, cookie?: string) => json(app(), 'POST', '/api/stock-alerts', body, cookie);

describe('a signed-in customer asks to be told when a sold-out product is back', () => {
  it('is on at once for the account’s address, shows on the product and the account page, and asking again changes nothing', async () => {
    const [product] = await a.soldOutProducts(1);
    const me = await signUpCustomer(a.kit.t, 'Neha Joshi');
    const first = await a.accountAlert(product!.id, me.cookie);
    expect(first.alert).toMatchObject({ productId: product!.id, status: 'waiting', email: me.email });

    const again = await a.accountAlert(product!.id, me.cookie);
    expect(again.alert.id).toBe(first.alert.id);
    expect(await a.rows(sql`select id from stock_alerts where product_id = ${product!.id}`)).toHaveLength(1);
    // No e-mail to confirm: the account's address is known.
    expect(await a.emailsTo(me.email, 'stock_alert_confirm')).toBe(0);

    const onPage = await json(app(), 'GET', `/api/stock-alerts/product/${product!.id}`, undefined, me.cookie);
    expect(onPage.json().alert).toMatchObject({ id: first.alert.id, email: me.email });
    const list = await json(app(), 'GET', '/api/stock-alerts', undefined, me.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().items as StockAlertItem[]).toEqual([
      expect.objectContaining({
        id: first.alert.id,
        status: 'waiting',
        product: expect.objectContaining({ id: product!.id, name: product!.name, onSale: true, inStock: false }),
      }),
    ]);
  });

  it('refuses a product in stock (409), one not on sale (404), and a visitor without an address (400 on the field)', async () => {
    const [product] = await a.soldOutProducts(1);
    const me = await signUpCustomer(a.kit.t);
    await a.setStock(product!.id, 4);
    const inStock = await ask({ productId: product!.id }, me.cookie);
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().error.message).toContain('in stock now');

    expect((await ask({ productId: 'prd_doesnotexist' }, me.cookie)).statusCode).toBe(404);
    await a.setStock(product!.id, 0);
    await a.db().execute(sql`update products set status = 'archived' where id = ${product!.id}`);
    expect((await ask({ productId: product!.id }, me.cookie)).statusCode).toBe(404);

    const noEmail = await ask({ productId: product!.id });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.fields).toEqual({ email: 'Enter your e-mail address' });
    const badEmail = await ask({ productId: product!.id, email: 'neha@' });
    expect(badEmail.json().error.fields.email).toContain('valid e-mail address');
    const extra = await ask({ productId: product!.id, email: uniqueEmail(), role: 'admin' });
    expect(extra.statusCode).toBe(400);
    const noProduct = await ask({ email: uniqueEmail() });
    expect(noProduct.json().error.fields.productId).toBe('Give the product id');
  });

  it('needs a session for the list, the product’s alert and Stop (401)', async () => {
    expect((await json(app(), 'GET', '/api/stock-alerts')).statusCode).toBe(401);
    expect((await json(app(), 'GET', '/api/stock-alerts/product/prd_x')).statusCode).toBe(401);
    expect((await json(app(), 'DELETE', '/api/stock-alerts/alrt_x')).statusCode).toBe(401);
  });
});

describe('a visitor asks with an e-mail address', () => {
  it('is on only once the e-mailed link is opened; the link works once', async () => {
    const [product] = await a.soldOutProducts(1);
    const email = uniqueEmail('visitor');
    const res = await ask({ productId: product!.id, email: email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'confirmation_sent', message: STOCK_ALERT_CHECK_INBOX_MESSAGE });
    const [pending] = await a.rows<{ status: string; confirm_token_hash: string }>(
      sql`select status, confirm_token_hash from stock_alerts where product_id = ${product!.id} and email = ${email}`,
    );
    expect(pending!.status).toBe('pending');

    const link = await linkFromOutbox(a.kit.t, email, 'stock_alert_confirm');
    expect(link.pathname).toBe('/back-in-stock/confirm');
    const token = link.searchParams.get('token')!;
    // Only the token's hash is kept.
    expect(pending!.confirm_token_hash).not.toContain(token);

    const confirmed = await json(app(), 'POST', '/api/stock-alerts/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ product: { id: product!.id, name: product!.name }, inStock: false });
    expect(confirmed.json().message).toContain(`we will e-mail ${email} once`);
    const used = await json(app(), 'POST', '/api/stock-alerts/confirm', { token });
    expect(used.statusCode).toBe(400);
    expect(used.json().error.fields.token).toBe(INVALID_CONFIRM_LINK);
    expect((await a.rows(sql`select 1 from stock_alerts where product_id = ${product!.id} and status = 'waiting'`)).length).toBe(1);
  });

  it('gets the same answer whether or not the address already waits, and a double click sends one e-mail', async () => {
    const [product] = await a.soldOutProducts(1);
    const waiting = uniqueEmail('waiting');
    await a.visitorAlert(product!.id, waiting);
    const fresh = uniqueEmail('fresh');
    const [forFresh, forWaiting] = await Promise.all([
      ask({ productId: product!.id, email: fresh }),
      ask({ productId: product!.id, email: waiting }),
    ]);
    expect(forWaiting.statusCode).toBe(forFresh.statusCode);
    expect(forWaiting.body).toBe(forFresh.body);

    const twice = uniqueEmail('twice');
    const clicks = await Promise.all([ask({ productId: product!.id, email: twice }), ask({ productId: product!.id, email: twice })]);
    expect(clicks.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await a.emailsTo(twice, 'stock_alert_confirm')).toBe(1);
    expect(await a.rows(sql`select id from stock_alerts where email = ${twice}`)).toHaveLength(1);
  });

  it('refuses a late link, and an account that asks takes over the visitor’s alert of its own address', async () => {
    const [product, other] = await a.soldOutProducts(2);
    const email = uniqueEmail('late');
    await ask({ productId: product!.id, email });
    await a.db().execute(sql`update stock_alerts set confirm_expires_at = now() - interval '1 minute' where email = ${email}`);
    const token = (await linkFromOutbox(a.kit.t, email, 'stock_alert_confirm')).searchParams.get('token');
    const late = await json(app(), 'POST', '/api/stock-alerts/confirm', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(INVALID_CONFIRM_LINK);

    const me = await signUpCustomer(a.kit.t);
    await a.visitorAlert(other!.id, me.email);
    await a.accountAlert(other!.id, me.cookie);
    expect(await a.rows(sql`select user_id from stock_alerts where product_id = ${other!.id}`)).toEqual([{ user_id: me.uid }]);
  });

  it('is limited per address and per client (429), the same for every address', async () => {
    const [product] = await a.soldOutProducts(1);
    const email = uniqueEmail('limited');
    const fromClient = (i: number) => `10.1.0.${i}`;
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(
        await app().inject({
          method: 'POST',
          url: '/api/stock-alerts',
          payload: { productId: product!.id, email },
          remoteAddress: fromClient(i),
        }),
      );
    }
    expect(answers.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(202));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.headers['retry-after']).toBeDefined();

    const client = '10.2.0.1';
    const statuses = [];
    for (let i = 0; i <= TEST_FORM_LIMIT; i += 1) {
      const res = await app().inject({
        method: 'POST',
        url: '/api/stock-alerts',
        payload: { productId: product!.id, email: uniqueEmail('many') },
        remoteAddress: client,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 202)).toHaveLength(TEST_FORM_LIMIT);
  });
});

describe('stopping alerts', () => {
  it('Stop on the account page ends one’s own alert; another person’s alert id is 404', async () => {
    const [product] = await a.soldOutProducts(1);
    const me = await signUpCustomer(a.kit.t);
    const someone = await signUpCustomer(a.kit.t);
    const mine = (await a.accountAlert(product!.id, me.cookie)).alert;
    const theirs = (await a.accountAlert(product!.id, someone.cookie)).alert;

    expect((await json(app(), 'DELETE', `/api/stock-alerts/${theirs.id}`, undefined, me.cookie)).statusCode).toBe(404);
    expect(await a.statusOf(theirs.id)).toBe('waiting');
    expect((await json(app(), 'DELETE', '/api/stock-alerts/alrt_nothere', undefined, me.cookie)).statusCode).toBe(404);

    expect((await json(app(), 'DELETE', `/api/stock-alerts/${mine.id}`, undefined, me.cookie)).statusCode).toBe(204);
    expect((await json(app(), 'DELETE', `/api/stock-alerts/${mine.id}`, undefined, me.cookie)).statusCode).toBe(204);
    expect((await json(app(), 'GET', '/api/stock-alerts', undefined, me.cookie)).json().items).toEqual([]);
    expect((await json(app(), 'GET', `/api/stock-alerts/product/${product!.id}`, undefined, me.cookie)).json().alert).toBeNull();

    await a.setStock(product!.id, 3);
    await a.kit.t.services.restockNotifier.notifyRestocked();
    expect(await a.emailsTo(me.email)).toBe(0);
    expect(await a.emailsTo(someone.email)).toBe(1);
  });

  it('the link in an alert e-mail stops every other alert to that address; a forged link is refused', async () => {
    const [first, second] = await a.soldOutProducts(2);
    const email = uniqueEmail('stopper');
    await a.visitorAlert(first!.id, email);
    await a.visitorAlert(second!.id, email);
    await a.setStock(first!.id, 2);
    await a.kit.t.services.restockNotifier.notifyRestocked();
    expect(await a.emailsTo(email)).toBe(1);

    const stop = await linkFromOutbox(a.kit.t, email, 'back_in_stock');
    expect(stop.pathname).toBe('/back-in-stock/stop');
    const token = stop.searchParams.get('token')!;
    const forged = await json(app(), 'POST', '/api/stock-alerts/stop', { token: `${token.slice(0, -4)}0000` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields.token).toBeDefined();

    const stopped = await json(app(), 'POST', '/api/stock-alerts/stop', { token });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().message).toContain('one alert stopped');
    await a.setStock(second!.id, 2);
    await a.kit.t.services.restockNotifier.notifyRestocked();
    expect(await a.emailsTo(email)).toBe(1);
    // Opening it again says so and changes nothing.
    expect((await json(app(), 'POST', '/api/stock-alerts/stop', { token })).json().message).toContain('no back-in-stock alerts are on');
  });

  it('an erased account’s alerts go with it (decision 26)', async () => {
    const [product] = await a.soldOutProducts(1);
    const me = await signUpCustomer(a.kit.t);
    await a.accountAlert(product!.id, me.cookie);
    await a.visitorAlert(product!.id, uniqueEmail('neighbour'));
    const erased = await a.kit.t.services.database.db.transaction((tx) =>
      a.kit.t.services.alertsService.eraseOf(tx, { userId: me.uid, email: me.email }),
    );
    expect(erased).toBe(1);
    expect(await a.rows(sql`select id from stock_alerts where product_id = ${product!.id}`)).toHaveLength(1);
  });
});
