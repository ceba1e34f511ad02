import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { STRONG_PASSWORD, authenticatorCode, createCustomer, enterAuthenticatorCode, signIn, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run admin:create` as an operator runs it beside the running shop, on its embedded database (scripts/e2e-server.mjs). */
function adminCreate(email: string, name: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(root, '.tmp/e2e-data'), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'src/server/cli/admin-create.ts',
      '--email',
      email,
      '--password',
      STRONG_PASSWORD,
      '--name',
      name,
    ],
    { cwd: root, env, encoding: 'utf8', timeout: 60_000 },
  );
}

/** The key of the set-up page, as a person types it into the app (without the spaces it is shown with). */
async function shownKey(page: Page) {
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const key = (await page.locator('code').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32,}$/);
  return key;
}

/** The password step of a login page, up to the code step. */
async function passwordStep(page: Page, loginPath: string, email: string) {
  await page.goto(loginPath);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeFocused();
}

test('admin sets up two-step sign-in at first sign-in and signs in with a code, then with a recovery code', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('admin');
  const created = adminCreate(email, 'Sunita Rao');
  expect(created.status, created.stderr).toBe(0);
  expect(created.stdout).toContain(`Admin ${email} created`);
  expect(created.stdout).toContain('Two-step sign-in is required for admins');

  // The password alone leads only to the set-up: no other admin page opens, and the API refuses.
  await signIn(page, '/admin/login', email, STRONG_PASSWORD);
  await expect(page).toHaveURL('/admin/two-factor');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByLabel('Your password')).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL('/admin/two-factor');
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);

  await page.getByLabel('Your password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const key = await shownKey(page);
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Code from the app').fill(authenticatorCode(key));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // Ten recovery codes, shown once: downloaded, then "I have saved them".
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await expectNoAccessibilityViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download (.txt)' }).click()]);
  expect(download.suggestedFilename()).toBe('sahyadri-computers-recovery-codes.txt');
  const saved = await readFile(await download.path(), 'utf8');
  for (const code of recoveryCodes) expect(saved).toContain(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Save the codes first, then tick this box.')).toBeVisible();
  await page.getByLabel('I have saved my recovery codes somewhere safe').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  expect((await page.request.get('/api/admin/users')).status()).toBe(200);

  // Next time: the password, then the code from the app.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/admin/login');
  await passwordStep(page, '/admin/login', email);
  await expectNoAccessibilityViolations(page);
  await enterAuthenticatorCode(page, key);
  await expect(page).toHaveURL('/admin/dashboard');

  // Phone lost: a recovery code instead, once.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await passwordStep(page, '/admin/login', email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/admin/dashboard');

  // Their account page counts the codes left and offers no way to turn it off (required for admins).
  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('On, and required for admin accounts.');
  await expect(section).toContainText('Recovery codes left: 9 of 10');
  await expect(section.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
});

test('customer turns on two-step sign-in from their account and signs in with a code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const customer = await createCustomer(page.request, 'Neha Kulkarni');
  await page.goto('/account/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('Off');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  await section.getByLabel('Your password').fill('Not-My-Password-1');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('That password is not right.')).toBeVisible();
  await section.getByLabel('Your password').fill(customer.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  const key = await shownKey(page);
  await section.getByLabel('Code from the app').fill(authenticatorCode(key));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Recovery codes copied. Paste them somewhere safe.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain((await codes.first().innerText()).trim());
  await expectNoAccessibilityViolations(page);
  await section.getByLabel('I have saved my recovery codes somewhere safe').check();
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section).toContainText('On: sign-in asks for a code from your authenticator app.');
  await expect(section).toContainText('Recovery codes left: 10 of 10');
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Signed out and back in: a wrong code is named on its field, then the app's code signs in.
  await page.getByRole('button', { name: 'Account menu for Neha Kulkarni' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
  await passwordStep(page, '/login', customer.email);
  const wrong = String((Number(authenticatorCode(key)) + 500_000) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Authentication code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Check the time on your phone and try the newest code.')).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAccessibilityViolations(page);
  await enterAuthenticatorCode(page, key);
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu for Neha Kulkarni' })).toBeVisible();
});
