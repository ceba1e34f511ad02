import { STRONG_PASSWORD, createCustomer, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';

test('a registration request forged to ask for the admin role creates a customer', async ({ page }) => {
  await page.route('**/api/auth/register', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, role: 'admin' }) });
  });
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Mallory Forge');
  await page.getByLabel('E-mail address').fill(uniqueEmail('mallory'));
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  await page.getByRole('button', { name: 'Account menu for Mallory Forge' }).click();
  await expect(page.getByRole('menu')).toContainText('Customer');
  await page.keyboard.press('Escape');
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.role).toBe('customer');

  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
});

test('repeated failed sign-ins are rate-limited and the form says when to try again', async ({ page }) => {
  const customer = await createCustomer(page.request);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(customer.email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('Password', { exact: true }).fill(`Wrong-Password-${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail address or password is incorrect.');
  }
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Too many failed sign-in attempts.');
  await expect(alert).toContainText(/Please try again in \d+ minutes?\./);
  await expect(page).toHaveURL('/login');
});

test('the password rules of the form are the server rules, with the reason shown', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Weak Password');
  await page.getByLabel('E-mail address').fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page).toHaveURL('/register');
});
