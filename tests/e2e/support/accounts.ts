import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_ACCOUNTS } from '../../../src/server/ops/seed/demo-accounts';

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

/** Authenticator keys the stories know: the demo admin's is public (two-step sign-in is required of admins). */
const AUTHENTICATOR_KEYS = new Map<string, string>([[DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.authenticatorKey]]);
const PERIOD_SECONDS = 30;

/** The code an authenticator app shows for a key; `step` 1 is the next one (the server also accepts it already). */
export function authenticatorCode(key: string, step = 0): string {
  return generateSync({ secret: key, epoch: Math.floor(Date.now() / 1000) + step * PERIOD_SECONDS });
}

interface CodeAnswer {
  ok(): boolean;
  status(): number;
  text(): Promise<string>;
}

/**
 * Sends authenticator codes to `send` until one is taken. A code works once (decision 27) and
 * parallel stories sign in as the demo admin, so one of them may have just used the current code:
 * then the next one (which the server accepts a step early, for clock drift) or the last one is
 * tried, and when all three are used, the next 30 s are awaited. Any other refusal fails at once.
 */
async function sendFreshCode(key: string, send: (code: string) => Promise<CodeAnswer>) {
  const used = new Set<string>();
  for (let attempt = 0; attempt < 6; attempt++) {
    const code = [0, 1, -1].map((step) => authenticatorCode(key, step)).find((c) => !used.has(c));
    if (!code) {
      const intoStep = (Date.now() / 1000) % PERIOD_SECONDS;
      await new Promise((resolve) => setTimeout(resolve, (PERIOD_SECONDS - intoStep) * 1000 + 200));
      continue;
    }
    used.add(code);
    const answer = await send(code);
    if (answer.ok()) return;
    const text = await answer.text();
    if (answer.status() !== 400 || !/used already/.test(text)) throw new Error(`The code step answered ${answer.status()}: ${text}`);
  }
  throw new Error('No unused authenticator code was accepted.');
}

/** The code step of the login form: types the app's code, as a person reading their phone would. */
export async function enterAuthenticatorCode(page: Page, key: string) {
  await sendFreshCode(key, async (code) => {
    await page.getByLabel('Authentication code').fill(code);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/two-factor') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Verify' }).click(),
    ]);
    return response;
  });
}

/**
 * Signs in through a login page's form, as a person would; for an account with two-step sign-in
 * whose key the stories know (the demo admin's, or `authenticatorKey`), also the code step.
 */
export async function signIn(page: Page, loginPath: string, email: string, password: string, options: { authenticatorKey?: string } = {}) {
  await page.goto(loginPath);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const key = options.authenticatorKey ?? AUTHENTICATOR_KEYS.get(email.toLowerCase());
  if (!key) {
    await page.getByRole('button', { name: 'Sign in' }).click();
    return;
  }
  const [login] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  // A refused password (a story about a wrong door) shows its message; the stories check it.
  if (login.ok() && 'twoFactorRequired' in ((await login.json()) as object)) await enterAuthenticatorCode(page, key);
}

/** Where the setup project (admin-session.setup.ts) keeps the demo admin's session for the run's stories. */
export const ADMIN_SESSION_FILE = path.resolve(import.meta.dirname, '../../../.tmp/e2e-sessions/admin.json');

/**
 * The demo admin, already signed in, opens the console: the session the setup project signed in
 * through the form, code step included, once for the run. A code works only once and a new one
 * comes every 30 s, so stories that each signed in through the form waited for codes in turn.
 * Stories about signing in itself still use `signIn`.
 */
export async function openAdminConsole(page: Page) {
  const { cookies } = JSON.parse(await readFile(ADMIN_SESSION_FILE, 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(cookies);
  await page.goto('/admin/dashboard');
}
