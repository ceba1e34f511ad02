import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_PASSWORD, enrolTwoFactor, signInAdmin, signUpCustomer, signUpVendor, totpCode } from '../../test/accounts-kit';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: 3 });
});
afterAll(() => t.close());

const password = KIT_PASSWORD;

/** The password step; answers the pending cookie when a code must follow. */
async function passwordStep(email: string, portal: 'customer' | 'vendor' | 'admin' = 'customer') {
  const res = await json(t.app, 'POST', '/api/auth/login', { email, password, portal });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  return cookieFrom(res);
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.services.database.pool.query<{ action: string }>('select action from audit_log where entity_id = $1 order by id', [
    entityId,
  ]);
  return rows.rows.map((r) => r.action);
}

describe('setting up two-step sign-in', () => {
  it('a customer sets it up: the key, a wrong code refused with a field error, then ten recovery codes once', async () => {
    const customer = await signUpCustomer(t, 'Meera Joshi');
    const before = await json(t.app, 'GET', '/api/auth/two-factor/status', undefined, customer.cookie);
    expect(before.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const wrongPassword = await json(t.app, 'POST', '/api/auth/two-factor/setup', { password: 'not-my-password' }, customer.cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBeTruthy();

    const setup = await json(t.app, 'POST', '/api/auth/two-factor/setup', { password }, customer.cookie);
    expect(setup.statusCode).toBe(200);
    const { key, otpauthUri } = setup.json();
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    expect(otpauthUri).toContain(`secret=${key}`);

    const badShape = await json(t.app, 'POST', '/api/auth/two-factor/confirm', { code: '12ab' }, customer.cookie);
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().error.fields.code).toBeTruthy();
    const wrong = String((Number(totpCode(key)) + 1) % 1_000_000).padStart(6, '0');
    const wrongCode = await json(t.app, 'POST', '/api/auth/two-factor/confirm', { code: wrong }, customer.cookie);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toMatchObject({ code: 'VALIDATION', fields: { code: expect.any(String) } });

    const confirm = await json(t.app, 'POST', '/api/auth/two-factor/confirm', { code: totpCode(key) }, customer.cookie);
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const cookie = cookieFrom(confirm);
    const after = await json(t.app, 'GET', '/api/auth/two-factor/status', undefined, cookie);
    expect(after.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // Stored as digests only: no code appears in the table.
    const stored = await t.services.database.pool.query<{ backup_codes: string; secret: string }>(
      'select backup_codes, secret from two_factors where user_id = $1',
      [customer.uid],
    );
    for (const code of recoveryCodes) expect(stored.rows[0]!.backup_codes).not.toContain(code);
    expect(stored.rows[0]!.secret).not.toContain(key);
    expect(await auditActions(customer.uid)).toContain('user.two-factor-enable');
  });

  it('refuses unknown fields and a second set-up', async () => {
    const customer = await signUpCustomer(t);
    const extra = await json(t.app, 'POST', '/api/auth/two-factor/setup', { password, secret: 'AAAA' }, customer.cookie);
    expect(extra.statusCode).toBe(400);
    const { cookie } = await enrolTwoFactor(t, customer.cookie);
    const again = await json(t.app, 'POST', '/api/auth/two-factor/setup', { password }, cookie);
    expect(again.statusCode).toBe(409);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the password; a code from the app signs in', async () => {
    const vendor = await signUpVendor(t);
    const { key } = await enrolTwoFactor(t, vendor.cookie);
    const pending = await passwordStep(vendor.email, 'vendor');
    // The pending cookie is not a session.
    expect((await json(t.app, 'GET', '/api/auth/session', undefined, pending)).json().user).toBeNull();

    // The code that turned it on was used; the next one from the app signs in.
    const res = await json(t.app, 'POST', '/api/auth/two-factor', { code: totpCode(key, 1) }, pending);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(vendor.email);
    const session = await json(t.app, 'GET', '/api/auth/session', undefined, cookieFrom(res));
    expect(session.json().user).toMatchObject({ email: vendor.email, twoFactorEnabled: true });
  });

  it('a recovery code signs in once and is refused the second time', async () => {
    const customer = await signUpCustomer(t);
    const { recoveryCodes } = await enrolTwoFactor(t, customer.cookie);
    const code = recoveryCodes[3]!;

    const first = await json(
      t.app,
      'POST',
      '/api/auth/two-factor',
      { recoveryCode: code.toLowerCase() },
      await passwordStep(customer.email),
    );
    expect(first.statusCode).toBe(200);
    const status = await json(t.app, 'GET', '/api/auth/two-factor/status', undefined, cookieFrom(first));
    expect(status.json().recoveryCodesLeft).toBe(9);
    expect(await auditActions(customer.uid)).toContain('user.two-factor-recovery-code-use');

    const second = await json(t.app, 'POST', '/api/auth/two-factor', { recoveryCode: code }, await passwordStep(customer.email));
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields.recoveryCode).toBeTruthy();
  });

  it('a code works once: the set-up code and a code that signed in are refused again, and a race lets one through', async () => {
    const customer = await signUpCustomer(t);
    const { key, code: setUpWith } = await enrolTwoFactor(t, customer.cookie);
    const pending = await passwordStep(customer.email);
    // More replays than the allowance of wrong codes (3 here): refused, but no attempt is counted.
    for (let i = 0; i < 4; i++) {
      const setupCode = await json(t.app, 'POST', '/api/auth/two-factor', { code: setUpWith }, pending);
      expect(setupCode.statusCode).toBe(400);
      expect(setupCode.json().error.fields.code).toMatch(/used already/);
    }

    const next = totpCode(key, 1);
    const first = await json(t.app, 'POST', '/api/auth/two-factor', { code: next }, pending);
    expect(first.statusCode).toBe(200);
    const replayed = await json(t.app, 'POST', '/api/auth/two-factor', { code: next }, await passwordStep(customer.email));
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.fields.code).toMatch(/used already/);

    // Two sign-ins racing with one code (a code read off a shoulder): exactly one gets a session.
    const [a, b] = [await passwordStep(customer.email), await passwordStep(customer.email)];
    // A code the server still accepts (its step, or the one before or after) that is not used yet.
    // While the set-up step lasts that is only the step before, which the server stops accepting
    // when the next step begins: close to that moment, wait for it first.
    const secondsLeft = 30 - ((Date.now() / 1000) % 30);
    if (secondsLeft < 10) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
    const code = [totpCode(key, 1), totpCode(key), totpCode(key, -1)].find((c) => c !== setUpWith && c !== next)!;
    const results = await Promise.all([a, b].map((cookie) => json(t.app, 'POST', '/api/auth/two-factor', { code }, cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('without the pending cookie, or with a malformed body, the code step is a clear 4xx', async () => {
    const none = await json(t.app, 'POST', '/api/auth/two-factor', { code: '123456' });
    expect(none.statusCode).toBe(401);
    const both = await json(t.app, 'POST', '/api/auth/two-factor', { code: '123456', recoveryCode: 'ABCD-EFGH-JKMN' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.code).toBeTruthy();
  });

  it('wrong codes are rate-limited per account: 429 with Retry-After', async () => {
    const customer = await signUpCustomer(t);
    const { key } = await enrolTwoFactor(t, customer.cookie);
    const wrong = String((Number(totpCode(key)) + 500_000) % 1_000_000).padStart(6, '0');
    const pending = await passwordStep(customer.email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await json(t.app, 'POST', '/api/auth/two-factor', { code: wrong }, pending)).statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses[3]).toBe(429);
    // Even the right code waits out the window.
    const right = await json(t.app, 'POST', '/api/auth/two-factor', { code: totpCode(key, 1) }, pending);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeTruthy();
  });
});

describe('new recovery codes', () => {
  it('after the password, ten new codes replace the ones left, which stop working', async () => {
    const admin = await signInAdmin(t);
    const wrongPassword = await json(t.app, 'POST', '/api/auth/two-factor/recovery-codes', { password: 'Wrong-Password-99' }, admin.cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBeTruthy();

    const res = await json(t.app, 'POST', '/api/auth/two-factor/recovery-codes', { password }, admin.cookie);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(fresh.filter((code) => admin.recoveryCodes.includes(code))).toEqual([]);

    const pending = () => passwordStep(admin.email, 'admin');
    const old = await json(t.app, 'POST', '/api/auth/two-factor', { recoveryCode: admin.recoveryCodes[0] }, await pending());
    expect(old.statusCode).toBe(400);
    const used = await json(t.app, 'POST', '/api/auth/two-factor', { recoveryCode: fresh[0] }, await pending());
    expect(used.statusCode).toBe(200);
    const stored = await t.services.database.pool.query<{ backup_codes: string }>(
      'select backup_codes from two_factors join users on users.id = two_factors.user_id where users.email = $1',
      [admin.email],
    );
    for (const code of fresh) expect(stored.rows[0]!.backup_codes).not.toContain(code);
    const status = await json(t.app, 'GET', '/api/auth/two-factor/status', undefined, cookieFrom(used));
    expect(status.json().recoveryCodesLeft).toBe(9);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password and a code', async () => {
    const customer = await signUpCustomer(t);
    const { key, cookie } = await enrolTwoFactor(t, customer.cookie);

    const noCode = await json(t.app, 'POST', '/api/auth/two-factor/disable', { password }, cookie);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields.code).toBeTruthy();
    // The code that turned it on is used; the next one is needed. A wrong password does not use it up.
    const code = totpCode(key, 1);
    const wrongPassword = await json(t.app, 'POST', '/api/auth/two-factor/disable', { password: 'Wrong-Password-99', code }, cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBeTruthy();

    const off = await json(t.app, 'POST', '/api/auth/two-factor/disable', { password, code }, cookie);
    expect(off.statusCode).toBe(204);
    const status = await json(t.app, 'GET', '/api/auth/two-factor/status', undefined, cookieFrom(off));
    expect(status.json().enabled).toBe(false);
    expect(await auditActions(customer.uid)).toContain('user.two-factor-disable');

    // The password alone signs in again.
    const login = await json(t.app, 'POST', '/api/auth/login', { email: customer.email, password });
    expect(login.json().user.email).toBe(customer.email);
  });

  it('is refused to admins, for whom it is required', async () => {
    const admin = await signInAdmin(t);
    const res = await json(t.app, 'POST', '/api/auth/two-factor/disable', { password, code: totpCode(admin.key) }, admin.cookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('admins must set it up', () => {
  it('an admin without two-step sign-in gets 403 on admin APIs until it is set up, then signs in with a code', async () => {
    const email = uniqueEmail('admin');
    await t.services.authService.registerAccount({ name: 'New Admin', email, password }, 'admin', null);
    const login = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
    expect(login.statusCode).toBe(200);
    // The web app leads such an admin to the set-up page by this flag.
    expect(login.json().user).toMatchObject({ role: 'admin', twoFactorEnabled: false });
    const cookie = cookieFrom(login);

    const refused = await json(t.app, 'GET', '/api/admin/users', undefined, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    // Every admin-only route, the development mailbox (other people's reset links) too.
    expect((await json(t.app, 'GET', '/api/dev/mailbox', undefined, cookie)).json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const status = await json(t.app, 'GET', '/api/auth/two-factor/status', undefined, cookie);
    expect(status.json()).toMatchObject({ enabled: false, required: true });

    const enrolled = await enrolTwoFactor(t, cookie);
    expect((await json(t.app, 'GET', '/api/admin/users', undefined, enrolled.cookie)).statusCode).toBe(200);

    const pending = await passwordStep(email, 'admin');
    const done = await json(t.app, 'POST', '/api/auth/two-factor', { code: totpCode(enrolled.key, 1) }, pending);
    expect(done.statusCode).toBe(200);
    expect((await json(t.app, 'GET', '/api/admin/users', undefined, cookieFrom(done))).statusCode).toBe(200);
  });

  it('the password step at the wrong door is refused before any code is asked', async () => {
    const customer = await signUpCustomer(t);
    await enrolTwoFactor(t, customer.cookie);
    const res = await json(t.app, 'POST', '/api/auth/login', { email: customer.email, password, portal: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('a test server that lets codes be reused (TWO_FACTOR_CODE_REUSE)', () => {
  it('takes one code for two sign-ins, as parallel browser stories of one demo admin need', async () => {
    const lax = await createTestApp({ TWO_FACTOR_CODE_REUSE: true });
    try {
      const admin = await signInAdmin(lax);
      for (let i = 0; i < 2; i++) {
        const pending = cookieFrom(await json(lax.app, 'POST', '/api/auth/login', { email: admin.email, password, portal: 'admin' }));
        const res = await json(lax.app, 'POST', '/api/auth/two-factor', { code: admin.code }, pending);
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await lax.close();
    }
  });
});
