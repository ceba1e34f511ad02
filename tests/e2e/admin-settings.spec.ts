import type { AdminSettingsResponse } from '../../src/shared/schemas/settings';
import { DEMO_ACCOUNTS, openAdminConsole } from './support/accounts';
import { addAddressAtCheckout, bestStocked, customerWithCart } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

test('admin changes the express delivery charge in Settings and a customer’s checkout charges it at once', async ({ page, browser }) => {
  const admin = DEMO_ACCOUNTS.admin;
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const express = page.getByLabel('Express delivery (₹)');
  await expect(express).toHaveValue(/^\d+$/);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as AdminSettingsResponse;
  await expectNoAccessibilityViolations(page);

  try {
    // A charge below standard delivery is refused on its field, before anything is sent.
    await express.fill('99');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Express delivery cannot cost less than standard delivery')).toBeVisible();
    await expect(express).toHaveAttribute('aria-invalid', 'true');
    await expectNoAccessibilityViolations(page);

    await express.fill('349');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. Quotes, new orders and invoices use them from now on.')).toBeVisible();
    await expect(page.getByText(new RegExp(`Last saved .* by ${admin.email}`))).toBeVisible();

    // A customer, in a browser of their own, reaches the delivery step: express costs ₹349.00 now.
    const shopper = await browser.newContext();
    const customerPage = await shopper.newPage();
    const monitor = await bestStocked(customerPage.request, 'Monitor');
    await customerWithCart(customerPage, customerPage.request, monitor, 'Rohan Kulkarni');
    await addAddressAtCheckout(customerPage, 'Rohan Kulkarni', {
      line1: '12 Palm Beach Road, Sector 17, Vashi',
      city: 'Navi Mumbai',
      pin: '400703',
    });
    const expressChoice = customerPage.getByRole('listitem').filter({ has: customerPage.getByRole('radio', { name: 'Express delivery' }) });
    await expect(expressChoice).toContainText('₹349.00');
    await shopper.close();

    // The change is in the audit log with the values before and after.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByText(/Settings changed: express delivery charge ₹[\d,.]+ → ₹349\.00/).first()).toBeVisible();
  } finally {
    // Other stories run beside this one: the shop's settings go back to what they were.
    const now = (await (await page.request.get('/api/admin/settings')).json()) as AdminSettingsResponse;
    const restored = await page.request.put('/api/admin/settings', { data: { settings: before.settings, version: now.version } });
    expect(restored.status()).toBe(200);
  }
});
