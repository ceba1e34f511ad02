import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_IN_USE_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '~/shared/errors';
import { gstinCheckCharacter } from '~/shared/gstin';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Many registrations from one address: the public-form limit is tested in contact.api.test.ts.
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
});
afterAll(() => t.close());

const password = 'Kothrud-Laptop-42';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid GSTIN of the given state code that no other test uses. */
function newGstin(stateCode: string): string {
  const letter = () => LETTERS.charAt(randomInt(26));
  const pan = `${Array.from({ length: 5 }, letter).join('')}${String(randomInt(10_000)).padStart(4, '0')}${letter()}`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

function vendorBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rohan Deshmukh',
    email: uniqueEmail('vendor'),
    password,
    confirmPassword: password,
    businessName: 'Deccan Laptops LLP',
    mobile: '98220 45678',
    gstin: newGstin('27'),
    pickupLine1: 'Office 3, Prabhat Road',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
    ...overrides,
  };
}

function registerVendor(body: Record<string, unknown>) {
  return json(t.app, 'POST', '/api/vendors/register', body);
}

function fieldsOf(res: { json(): { error: { fields?: Record<string, string> } } }) {
  return res.json().error.fields ?? {};
}

describe('vendor registration', () => {
  it('asks where couriers collect parcels, so the new vendor’s profile saves (a bank account too) without typing it again', async () => {
    const missing = await registerVendor(vendorBody({ pickupLine1: ' ' }));
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing).pickupLine1).toBe('Enter the building and street where couriers collect parcels');

    const res = await registerVendor(vendorBody({ pickupLine2: 'Near Deccan Gymkhana' }));
    expect(res.statusCode).toBe(201);
    const cookie = cookieFrom(res);
    const { profile } = (await json(t.app, 'GET', '/api/vendor/profile', undefined, cookie)).json();
    expect(profile).toMatchObject({ pickupLine1: 'Office 3, Prabhat Road', pickupLine2: 'Near Deccan Gymkhana' });
    // The profile as registered, with a bank account added: nothing else to fill in first.
    const accountNumber = '50100234567891';
    const saved = await json(
      t.app,
      'PUT',
      '/api/vendor/profile',
      {
        businessName: profile.businessName,
        contactName: profile.accountName,
        contactEmail: profile.accountEmail,
        mobile: profile.mobile,
        gstin: profile.gstin,
        pickupLine1: profile.pickupLine1,
        pickupLine2: profile.pickupLine2,
        pickupCity: profile.pickupCity,
        pickupState: profile.pickupState,
        pickupPinCode: profile.pickupPinCode,
        bankAccount: { holderName: 'Deccan Laptops LLP', accountNumber, confirmAccountNumber: accountNumber, ifsc: 'HDFC0001234' },
      },
      cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.bankAccount).toMatchObject({ maskedNumber: 'XXXXXX7891', ifsc: 'HDFC0001234' });
  });

  it('creates a pending vendor account and signs it in', async () => {
    const body = vendorBody();
    const res = await registerVendor(body);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: body.email,
      name: 'Rohan Deshmukh',
      role: 'vendor',
      vendor: { businessName: 'Deccan Laptops LLP', status: 'pending' },
    });
    expect(user.vendor.id).toEqual(expect.any(String));

    const session = await json(t.app, 'GET', '/api/auth/session', undefined, cookieFrom(res));
    expect(session.json().user).toMatchObject({ email: body.email, role: 'vendor' });
  });

  it('shows the vendor its business record, with the mobile number stored as +91 and ten digits', async () => {
    for (const mobile of ['98220 45678', '+91 98220-45678']) {
      const body = vendorBody({ mobile, gstin: '' });
      const res = await registerVendor(body);
      expect(res.statusCode, mobile).toBe(201);
      const me = await json(t.app, 'GET', '/api/vendors/me', undefined, cookieFrom(res));
      expect(me.statusCode).toBe(200);
      expect(me.json().vendor).toMatchObject({
        id: res.json().user.vendor.id,
        businessName: 'Deccan Laptops LLP',
        mobile: '+919822045678',
        gstin: null,
        pickupCity: 'Pune',
        pickupState: 'Maharashtra',
        pickupPinCode: '411005',
        status: 'pending',
        decidedAt: null,
      });
    }
  });

  it('stores a GSTIN typed in lower case in capitals', async () => {
    const gstin = newGstin('29');
    const res = await registerVendor(
      vendorBody({ gstin: gstin.toLowerCase(), pickupCity: 'Bengaluru', pickupState: 'Karnataka', pickupPinCode: '560001' }),
    );
    expect(res.statusCode).toBe(201);
    const me = await json(t.app, 'GET', '/api/vendors/me', undefined, cookieFrom(res));
    expect(me.json().vendor.gstin).toBe(gstin);
  });

  it('refuses a GSTIN of the wrong shape on the gstin field', async () => {
    for (const gstin of ['27AAPFU0939', 'GSTIN-NUMBER-27', '27AAPFU0939F1ZVX']) {
      const res = await registerVendor(vendorBody({ gstin }));
      expect(res.statusCode, gstin).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(fieldsOf(res).gstin, gstin).toMatch(/15 characters, like 27AAPFU0939F1ZV/);
    }
  });

  it('refuses a GSTIN whose check character is wrong, and says so', async () => {
    const res = await registerVendor(vendorBody({ gstin: '27AAPFU0939F1ZW' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).gstin).toMatch(/last character does not match/);
  });

  it('refuses a pickup PIN code that cannot be in the pickup state, on the PIN code field', async () => {
    const res = await registerVendor(vendorBody({ gstin: undefined, pickupState: 'Maharashtra', pickupPinCode: '560001' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).pickupPinCode).toBe('PIN codes in Maharashtra start with 4. Please check the PIN code or the state.');
  });

  it('refuses a GSTIN registered in another state than the pickup address', async () => {
    const res = await registerVendor(vendorBody({ gstin: '29AAGCB7383J1Z4', pickupState: 'Maharashtra' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).gstin).toMatch(/another state.*Maharashtra GSTIN starts with 27/);
  });

  it('refuses a GSTIN that another vendor registered, and leaves no account behind', async () => {
    const gstin = newGstin('27');
    expect((await registerVendor(vendorBody({ gstin }))).statusCode).toBe(201);

    const second = vendorBody({ gstin });
    const res = await registerVendor(second);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect(fieldsOf(res).gstin).toMatch(/GSTIN is already registered/);
    expect(res.headers['set-cookie']).toBeUndefined();

    // The user row was rolled back with the vendor row: the e-mail cannot sign in...
    const login = await json(t.app, 'POST', '/api/auth/login', { email: second.email, password, portal: 'vendor' });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    // ...and is free to register again.
    const retry = await registerVendor({ ...second, gstin: newGstin('27') });
    expect(retry.statusCode).toBe(201);
  });

  it('refuses PIN codes that start with 0 or are not six digits', async () => {
    for (const pickupPinCode of ['012345', '41100', '4110051', 'PUNE01']) {
      const res = await registerVendor(vendorBody({ pickupPinCode }));
      expect(res.statusCode, pickupPinCode).toBe(400);
      expect(fieldsOf(res).pickupPinCode, pickupPinCode).toBe('PIN code must be 6 digits and cannot start with 0');
    }
  });

  it('refuses a state that is not on the list of states and union territories', async () => {
    for (const pickupState of ['Bombay', 'maharashtra', 'Ceylon']) {
      const res = await registerVendor(vendorBody({ pickupState, gstin: '' }));
      expect(res.statusCode, pickupState).toBe(400);
      expect(fieldsOf(res).pickupState).toBe('Choose a state or union territory from the list');
    }
  });

  it('refuses a mobile number that is not Indian, and names the other missing fields', async () => {
    const res = await registerVendor(vendorBody({ mobile: '12345 67890', businessName: undefined, pickupCity: undefined }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toMatchObject({
      mobile: expect.stringMatching(/10-digit Indian mobile number/),
      businessName: 'Enter your business name',
      pickupCity: 'Enter a city',
    });
  });

  it('makes a vendor even when the request asks to be an admin', async () => {
    const res = await registerVendor(vendorBody({ role: 'admin' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('vendor');
    const cookie = cookieFrom(res);
    expect((await json(t.app, 'GET', '/api/admin/users', undefined, cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, cookie)).statusCode).toBe(200);
  });

  it('answers an e-mail already in use with the message of the seed, for vendors and customers alike', async () => {
    const body = vendorBody();
    expect((await registerVendor(body)).statusCode).toBe(201);
    const again = await registerVendor(vendorBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: EMAIL_IN_USE_MESSAGE, fields: { email: EMAIL_IN_USE_MESSAGE } });

    const customerEmail = uniqueEmail('customer');
    await json(t.app, 'POST', '/api/auth/register', { name: 'Asha Patil', email: customerEmail, password, confirmPassword: password });
    const clash = await registerVendor(vendorBody({ email: customerEmail }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(EMAIL_IN_USE_MESSAGE);
  });
});

describe("the vendor's own account", () => {
  it('has the mobile given at registration; vendors registered before get the business mobile once, not over their own', async () => {
    const res = await registerVendor(vendorBody({ mobile: '098220-45678' }));
    expect(res.statusCode, res.body).toBe(201);
    const cookie = cookieFrom(res);
    const account = async () => (await json(t.app, 'GET', '/api/account', undefined, cookie)).json() as { uid: string; phone: string };
    const { uid, phone } = await account();
    expect(phone).toBe('+919822045678');

    // A vendor registered before the account kept the mobile, and another who has given the account one of its own.
    const other = cookieFrom(await registerVendor(vendorBody({ mobile: '91234 56789' })));
    const changed = await json(t.app, 'PATCH', '/api/account', { name: 'Rohan Deshmukh', phone: '93333 44444' }, other);
    expect(changed.statusCode, changed.body).toBe(200);
    const db = t.services.database.db;
    await db.execute(sql`update users set phone = null where id = ${uid}`);
    expect((await account()).phone).toBeNull();
    const migration = await readFile(new URL('../../db/migrations/0022_vendor-account-mobile.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration));
    expect((await account()).phone).toBe('+919822045678');
    expect((await json(t.app, 'GET', '/api/account', undefined, other)).json().phone).toBe('+919333344444');
  });
});

describe('GET /api/vendors/me', () => {
  it('asks a visitor to sign in', async () => {
    const res = await json(t.app, 'GET', '/api/vendors/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a customer', async () => {
    const customer = await json(t.app, 'POST', '/api/auth/register', {
      name: 'Asha Patil',
      email: uniqueEmail('customer'),
      password,
      confirmPassword: password,
    });
    const res = await json(t.app, 'GET', '/api/vendors/me', undefined, cookieFrom(customer));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});
