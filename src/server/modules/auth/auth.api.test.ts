import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_IN_USE_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '~/shared/errors';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: 3 });
});
afterAll(() => t.close());

const password = 'Kothrud-Laptop-42';

function register(body: Record<string, unknown>) {
  return json(t.app, 'POST', '/api/auth/register', body);
}

describe('customer registration', () => {
  it('creates a customer with the profile of the seed and signs it in', async () => {
    const email = uniqueEmail('asha');
    const res = await register({ name: 'Asha Patil', email: email.toUpperCase(), password, confirmPassword: password });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ email, name: 'Asha Patil', role: 'customer', addresses: [], vendor: null });
    expect(user.uid).toMatch(/^usr_/);
    expect(new Date(user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const cookie = cookieFrom(res);
    expect(res.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/HttpOnly/)]));
    const session = await json(t.app, 'GET', '/api/auth/session', undefined, cookie);
    expect(session.json().user.email).toBe(email);
  });

  it('answers a second registration of the same e-mail with the message of the seed', async () => {
    const email = uniqueEmail('dup');
    expect((await register({ name: 'First Person', email, password, confirmPassword: password })).statusCode).toBe(201);
    const again = await register({ name: 'Second Person', email, password, confirmPassword: password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: EMAIL_IN_USE_MESSAGE, fields: { email: EMAIL_IN_USE_MESSAGE } });
  });

  it('makes a customer even when the request asks to be an admin', async () => {
    const email = uniqueEmail('forged');
    const res = await register({ name: 'Mallory', email, password, confirmPassword: password, role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('customer');
    const admin = await json(t.app, 'GET', '/api/admin/users', undefined, cookieFrom(res));
    expect(admin.statusCode).toBe(403);
  });

  it('refuses short, long and common passwords with the reason on the field', async () => {
    const cases: [string, RegExp][] = [
      ['short1!', /at least 8/],
      ['x'.repeat(129), /at most 128/],
      ['password123', /too common/],
      ['Password123', /too common/],
    ];
    for (const [pw, reason] of cases) {
      const res = await register({ name: 'Weak Password', email: uniqueEmail(), password: pw, confirmPassword: pw });
      expect(res.statusCode, pw).toBe(400);
      expect(res.json().error.fields.password).toMatch(reason);
    }
  });

  it('refuses unknown fields, wrong types, mismatched confirmation and malformed JSON with field errors, never a 500', async () => {
    const unknown = await register({ name: 'Extra Field', email: uniqueEmail(), password, confirmPassword: password, isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.isAdmin).toMatch(/not an accepted field/);

    const types = await register({ name: 42, email: ['a'], password, confirmPassword: password });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json().error.fields)).toEqual(expect.arrayContaining(['name', 'email']));

    const mismatch = await register({ name: 'Mismatch', email: uniqueEmail(), password, confirmPassword: `${password}x` });
    expect(mismatch.json().error.fields.confirmPassword).toBe('The passwords do not match');

    const longName = await register({ name: 'n'.repeat(5000), email: uniqueEmail(), password, confirmPassword: password });
    expect(longName.json().error.fields.name).toMatch(/at most 80/);

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "half',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('BAD_REQUEST');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('writes nothing when two registrations of one e-mail race', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => register({ name: 'Racer Person', email, password, confirmPassword: password })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('login and logout', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('login');
    await register({ name: 'Login Person', email, password, confirmPassword: password });
  });

  it('signs in, keeps the session, and logout ends it on the server', async () => {
    const res = await json(t.app, 'POST', '/api/auth/login', { email, password });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    expect((await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user.email).toBe(email);

    const out = await json(t.app, 'POST', '/api/auth/logout', undefined, cookie);
    expect(out.statusCode).toBe(204);
    // The old cookie no longer works: the session row is gone, not just the browser cookie.
    expect((await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user).toBeNull();
  });

  it('gives one generic message for a wrong password and for an unknown e-mail', async () => {
    const wrong = await json(t.app, 'POST', '/api/auth/login', { email, password: 'Not-The-Password-1' });
    const unknown = await json(t.app, 'POST', '/api/auth/login', { email: uniqueEmail('nobody'), password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(unknown.json().error.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    await json(t.app, 'POST', '/api/auth/login', { email, password }); // success clears the count
  });

  it('refuses a customer at the admin and vendor login pages without leaving a session', async () => {
    const admin = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error.message).toMatch(/does not have admin access/);
    const vendor = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'vendor' });
    expect(vendor.statusCode).toBe(403);
    expect(vendor.json().error.message).toMatch(/not a vendor account/);
    const cookie = cookieFrom(admin);
    if (cookie) expect((await json(t.app, 'GET', '/api/auth/session', undefined, cookie)).json().user).toBeNull();
  });

  it('rate-limits repeated failures with 429 and says when to retry, even for the right password', async () => {
    const victim = uniqueEmail('victim');
    await register({ name: 'Victim Person', email: victim, password, confirmPassword: password });
    for (let i = 0; i < 3; i++) {
      expect((await json(t.app, 'POST', '/api/auth/login', { email: victim, password: 'Wrong-Password-9' })).statusCode).toBe(401);
    }
    const blocked = await json(t.app, 'POST', '/api/auth/login', { email: victim, password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.message).toMatch(/try again in \d+ minutes?/);
    expect(blocked.json().error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts concurrent attempts exactly: 10 at once get at most the allowance through', async () => {
    const target = uniqueEmail('burst');
    await register({ name: 'Burst Person', email: target, password, confirmPassword: password });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => json(t.app, 'POST', '/api/auth/login', { email: target, password: 'Wrong-Password-9' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});
