import type { Page } from '@playwright/test';
import { createCustomer, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

async function fillAddress(page: Page, a: { name: string; mobile: string; line1: string; city: string; state: string; pin: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill(a.name);
  await dialog.getByLabel('Mobile number').fill(a.mobile);
  await dialog.getByLabel('Address line 1').fill(a.line1);
  await dialog.getByLabel('City').fill(a.city);
  await dialog.getByLabel('State').selectOption(a.state);
  await dialog.getByLabel('PIN code').fill(a.pin);
}

test('a customer adds two addresses, edits one, makes it the default and deletes the other', async ({ page, request }) => {
  const customer = await createCustomer(request, 'Snehal Patwardhan');
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);

  // The seed's /profile, and /account/orders and /account as a shopper may type them, open the account's pages.
  await page.goto('/profile');
  await expect(page).toHaveURL('/account/profile');
  await page.goto('/account/orders');
  await expect(page).toHaveURL('/orders');
  await page.goto('/account');
  await expect(page).toHaveURL('/account/profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your details' }).getByText(customer.email)).toBeVisible();
  await expect(page.getByText('No saved addresses yet')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The first address: a wrong PIN for the state is caught on the field, then it is saved as the default.
  await page.getByRole('button', { name: 'Add address' }).click();
  await fillAddress(page, {
    name: 'Snehal Patwardhan',
    mobile: '98220 45678',
    line1: 'Flat 4, Shanti Kunj, Karve Road',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '110001',
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('dialog').getByText('PIN codes in Maharashtra start with 4')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('dialog').getByLabel('PIN code').fill('411004');
  await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Address added.')).toBeVisible();

  const home = page.getByRole('article', { name: /Flat 4, Shanti Kunj/ });
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Mobile: +91 98220 45678')).toBeVisible();

  // The second address.
  await page.getByRole('button', { name: 'Add address' }).click();
  await fillAddress(page, {
    name: 'Snehal Patwardhan',
    mobile: '91234 56789',
    line1: 'Office 9, Tech Park, Sector 30A',
    city: 'Vashi',
    state: 'Maharashtra',
    pin: '400703',
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const office = page.getByRole('article', { name: /Office 9, Tech Park/ });
  await expect(office).toBeVisible();
  await expect(office.getByText('Default', { exact: true })).toHaveCount(0);

  // Edit the office address.
  await page.getByRole('button', { name: 'Edit: Office 9, Tech Park, Sector 30A' }).click();
  await expect(page.getByRole('dialog').getByLabel('Mobile number')).toHaveValue('9123456789');
  await page.getByRole('dialog').getByLabel('City').fill('Navi Mumbai');
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(office.getByText('Navi Mumbai, Maharashtra 400703')).toBeVisible();

  // Make it the default: it moves first and the badge moves with it.
  await page.getByRole('button', { name: 'Make default: Office 9, Tech Park, Sector 30A' }).click();
  await expect(office.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toHaveAccessibleName(/Office 9, Tech Park/);

  // Delete the other one, after confirming.
  await page.getByRole('button', { name: 'Delete: Flat 4, Shanti Kunj, Karve Road' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
  await expect(confirm).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await confirm.getByRole('button', { name: 'Delete address' }).click();
  await expect(confirm).toBeHidden();
  await expect(home).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);

  // It is kept on the server: a reload shows the same book.
  await page.reload();
  await expect(page.getByRole('article', { name: /Office 9, Tech Park.*\(default\)/ })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
