import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_SESSION_FILE, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, test as setup } from './support/fixtures';

// Runs before the stories (the `setup` project in playwright.config.ts).
setup('the demo admin signs in once, code step included, for the stories that begin in the console', async ({ page }) => {
  const admin = DEMO_ACCOUNTS.admin;
  await signIn(page, '/admin/login', admin.email, admin.password);
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await mkdir(path.dirname(ADMIN_SESSION_FILE), { recursive: true });
  await page.context().storageState({ path: ADMIN_SESSION_FILE });
});
