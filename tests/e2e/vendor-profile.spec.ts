import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { gstinCheckCharacter } from '../../src/shared/gstin';
import type { VendorProfileResponse } from '../../src/shared/schemas/vendor';
import { STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { openMailbox, verifyEmailFromMailbox } from './support/mailbox';

/** A valid Maharashtra GSTIN of a firm (its PAN's 4th letter is F), unique to this run. */
function firmGstin(): string {
  const letter = () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26));
  const first14 = `27${letter()}${letter()}${letter()}F${letter()}${String(randomInt(10_000)).padStart(4, '0')}${letter()}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Registers a vendor through the API in the page's browser context (signed in), verifies its address, and has an admin approve it. */
async function approvedVendor(page: Page, browser: Browser) {
  const email = uniqueEmail('vendor');
  const businessName = `Aundh Laptop House ${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/vendors/register', {
    data: {
      name: 'Kavita Jog',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: '98220 45678',
      gstin: firmGstin(),
      pickupLine1: 'Shop 2, Laxmi Road',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411007',
    },
  });
  expect(registered.status()).toBe(201);
  const vendorId = ((await registered.json()) as { user: { vendor: { id: string } } }).user.vendor.id;

  // The applicant follows the link e-mailed at registration, then an admin approves the application.
  const admin = await openMailbox(browser);
  await verifyEmailFromMailbox(admin, page, email);
  expect((await admin.request.post(`/api/admin/vendors/${vendorId}/decision`, { data: { decision: 'approve' } })).status()).toBe(200);
  const adminContext = admin.context();
  return { email, businessName, adminContext };
}

const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

test('a vendor changes the bank account and sees it masked and recorded', async ({ page, browser }) => {
  const { email, businessName, adminContext } = await approvedVendor(page, browser);
  await page.goto('/vendor/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Your business profile' });
  await expect(form.getByLabel('Business name')).toHaveValue(businessName);
  await settled(page);
  await expectNoAccessibilityViolations(page);

  // The pickup street given at registration is there; the shop has moved since.
  await expect(form.getByLabel('Address line 1')).toHaveValue('Shop 2, Laxmi Road');
  await form.getByLabel('Address line 1').fill('Shop 7, Parihar Chowk, DP Road');

  const bank = page.getByRole('region', { name: 'Bank account', exact: true });
  await expect(bank.getByText('No bank account yet')).toBeVisible();
  await bank.getByRole('button', { name: 'Add bank account' }).click();
  await expect(bank.getByLabel('Account holder’s name')).toBeFocused();
  await page.keyboard.type('Aundh Laptop House');
  await bank.getByLabel('IFSC').fill('hdfc0001234');
  await bank.getByLabel('Account number', { exact: true }).fill('50100123454321');
  await bank.getByLabel('Account number again').fill('50100123454312');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(bank.getByText('The account numbers do not match')).toBeVisible();
  await bank.getByLabel('Account number again').fill('50100123454321');
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page.getByText('Your profile is saved')).toBeVisible();
  await expect(bank.getByText('XXXXXX4321')).toBeVisible();
  await expect(bank.getByText('HDFC0001234')).toBeVisible();
  await expect(bank.getByLabel('Account number', { exact: true })).toHaveCount(0);

  // Now a second account: the change from the first is recorded, masked, and e-mailed.
  await bank.getByRole('button', { name: 'Change bank account' }).click();
  await bank.getByLabel('Account holder’s name').fill('Aundh Laptop House');
  await bank.getByLabel('IFSC').fill('SBIN0005678');
  await bank.getByLabel('Account number', { exact: true }).fill('0012 3456 7890');
  await bank.getByLabel('Account number again').fill('001234567890');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(bank.getByText('XXXXXX7890')).toBeVisible();
  const changes = page.getByRole('region', { name: 'Recent changes of bank account and GSTIN' });
  const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    new Date(),
  );
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  await expect(changes.getByRole('listitem').first()).toContainText(`Bank account changed on ${today} by you`);
  await expect(changes.getByRole('listitem').first()).toContainText('XXXXXX4321 · HDFC0001234 · Aundh Laptop House');
  await expect(changes.getByRole('listitem').first()).toContainText('XXXXXX7890 · SBIN0005678 · Aundh Laptop House');

  // The whole number is nowhere on the page, nor in what the API sends back, even after a reload.
  await page.reload();
  await expect(bank.getByText('XXXXXX7890')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('001234567890');
  const api = (await (await page.request.get('/api/vendor/profile')).json()) as VendorProfileResponse;
  expect(JSON.stringify(api)).not.toContain('001234567890');
  expect(api.profile.pickupLine1).toBe('Shop 7, Parihar Chowk, DP Road');

  // The e-mails went to the vendor's sign-in address.
  const mailbox = (await (await adminContext.request.get('/api/dev/mailbox?pageSize=100')).json()) as {
    items: { to: string; subject: string }[];
  };
  expect(mailbox.items.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
    'Your bank account for payouts changed',
    'Your bank account for payouts changed',
    `${businessName} is approved: you can sell now`,
    'Please verify your e-mail address',
  ]);
  await adminContext.close();

  await settled(page);
  await expectNoAccessibilityViolations(page);

  // On a phone the sections stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bank.getByRole('button', { name: 'Change bank account' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await bank.getByRole('button', { name: 'Change bank account' }).click();
  await expect(bank.getByLabel('Account holder’s name')).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAccessibilityViolations(page);
});
