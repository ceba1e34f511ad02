import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../test/accounts-kit';
import { createTestApp, json, registerCustomer, type TestApp } from '../test/test-app';
import { REFUSED_CHARACTER_MESSAGE } from './error-handler';

/**
 * A NUL character pasted into an id, a search box or a form reaches PostgreSQL, which refuses it:
 * the caller gets a 400 saying so (the client does not retry it), never a 500. (The storefront's
 * search reads symbols as nothing to search for, and answers with suggestions.)
 */
let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t)).cookie;
  customer = await registerCustomer(t.app, 'Nirmala Patwardhan');
}, 60_000);
afterAll(() => t.close());

describe('a null character in a request', () => {
  it.each([
    ['a public product id', '/api/catalogue/products/%00', undefined],
    ["the customer's order id", '/api/orders/%00', 'customer'],
    ["an admin's order id", '/api/admin/orders/%00', 'admin'],
    ["an admin's order search", '/api/admin/orders?q=SC%00', 'admin'],
    ["an admin's user search", '/api/admin/users?q=%00', 'admin'],
    ["an admin's audit search", '/api/admin/audit?q=%00', 'admin'],
  ] as const)('in %s is a 400 with a message, not a 500', async (_what, url, who) => {
    const res = await json(t.app, 'GET', url, undefined, who === 'admin' ? admin : who === 'customer' ? customer : undefined);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: REFUSED_CHARACTER_MESSAGE });
  });

  it('in a form is a 400 too, and nothing is written', async () => {
    const res = await json(
      t.app,
      'POST',
      '/api/addresses',
      {
        fullName: 'Nirmala\u0000',
        mobile: '9822045678',
        line1: 'Flat 4, Shanti Kunj',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411038',
      },
      customer,
    );
    expect(res.statusCode, res.body).toBe(400);
    const list = await json(t.app, 'GET', '/api/addresses', undefined, customer);
    expect(list.json().items).toEqual([]);
  });
});
