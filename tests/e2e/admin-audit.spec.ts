import { randomInt } from 'node:crypto';
import { gstinCheckCharacter } from '../../src/shared/gstin';
import { DEMO_ACCOUNTS, STRONG_PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

function firmGstin(): string {
  const letter = () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26));
  const first14 = `27${letter()}${letter()}${letter()}F${letter()}${String(randomInt(10_000)).padStart(4, '0')}${letter()}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

test('admin approves a vendor and finds the approval in the audit log, with who did it and the status before and after', async ({
  page,
  browser,
}) => {
  // A business applies, in a browser of its own.
  const applicant = await browser.newContext();
  const businessName = `Wakad Audit Systems ${Date.now().toString(36)}`;
  const registered = await applicant.request.post('/api/vendors/register', {
    data: {
      name: 'Nikhil Pawar',
      email: uniqueEmail('vendor'),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: '98220 45678',
      gstin: firmGstin(),
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411057',
    },
  });
  expect(registered.status()).toBe(201);
  await applicant.close();

  const admin = DEMO_ACCOUNTS.admin;
  await signIn(page, '/admin/login', admin.email, admin.password);
  await expect(page).toHaveURL('/admin/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Manage Users' }).click();
  await page.getByLabel('Role').selectOption('vendor');
  await page.getByRole('button', { name: `Approve ${businessName}` }).click();
  await expect(page.getByText(`${businessName} approved.`)).toBeVisible();

  await sidebar.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Words, e-mail or id' }).fill(businessName);
  await page.getByRole('searchbox', { name: 'Words, e-mail or id' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: `Approved the seller application of ${businessName}` });
  await expect(row).toContainText(admin.email);
  await expect(row).toContainText('vendor.approve');
  await row.getByRole('button', { name: /Changes of entry/ }).click();
  const changes = page.getByRole('table', { name: /Values before and after entry/ });
  await expect(changes.getByRole('row', { name: /status/ })).toContainText('pending');
  await expect(changes.getByRole('row', { name: /status/ })).toContainText('approved');
  await expectNoAccessibilityViolations(page);
});
