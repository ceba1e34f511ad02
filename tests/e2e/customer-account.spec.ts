import { STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

const EMAIL_IN_USE = 'This email address is already registered. Please try logging in or use a different email.';

test('shopper registers, stays signed in after a reload, and cannot register the same e-mail twice', async ({ page }) => {
  const email = uniqueEmail('asha');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Full name').fill('Asha Patil');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/');
  const menu = page.getByRole('button', { name: 'Account menu for Asha Patil' });
  await expect(menu).toBeVisible();

  await page.reload();
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menu')).toContainText('Customer');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();

  await page.goto('/register');
  await page.getByLabel('Full name').fill('Asha Again');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(EMAIL_IN_USE, { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/register');
});
