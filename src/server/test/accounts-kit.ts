import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { gstinCheckCharacter } from '~/shared/gstin';
import { addAddress, cookieFrom, json, PUNE_ADDRESS, uniqueEmail, type TestApp } from './test-app';

/** Accounts for the back-office tests: a customer, a vendor (pending) and an admin, each signed in. */
export const KIT_PASSWORD = 'Kothrud-Laptop-42';
const password = KIT_PASSWORD;

/** A valid GSTIN of a state, unique enough for a test. */
export function newGstin(stateCode: string): string {
  const letters = Array.from({ length: 6 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26)));
  const first14 = `${stateCode}${letters.slice(0, 5).join('')}${String(randomInt(10_000)).padStart(4, '0')}${letters[5]}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Registers a customer through the API. */
export async function signUpCustomer(t: TestApp, name = 'Asha Patil', email = uniqueEmail('customer')) {
  const res = await json(t.app, 'POST', '/api/auth/register', { name, email, password, confirmPassword: password });
  expect(res.statusCode).toBe(201);
  return { cookie: cookieFrom(res), email, uid: res.json().user.uid as string };
}

/** A new customer with one address in their book: the session cookie and the address's id. */
export async function customerWithAddress(t: TestApp, address: object = PUNE_ADDRESS) {
  const { cookie } = await signUpCustomer(t, 'Aditi Joshi');
  return { cookie, addressId: await addAddress(t.app, cookie, address) };
}

/** The link of the newest e-mail of a template to an address, read from the mail outbox. */
export async function linkFromOutbox(t: TestApp, to: string, template: string): Promise<URL> {
  const { rows } = await t.services.database.db.execute<{ text: string }>(
    sql`select text from mail_messages where to_address = ${to} and template = ${template} order by created_at desc, id desc limit 1`,
  );
  const link = rows[0]?.text.match(/https?:\/\/\S+[?&](token|change)=[\w-]+/)?.[0];
  if (!link) throw new Error(`No ${template} e-mail with a link was sent to ${to}.`);
  return new URL(link);
}

/** Follows the verification link e-mailed to an address, as its owner would. */
export async function verifyEmailOf(t: TestApp, email: string) {
  const token = (await linkFromOutbox(t, email, 'verify_email')).searchParams.get('token');
  const res = await json(t.app, 'POST', '/api/auth/verify-email', { token });
  expect(res.statusCode).toBe(200);
}

/**
 * Registers a vendor through the API (status pending) and, unless told not to, verifies its e-mail
 * address through the e-mailed link (an admin cannot approve it before).
 */
export async function signUpVendor(
  t: TestApp,
  businessName = 'Deccan Laptops LLP',
  email = uniqueEmail('vendor'),
  options: { verified?: boolean } = {},
) {
  const res = await json(t.app, 'POST', '/api/vendors/register', {
    name: 'Rohan Deshmukh',
    email,
    password,
    confirmPassword: password,
    businessName,
    mobile: '98220 45678',
    gstin: newGstin('27'),
    pickupLine1: 'Shop 2, Laxmi Road',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
  });
  expect(res.statusCode).toBe(201);
  if (options.verified !== false) await verifyEmailOf(t, email);
  return { cookie: cookieFrom(res), email, uid: res.json().user.uid as string, vendorId: res.json().user.vendor.id as string };
}

/**
 * The current code of an authenticator key (Base32), as a phone app would show it. A code is
 * accepted once (decision 27); `step` 1 is the next one, which the server also accepts already
 * (it allows a phone's clock one step either way), for a second sign-in within the same 30 s.
 */
export function totpCode(key: string, step = 0): string {
  return generateSync({ secret: key, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

/**
 * Creates an admin (as the admin:create command does), signs it in at the admin portal and sets up
 * two-step sign-in through the API, as an admin must before any admin API answers (decision 27).
 * `key` is the authenticator key, `code` the one that turned it on (used up), `recoveryCodes` the ten shown once.
 */
export async function signInAdmin(t: TestApp) {
  const email = uniqueEmail('admin');
  await t.services.authService.registerAccount({ name: 'Shop Admin', email, password }, 'admin', null);
  const res = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
  expect(res.statusCode).toBe(200);
  const { key, code, recoveryCodes, cookie } = await enrolTwoFactor(t, cookieFrom(res));
  return { cookie, email, key, code, recoveryCodes };
}

/** Sets up two-step sign-in for a signed-in account; the session is renewed, so use the cookie it returns. */
export async function enrolTwoFactor(t: TestApp, cookie: string) {
  const setup = await json(t.app, 'POST', '/api/auth/two-factor/setup', { password }, cookie);
  expect(setup.statusCode).toBe(200);
  const key = setup.json().key as string;
  const code = totpCode(key);
  const confirm = await json(t.app, 'POST', '/api/auth/two-factor/confirm', { code }, cookie);
  expect(confirm.statusCode).toBe(200);
  // `code` is used up now: the next sign-in within 30 s needs `totpCode(key, 1)`.
  return { key, code, recoveryCodes: confirm.json().recoveryCodes as string[], cookie: cookieFrom(confirm) };
}

/** Signs in an account of the demo data (the seeded catalogue's vendors) at its door; returns the session cookie. */
export async function signInDemo(t: TestApp, account: { email: string; password: string }, portal: 'customer' | 'vendor' = 'vendor') {
  const res = await json(t.app, 'POST', '/api/auth/login', { email: account.email, password: account.password, portal });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}
