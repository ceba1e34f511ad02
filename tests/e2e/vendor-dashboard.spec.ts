import type { VendorDashboard } from '../../src/shared/schemas/vendor-dashboard';
import { DEMO_ACCOUNTS, signIn, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

test('vendor compares the last 30 days of sales with the 30 days before and follows a to-do to its list', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const figures = page.getByRole('region', { name: 'Your figures' });
  await expect(figures.getByText('Sales (GST included)')).toBeVisible();

  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days' }).click();
  await expect(page).toHaveURL('/vendor/dashboard?range=30d');
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const answer = (await (await page.request.get('/api/vendor/dashboard?range=30d')).json()) as VendorDashboard;
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  await expect(figures).toContainText(rupees.format(answer.current.salesPaise / 100));
  await expect(figures).toContainText('on the previous 30 days');
  if (answer.current.salesPaise > 0 || answer.previous.salesPaise > 0) {
    const chart = page.getByRole('figure', { name: /Daily sales, 30 days, beside the previous 30 days/ });
    await expect(chart).toBeVisible();
    // The numbers behind the bars are there for screen readers as a table of 30 days.
    await expect(chart.getByRole('table').getByRole('row')).toHaveCount(31);
  }
  await expectNoAccessibilityViolations(page);

  // The to-do list leads to the filtered lists.
  const todo = page.getByRole('region', { name: 'To do' });
  await expect(todo.getByRole('link', { name: /Low on stock/ })).toContainText(String(answer.todo.lowStock));
  await todo.getByRole('link', { name: /Out of stock/ }).click();
  await expect(page).toHaveURL('/vendor/products?status=active&stock=out');
  await expect(page.getByRole('combobox', { name: 'Stock' })).toHaveValue('out');

  // Back on the phone: the figures stack and nothing overflows.
  await page.goBack();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(figures.getByText('Orders', { exact: true })).toBeVisible();
  // Nothing sticks out of the screen (named, so a failure says what).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('[aria-hidden="true"], .sr-only'))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}px`),
  );
  expect(wide).toEqual([]);
  // Nor does anything hidden (the charts' tables for screen readers): the page does not scroll sideways,
  // once the chart has redrawn for the narrower screen (on a busy machine that takes a moment).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test('vendor that has just applied sees its application and can correct its business details', async ({ page }) => {
  await page.goto('/vendor/register');
  const email = uniqueEmail('newvendor');
  await page.getByLabel('Your full name').fill('Sneha Gokhale');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await page.getByLabel('Business name').fill('Gokhale Computers Kothrud');
  await page.getByLabel('Mobile number').fill('9822011122');
  await page.getByLabel('Address line 1').fill('Shop 11, Paud Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State or union territory').selectOption('Maharashtra');
  await page.getByLabel('PIN code').fill('411038');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page).toHaveURL('/vendor/dashboard');
  await expect(page.getByText('Your vendor account awaits approval')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business details' })).toContainText('Gokhale Computers Kothrud');
  await expect(page.getByRole('region', { name: 'Your figures' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit business details' })).toHaveAttribute('href', '/vendor/profile');
  await expectNoAccessibilityViolations(page);
});
