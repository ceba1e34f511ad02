import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-accounts';

export { DEMO_ACCOUNTS };

export const STRONG_PASSWORD = 'Baner-Monitor-2026';

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.in`;
}

/** Creates a customer through the API (the request context keeps its own cookies). */
export async function createCustomer(request: APIRequestContext, name = 'Priya Kulkarni') {
  const email = uniqueEmail('customer');
  const response = await request.post('/api/auth/register', {
    data: { name, email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
  });
  expect(response.status()).toBe(201);
  return { name, email, password: STRONG_PASSWORD };
}

/** Signs in through a login page's form, as a person would. */
export async function signIn(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
