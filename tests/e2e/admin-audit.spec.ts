import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { gstinCheckCharacter } from '../../src/shared/gstin';
import { DEMO_ACCOUNTS, openAdminConsole, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { verifyEmailFromMailbox } from './support/mailbox';
import { e2eDataDir, inShopDatabase } from './support/shop-database';

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
  const applicantEmail = uniqueEmail('vendor');
  const registered = await applicant.request.post('/api/vendors/register', {
    data: {
      name: 'Nikhil Pawar',
      email: applicantEmail,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: '98220 45678',
      gstin: firmGstin(),
      pickupLine1: 'Shop 2, Laxmi Road',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411057',
    },
  });
  expect(registered.status()).toBe(201);

  const admin = DEMO_ACCOUNTS.admin;
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  // The applicant follows the link e-mailed at registration (an unverified application cannot be approved).
  await verifyEmailFromMailbox(page, await applicant.newPage(), applicantEmail);
  await applicant.close();
  await page.goto('/admin/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Manage Users' }).click();
  await page.getByLabel('Role').selectOption('vendor');
  await page.getByRole('button', { name: `Approve ${businessName}` }).click();
  await page
    .getByRole('dialog', { name: `Approve ${businessName}?` })
    .getByRole('button', { name: 'Approve vendor' })
    .click();
  await expect(page.getByText(`${businessName} approved.`)).toBeVisible();

  await sidebar.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Words, e-mail or id' }).fill(businessName);
  await page.getByRole('searchbox', { name: 'Words, e-mail or id' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: `Approved the seller application of ${businessName}` });
  await expect(row).toContainText(admin.email);
  // The action in words, its code kept small beneath.
  await expect(row).toContainText('Approved a vendor');
  await expect(row).toContainText('vendor.approve');
  await row.getByRole('button', { name: /Changes of entry/ }).click();
  const changes = page.getByRole('table', { name: /Values before and after entry/ });
  await expect(changes.getByRole('row', { name: /^Status/ })).toHaveText(/^StatusPendingApproved$/);

  // The kinds include Settings, and one action is chosen by its words.
  await page.getByLabel('Kind').selectOption('Vendor decisions');
  await page.getByLabel('Action').selectOption('Approved a vendor');
  await expect(page).toHaveURL(/action=vendor\.approve/);
  await expect(row).toBeVisible();
  await expect(page.getByLabel('Kind').getByRole('option', { name: 'Settings' })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
});

/** audit:verify run against the e2e server's own embedded database, as an operator would. */
function auditVerify() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: e2eDataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const root = path.resolve(import.meta.dirname, '../..');
  return spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/audit-verify.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
}

test('admin sees an audit entry changed in the database reported by audit:verify and by "Check the chain"', async ({ page, browser }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');

  // An audited change: a business applies and the admin approves it.
  const applicant = await browser.newContext();
  const businessName = `Vashi Tamper Test ${Date.now().toString(36)}`;
  const applicantEmail = uniqueEmail('vendor');
  const registered = await applicant.request.post('/api/vendors/register', {
    data: {
      name: 'Sneha Joshi',
      email: applicantEmail,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: '98200 12345',
      gstin: firmGstin(),
      pickupLine1: 'Shop 5, Sector 17',
      pickupCity: 'Navi Mumbai',
      pickupState: 'Maharashtra',
      pickupPinCode: '400703',
    },
  });
  expect(registered.status()).toBe(201);
  const vendorId = ((await registered.json()) as { user: { vendor: { id: string } } }).user.vendor.id;
  await verifyEmailFromMailbox(page, await applicant.newPage(), applicantEmail);
  await applicant.close();
  await page.goto('/admin/dashboard');
  expect((await page.request.post(`/api/admin/vendors/${vendorId}/decision`, { data: { decision: 'approve' } })).status()).toBe(200);
  const found = (await (await page.request.get(`/api/admin/audit?q=${encodeURIComponent(businessName)}`)).json()) as {
    items: { id: number; summary: string }[];
  };
  const entry = found.items[0]!;
  expect(entry.summary).toContain(businessName);

  // Someone with database access rewrites the entry to hide what happened.
  await inShopDatabase((db) => db.query(`update audit_log set summary = 'Looked at the seller list' where id = $1`, [entry.id]));
  try {
    const verify = auditVerify();
    expect(verify.status, verify.stdout + verify.stderr).toBe(1);
    expect(verify.stderr).toContain(`Audit log broken at entry ${entry.id}: its contents were changed after it was written.`);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('button', { name: 'Check the chain' }).click();
    const alert = page.getByRole('alert').filter({ hasText: `Broken at entry ${entry.id}` });
    await expect(alert).toContainText('its contents were changed after it was written');
    await alert.getByRole('button', { name: `Show entry ${entry.id}` }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Looked at the seller list' })).toContainText('vendor.approve');
    await expectNoAccessibilityViolations(page);
  } finally {
    // Put the entry back as it was written: the chain holds again.
    await inShopDatabase((db) => db.query(`update audit_log set summary = $2 where id = $1`, [entry.id, entry.summary]));
  }
  await page.getByRole('button', { name: 'Check the chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The chain holds' })).toBeVisible();
  expect(auditVerify().status).toBe(0);
});
