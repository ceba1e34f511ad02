import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '~/shared/schemas/address';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp, registerCustomer } from '../../test/test-app';

let t: TestApp;
let vendorCookie: string;
const password = 'Kothrud-Laptop-42';

interface AddressBody {
  id: string;
  fullName: string;
  mobile: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
  isDefault: boolean;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  const res = await json(t.app, 'POST', '/api/vendors/register', {
    name: 'Aniket Joshi',
    email: uniqueEmail('vendor'),
    password,
    confirmPassword: password,
    businessName: 'Kothrud Laptop House',
    mobile: '98220 45678',
    pickupLine1: 'Shop 2, Laxmi Road',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411038',
  });
  expect(res.statusCode).toBe(201);
  vendorCookie = cookieFrom(res);
});
afterAll(() => t.close());

const newCustomer = (name?: string) => registerCustomer(t.app, name);

const home = {
  fullName: 'Priya Kulkarni',
  mobile: '98220 45678',
  line1: 'Flat 12, Shanti Apartments, Karve Road',
  line2: 'Near Nal Stop',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411004',
};
const office = { ...home, line1: 'Office 5, Tech Park, Sector 30A', line2: '', city: 'Navi Mumbai', pinCode: '400705' };

async function create(cookie: string, body: Record<string, unknown> = home) {
  const res = await json(t.app, 'POST', '/api/addresses', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { address: AddressBody }).address;
}
const patch = (cookie: string, id: string, body: Record<string, unknown>) => json(t.app, 'PATCH', `/api/addresses/${id}`, body, cookie);
async function list(cookie: string) {
  const res = await json(t.app, 'GET', '/api/addresses', undefined, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: AddressBody[] }).items;
}
const defaults = (items: AddressBody[]) => items.filter((a) => a.isDefault).map((a) => a.id);

describe('who may use an address book', () => {
  it('asks a signed-out visitor to sign in on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/addresses'],
      ['POST', '/api/addresses'],
      ['PATCH', '/api/addresses/adr_x'],
      ['DELETE', '/api/addresses/adr_x'],
    ] as const) {
      const res = await json(t.app, method, url, method === 'POST' || method === 'PATCH' ? home : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a vendor account with 403', async () => {
    expect((await json(t.app, 'GET', '/api/addresses', undefined, vendorCookie)).statusCode).toBe(403);
    const res = await json(t.app, 'POST', '/api/addresses', home, vendorCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it("answers another customer's address id with 404 and leaves it alone", async () => {
    const owner = await newCustomer();
    const other = await newCustomer('Rahul Shinde');
    const address = await create(owner);
    for (const res of [
      await patch(other, address.id, { city: 'Mumbai' }),
      await patch(other, address.id, { isDefault: true }),
      await json(t.app, 'DELETE', `/api/addresses/${address.id}`, undefined, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await list(owner)).toEqual([address]);
    expect(await list(other)).toEqual([]);
  });
});

describe('a customer address book', () => {
  it('creates, lists, edits and deletes addresses, and the session profile shows the same', async () => {
    const cookie = await newCustomer();
    const first = await create(cookie);
    expect(first).toMatchObject({ ...home, mobile: '+919822045678', isDefault: true });
    const second = await create(cookie, office);
    expect(second).toMatchObject({ line2: null, isDefault: false });

    expect((await list(cookie)).map((a) => a.id)).toEqual([first.id, second.id]);
    const third = await create(cookie, { ...office, line1: 'Shop 3, Palm Beach Road' });
    // Default first, then newest first.
    expect((await list(cookie)).map((a) => a.id)).toEqual([first.id, third.id, second.id]);

    const edited = await patch(cookie, second.id, { city: 'Vashi', line2: 'Gate 2', mobile: '+91 91234 56789' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().address).toMatchObject({
      id: second.id,
      city: 'Vashi',
      line2: 'Gate 2',
      mobile: '+919123456789',
      isDefault: false,
    });
    const cleared = await patch(cookie, second.id, { line2: '' });
    expect(cleared.json().address.line2).toBeNull();

    const session = await json(t.app, 'GET', '/api/auth/session', undefined, cookie);
    expect(session.json().user.addresses).toEqual(await list(cookie));

    expect((await json(t.app, 'DELETE', `/api/addresses/${second.id}`, undefined, cookie)).statusCode).toBe(204);
    expect((await list(cookie)).map((a) => a.id)).toEqual([first.id, third.id]);
    expect((await json(t.app, 'DELETE', `/api/addresses/${second.id}`, undefined, cookie)).statusCode).toBe(404);
  });

  it('keeps exactly one default: the first address, a new one asked to be default, one made default, the newest after deleting it', async () => {
    const cookie = await newCustomer();
    const a = await create(cookie, { ...home, isDefault: false });
    expect(a.isDefault).toBe(true);
    const b = await create(cookie, { ...office, isDefault: true });
    expect(b.isDefault).toBe(true);
    expect(defaults(await list(cookie))).toEqual([b.id]);
    const c = await create(cookie, office);

    const made = await patch(cookie, a.id, { isDefault: true });
    expect(made.statusCode).toBe(200);
    expect(made.json().address.isDefault).toBe(true);
    expect(defaults(await list(cookie))).toEqual([a.id]);

    const unset = await patch(cookie, a.id, { isDefault: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().error.fields).toHaveProperty('isDefault');

    expect((await json(t.app, 'DELETE', `/api/addresses/${a.id}`, undefined, cookie)).statusCode).toBe(204);
    // c is the newest remaining one.
    expect(defaults(await list(cookie))).toEqual([c.id]);
    expect((await list(cookie))[0]!.id).toBe(c.id);
  });

  it('allows at most MAX_ADDRESSES addresses', async () => {
    const cookie = await newCustomer();
    for (let i = 0; i < MAX_ADDRESSES; i += 1) await create(cookie, { ...home, line1: `House ${i + 1}, Karve Road` });
    const res = await json(t.app, 'POST', '/api/addresses', home, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT' });
    expect(res.json().error.message).toContain(`${MAX_ADDRESSES}`);
    expect(await list(cookie)).toHaveLength(MAX_ADDRESSES);
  });

  it('leaves exactly one default after 10 concurrent "make default" calls on different addresses', async () => {
    const cookie = await newCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await create(cookie, { ...home, line1: `House ${i + 1}, Karve Road` })).id);
    const results = await Promise.all(ids.map((id) => patch(cookie, id, { isDefault: true })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const items = await list(cookie);
    expect(defaults(items)).toHaveLength(1);
    expect(items[0]!.isDefault).toBe(true);
  });
});

describe('bad input', () => {
  it('names the field of a bad mobile, a bad PIN code and an unknown state', async () => {
    const cookie = await newCustomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...home, mobile: '12345' }, 'mobile', '10-digit Indian mobile'],
      [{ ...home, pinCode: '011004' }, 'pinCode', 'cannot start with 0'],
      [{ ...home, pinCode: '4110' }, 'pinCode', '6 digits'],
      [{ ...home, state: 'Bombay' }, 'state', 'state or union territory'],
      [{ ...home, pinCode: '110001' }, 'pinCode', 'PIN codes in Maharashtra start with 4'],
      [{ ...home, fullName: 'P' }, 'fullName', 'at least 2'],
      [{ ...home, line1: 'ab' }, 'line1', 'at least 3'],
      [{ ...home, line2: 'x'.repeat(121) }, 'line2', 'at most 120'],
      [{ ...home, city: '' }, 'city', 'at least 2'],
      [{ ...home, userId: 'usr_someone' }, 'userId', 'not an accepted field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await json(t.app, 'POST', '/api/addresses', body, cookie);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.fields?.[field], JSON.stringify(res.json())).toContain(message);
    }
    expect(await list(cookie)).toEqual([]);
  });

  it('checks a changed state against the stored PIN code, and refuses an empty change', async () => {
    const cookie = await newCustomer();
    const address = await create(cookie);
    const res = await patch(cookie, address.id, { state: 'Karnataka' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.state).toContain('PIN codes in Karnataka start with 5');
    expect((await patch(cookie, address.id, { state: 'Karnataka', pinCode: '560001' })).statusCode).toBe(200);
    expect((await patch(cookie, address.id, {})).statusCode).toBe(400);
    expect((await patch(cookie, address.id, { mobile: '5555555555' })).json().error.fields).toHaveProperty('mobile');
  });
});
