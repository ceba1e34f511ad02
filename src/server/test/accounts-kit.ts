import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { gstinCheckCharacter } from '~/shared/gstin';
import { cookieFrom, json, uniqueEmail, type TestApp } from './test-app';

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

/** Registers a vendor through the API (status pending). */
export async function signUpVendor(t: TestApp, businessName = 'Deccan Laptops LLP', email = uniqueEmail('vendor')) {
  const res = await json(t.app, 'POST', '/api/vendors/register', {
    name: 'Rohan Deshmukh',
    email,
    password,
    confirmPassword: password,
    businessName,
    mobile: '98220 45678',
    gstin: newGstin('27'),
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
  });
  expect(res.statusCode).toBe(201);
  return { cookie: cookieFrom(res), email, uid: res.json().user.uid as string, vendorId: res.json().user.vendor.id as string };
}

/** Creates an admin (as the admin:create command does) and signs it in at the admin portal. */
export async function signInAdmin(t: TestApp) {
  const email = uniqueEmail('admin');
  await t.services.authService.registerAccount({ name: 'Shop Admin', email, password }, 'admin', null);
  const res = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
  expect(res.statusCode).toBe(200);
  return { cookie: cookieFrom(res), email };
}
