import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_SENT_MESSAGE } from '~/shared/schemas/account-recovery';
import { KIT_PASSWORD, linkFromOutbox, signInAdmin, signUpCustomer, signUpVendor, verifyEmailOf } from '../../test/accounts-kit';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '../vendors/vendors.service';
import { INVALID_RESET_LINK_MESSAGE } from './password-reset.service';

let t: TestApp;
const NEW_PASSWORD = 'Baner-Monitor-2026';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** A request from a client address of the test's own, so the per-client limits of one test stay its own. */
function from(ip: string, method: 'GET' | 'POST', url: string, body?: unknown, cookie?: string) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: cookie ? { cookie } : {},
  });
}

const signIn = (email: string, password = KIT_PASSWORD) => json(t.app, 'POST', '/api/auth/login', { email, password });
/** A route that needs a session: 401 once the session has ended. */
const whoAmI = (cookie: string) => json(t.app, 'GET', '/api/auth/email-verification', undefined, cookie);

async function mailsTo(email: string): Promise<string[]> {
  const { rows } = await t.services.database.db.execute<{ template: string }>(
    sql`select template from mail_messages where to_address = ${email} order by created_at, id`,
  );
  return rows.map((r) => r.template);
}

async function resetTokenFor(email: string) {
  expect((await json(t.app, 'POST', '/api/auth/forgot-password', { email })).statusCode).toBe(200);
  return (await linkFromOutbox(t, email, 'password_reset')).searchParams.get('token')!;
}

const reset = (token: string, password = NEW_PASSWORD) =>
  json(t.app, 'POST', '/api/auth/reset-password', { token, password, confirmPassword: password });

describe('forgot password', () => {
  it('e-mails a single-use link whose token is stored only as a hash; the reset ends every session and tells the owner', async () => {
    const customer = await signUpCustomer(t);
    const otherDevice = cookieFrom(await signIn(customer.email));
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);

    const asked = await json(t.app, 'POST', '/api/auth/forgot-password', { email: customer.email.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_LINK_SENT_MESSAGE });
    const link = await linkFromOutbox(t, customer.email, 'password_reset');
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token')!;
    const { rows } = await t.services.database.db.execute<{ identifier: string; value: string }>(
      sql`select identifier, value from verifications`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(`${row.identifier} ${row.value}`).not.toContain(token);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect((await whoAmI(customer.cookie)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
    expect((await signIn(customer.email)).statusCode).toBe(401);
    expect((await signIn(customer.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await mailsTo(customer.email)).toEqual(['verify_email', 'password_reset', 'password_changed']);

    const again = await reset(token, 'Another-Laptop-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ message: INVALID_RESET_LINK_MESSAGE, fields: { token: INVALID_RESET_LINK_MESSAGE } });
    expect((await signIn(customer.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same for an address without an account, and e-mails nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await json(t.app, 'POST', '/api/auth/forgot-password', { email: nobody });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_LINK_SENT_MESSAGE });
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('refuses a link older than 30 minutes', async () => {
    const customer = await signUpCustomer(t);
    const token = await resetTokenFor(customer.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const late = await reset(token);
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.token).toBe(INVALID_RESET_LINK_MESSAGE);
    expect((await signIn(customer.email)).statusCode).toBe(200);
  });

  it('refuses a token of another purpose, and a reset token elsewhere', async () => {
    const customer = await signUpCustomer(t);
    const verifyToken = (await linkFromOutbox(t, customer.email, 'verify_email')).searchParams.get('token')!;
    expect((await reset(verifyToken)).statusCode).toBe(400);
    const resetToken = await resetTokenFor(customer.email);
    expect((await json(t.app, 'POST', '/api/auth/verify-email', { token: resetToken })).statusCode).toBe(400);
    expect((await json(t.app, 'POST', '/api/account/email/confirm', { token: resetToken })).statusCode).toBe(400);
    // Neither was spent by the wrong door (the verification first: a new password ends every other link).
    expect((await json(t.app, 'POST', '/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(200);
    expect((await reset(resetToken)).statusCode).toBe(200);
  });

  it('gives field errors: the password rules of registration, the address, the token', async () => {
    const bad = await json(t.app, 'POST', '/api/auth/reset-password', { token: 'short', password: 'password123', confirmPassword: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['confirmPassword', 'password', 'token']);
    const email = await json(t.app, 'POST', '/api/auth/forgot-password', { email: 'not-an-address', extra: 1 });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields.email).toBeDefined();
  });

  it('limits requests per address and per client address (429)', async () => {
    const customer = await signUpCustomer(t);
    for (let i = 0; i < 3; i += 1) {
      expect((await from('10.1.0.1', 'POST', '/api/auth/forgot-password', { email: customer.email })).statusCode).toBe(200);
    }
    const fourth = await from('10.1.0.2', 'POST', '/api/auth/forgot-password', { email: customer.email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await mailsTo(customer.email)).filter((m) => m === 'password_reset')).toHaveLength(3);

    for (let i = 0; i < 20; i += 1) {
      expect((await from('10.1.0.3', 'POST', '/api/auth/forgot-password', { email: uniqueEmail('many') })).statusCode).toBe(200);
    }
    expect((await from('10.1.0.3', 'POST', '/api/auth/forgot-password', { email: uniqueEmail('many') })).statusCode).toBe(429);
  });
});

describe('the links of every purpose', () => {
  it('are random, stored only as hashes, and a reset link can be checked before use without spending it', async () => {
    const customer = await signUpCustomer(t);
    const verifyToken = (await linkFromOutbox(t, customer.email, 'verify_email')).searchParams.get('token')!;
    const newEmail = uniqueEmail('moved');
    expect((await json(t.app, 'POST', '/api/account/email', { newEmail, password: KIT_PASSWORD }, customer.cookie)).statusCode).toBe(200);
    const changeToken = (await linkFromOutbox(t, newEmail, 'email_change_verify')).searchParams.get('change')!;
    const resetToken = await resetTokenFor(customer.email);
    const secondReset = await resetTokenFor(customer.email);

    const tokens = [verifyToken, changeToken, resetToken, secondReset];
    expect(new Set(tokens).size).toBe(4);
    // Ours are 256 random bits; better-auth's reset tokens are 24 random letters and digits (~143 bits).
    expect(verifyToken).toMatch(/^[\w-]{43}$/);
    expect(changeToken).toMatch(/^[\w-]{43}$/);
    expect(resetToken).toMatch(/^[A-Za-z0-9]{24,}$/);
    const { rows } = await t.services.database.db.execute<{ row: string }>(
      sql`select identifier || ' ' || value as row from verifications`,
    );
    for (const row of rows) for (const token of tokens) expect(row.row).not.toContain(token);

    const check = (token: string) => json(t.app, 'POST', '/api/auth/reset-password/check', { token });
    const ok = await check(resetToken);
    expect(ok.statusCode).toBe(200);
    const minutesLeft = (Date.parse(ok.json().expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    expect((await check(resetToken)).statusCode).toBe(200);
    const wrongPurpose = await check(verifyToken);
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().error.fields.token).toBe(INVALID_RESET_LINK_MESSAGE);
    expect((await reset(resetToken)).statusCode).toBe(200);
    expect((await check(resetToken)).statusCode).toBe(400);
    // The new password ended every other link of the account: the second reset, the verification, the change of address.
    expect((await check(secondReset)).statusCode).toBe(400);
    expect((await reset(secondReset, 'Another-Laptop-77')).statusCode).toBe(400);
    expect((await json(t.app, 'POST', '/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(400);
    expect((await json(t.app, 'POST', '/api/account/email/confirm', { token: changeToken })).statusCode).toBe(400);
  });

  it('refuses a late reset link already at the check', async () => {
    const customer = await signUpCustomer(t);
    const token = await resetTokenFor(customer.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const late = await json(t.app, 'POST', '/api/auth/reset-password/check', { token });
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.token).toBe(INVALID_RESET_LINK_MESSAGE);
  });

  it('limits the links that did not work per client address (429), not the ones that did', async () => {
    const customer = await signUpCustomer(t);
    const token = (await linkFromOutbox(t, customer.email, 'verify_email')).searchParams.get('token')!;
    const doors = ['/api/auth/verify-email', '/api/account/email/confirm', '/api/auth/reset-password/check'];
    for (let i = 0; i < 30; i += 1) {
      const res = await from('10.2.0.1', 'POST', doors[i % 3]!, { token: `guessed-${i}-${'x'.repeat(40)}` });
      expect(res.statusCode).toBe(400);
    }
    const refused = await from('10.2.0.1', 'POST', '/api/auth/verify-email', { token });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The owner's own network is not held back by someone else's guesses; the link is not spent.
    expect((await from('10.2.0.2', 'POST', '/api/auth/verify-email', { token })).statusCode).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('sends a new account a link; resend is limited; the link verifies once', async () => {
    const customer = await signUpCustomer(t);
    expect((await whoAmI(customer.cookie)).json()).toEqual({ email: customer.email, emailVerified: false });
    // Shopping does not wait for it.
    expect((await json(t.app, 'GET', '/api/addresses', undefined, customer.cookie)).statusCode).toBe(200);

    for (let i = 0; i < 3; i += 1) {
      expect((await json(t.app, 'POST', '/api/auth/email-verification/resend', undefined, customer.cookie)).statusCode).toBe(200);
    }
    expect((await json(t.app, 'POST', '/api/auth/email-verification/resend', undefined, customer.cookie)).statusCode).toBe(429);
    expect(await mailsTo(customer.email)).toEqual(['verify_email', 'verify_email', 'verify_email', 'verify_email']);
    expect((await json(t.app, 'POST', '/api/auth/email-verification/resend')).statusCode).toBe(401);

    const token = (await linkFromOutbox(t, customer.email, 'verify_email')).searchParams.get('token')!;
    const verified = await json(t.app, 'POST', '/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toContain(customer.email);
    expect((await whoAmI(customer.cookie)).json()).toEqual({ email: customer.email, emailVerified: true });
    expect((await json(t.app, 'POST', '/api/auth/verify-email', { token })).statusCode).toBe(400);
    const resend = await json(t.app, 'POST', '/api/auth/email-verification/resend', undefined, customer.cookie);
    expect(resend.statusCode).toBe(409);
  });

  it('refuses a verification link older than 24 hours', async () => {
    const customer = await signUpCustomer(t);
    const token = (await linkFromOutbox(t, customer.email, 'verify_email')).searchParams.get('token')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3600_000);
    const late = await json(t.app, 'POST', '/api/auth/verify-email', { token });
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect((await whoAmI(customer.cookie)).json().emailVerified).toBe(false);
  });

  it("keeps a vendor's application from approval until its e-mail is verified", async () => {
    const admin = await signInAdmin(t);
    const vendor = await signUpVendor(t, 'Unverified Traders', uniqueEmail('vendor'), { verified: false });
    const approve = () => json(t.app, 'POST', `/api/admin/vendors/${vendor.vendorId}/decision`, { decision: 'approve' }, admin.cookie);
    const refused = await approve();
    expect(refused.json().error.message).toBe(EMAIL_NOT_VERIFIED_MESSAGE);
    expect(refused.statusCode).toBe(409);
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, vendor.cookie)).json().vendor.status).toBe('pending');

    await verifyEmailOf(t, vendor.email);
    const { rows } = await t.services.database.db.execute<{ action: string; actor_user_id: string }>(
      sql`select action, actor_user_id from audit_log where entity_id = ${vendor.uid} order by id`,
    );
    expect(rows).toEqual([{ action: 'account.email_verify', actor_user_id: vendor.uid }]);
    expect((await approve()).statusCode).toBe(200);
  });
});

describe('changing the e-mail address', () => {
  it('changes only when the new address confirms; the old address is told and other sessions end', async () => {
    const customer = await signUpCustomer(t);
    const laptop = customer.cookie;
    const lostPhone = cookieFrom(await signIn(customer.email));
    const newEmail = uniqueEmail('moved');
    const change = (body: unknown) => json(t.app, 'POST', '/api/account/email', body, laptop);

    const wrong = await change({ newEmail, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBe('This password is not correct.');
    const taken = await change({ newEmail: (await signUpCustomer(t)).email, password: KIT_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.newEmail).toBeDefined();
    expect((await change({ newEmail: 'nope', password: '' })).json().error.fields).toMatchObject({
      newEmail: expect.any(String),
      password: expect.any(String),
    });

    expect((await change({ newEmail, password: KIT_PASSWORD })).statusCode).toBe(200);
    expect((await whoAmI(laptop)).json().email).toBe(customer.email);
    expect(await mailsTo(newEmail)).toEqual(['email_change_verify']);

    const token = (await linkFromOutbox(t, newEmail, 'email_change_verify')).searchParams.get('change')!;
    const confirmed = await json(t.app, 'POST', '/api/account/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect((await whoAmI(laptop)).json()).toEqual({ email: newEmail, emailVerified: true });
    expect((await whoAmI(lostPhone)).statusCode).toBe(401);
    expect(await mailsTo(customer.email)).toEqual(['verify_email', 'email_changed_notice']);
    expect((await signIn(customer.email)).statusCode).toBe(401);
    expect((await signIn(newEmail)).statusCode).toBe(200);
    expect((await json(t.app, 'POST', '/api/account/email/confirm', { token })).statusCode).toBe(400);

    const { rows } = await t.services.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_id = ${customer.uid} and action = 'account.email_change'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a late link, and a link of another purpose, leaving the address as it was', async () => {
    const customer = await signUpCustomer(t);
    const newEmail = uniqueEmail('late');
    expect((await json(t.app, 'POST', '/api/account/email', { newEmail, password: KIT_PASSWORD }, customer.cookie)).statusCode).toBe(200);
    const token = (await linkFromOutbox(t, newEmail, 'email_change_verify')).searchParams.get('change')!;
    const verifyToken = (await linkFromOutbox(t, customer.email, 'verify_email')).searchParams.get('token')!;

    expect((await json(t.app, 'POST', '/api/auth/verify-email', { token })).statusCode).toBe(400);
    expect((await json(t.app, 'POST', '/api/account/email/confirm', { token: verifyToken })).statusCode).toBe(400);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3600_000);
    const late = await json(t.app, 'POST', '/api/account/email/confirm', { token });
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.token).toMatch(/expired or has already been used/);
    expect((await whoAmI(customer.cookie)).json()).toEqual({ email: customer.email, emailVerified: false });
    expect(await mailsTo(customer.email)).toEqual(['verify_email']);
  });

  it('limits the requests (each checks the password) to 5 an hour', async () => {
    const customer = await signUpCustomer(t);
    for (let i = 0; i < 5; i += 1) {
      const res = await json(t.app, 'POST', '/api/account/email', { newEmail: uniqueEmail('x'), password: 'guess-' + i }, customer.cookie);
      expect(res.statusCode).toBe(400);
    }
    const sixth = await json(t.app, 'POST', '/api/account/email', { newEmail: uniqueEmail('x'), password: KIT_PASSWORD }, customer.cookie);
    expect(sixth.statusCode).toBe(429);
    expect((await json(t.app, 'POST', '/api/account/email', { newEmail: uniqueEmail('x'), password: KIT_PASSWORD })).statusCode).toBe(401);
  });
});

describe('links asked for before a change of password or address', () => {
  const verifyTokenOf = async (email: string) => (await linkFromOutbox(t, email, 'verify_email')).searchParams.get('token')!;
  const verify = (token: string) => json(t.app, 'POST', '/api/auth/verify-email', { token });
  const checkLink = (token: string) => json(t.app, 'POST', '/api/auth/reset-password/check', { token });

  it('stop working once the owner changes the password on the account page', async () => {
    const customer = await signUpCustomer(t);
    const verifyToken = await verifyTokenOf(customer.email);
    const resetToken = await resetTokenFor(customer.email);
    const changed = await json(
      t.app,
      'POST',
      '/api/account/password',
      { currentPassword: KIT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      customer.cookie,
    );
    expect(changed.statusCode, changed.body).toBe(204);

    expect((await checkLink(resetToken)).json().error.message).toBe(INVALID_RESET_LINK_MESSAGE);
    const late = await reset(resetToken, 'Someone-Elses-2026');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(INVALID_RESET_LINK_MESSAGE);
    expect((await signIn(customer.email, 'Someone-Elses-2026')).statusCode).toBe(401);
    expect((await signIn(customer.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await verify(verifyToken)).statusCode).toBe(400);
  });

  it('stop working once another reset link has set a new password', async () => {
    const customer = await signUpCustomer(t);
    const first = await resetTokenFor(customer.email);
    const second = await resetTokenFor(customer.email);
    expect(first).not.toBe(second);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'Someone-Elses-2026')).statusCode).toBe(400);
    expect((await signIn(customer.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stop working once the address changes: a reset link to the old address and another change not confirmed', async () => {
    const customer = await signUpCustomer(t);
    const resetToken = await resetTokenFor(customer.email);
    const [kept, abandoned] = [uniqueEmail('kept'), uniqueEmail('abandoned')];
    for (const newEmail of [abandoned, kept]) {
      expect((await json(t.app, 'POST', '/api/account/email', { newEmail, password: KIT_PASSWORD }, customer.cookie)).statusCode).toBe(200);
    }
    const tokenTo = async (email: string) => (await linkFromOutbox(t, email, 'email_change_verify')).searchParams.get('change')!;
    const abandonedToken = await tokenTo(abandoned);
    expect((await json(t.app, 'POST', '/api/account/email/confirm', { token: await tokenTo(kept) })).statusCode).toBe(200);

    expect((await reset(resetToken, 'Someone-Elses-2026')).statusCode).toBe(400);
    expect((await json(t.app, 'POST', '/api/account/email/confirm', { token: abandonedToken })).statusCode).toBe(400);
    expect((await whoAmI(customer.cookie)).json().email).toBe(kept);
    expect((await signIn(kept)).statusCode).toBe(200);
  });

  it("leave other accounts' links working", async () => {
    const [changing, other] = [await signUpCustomer(t), await signUpCustomer(t)];
    const othersReset = await resetTokenFor(other.email);
    const othersVerify = await verifyTokenOf(other.email);
    await json(
      t.app,
      'POST',
      '/api/account/password',
      { currentPassword: KIT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      changing.cookie,
    );
    expect((await verify(othersVerify)).statusCode).toBe(200);
    expect((await reset(othersReset)).statusCode).toBe(200);
  });
});
