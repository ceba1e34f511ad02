import { request as playwrightRequest, type Download } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { AdminPayoutsResponse } from '../../src/shared/schemas/payouts';
import type { VendorProfileResponse } from '../../src/shared/schemas/vendor';
import { DEMO_ACCOUNTS, openAdminConsole, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const rupees = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** The seller gives its bank account for payouts on its profile (through the API, as its profile form sends it). */
async function giveBankAccount(baseURL: string, vendor: { name: string; email: string; password: string }, accountNumber: string) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email: vendor.email, password: vendor.password, portal: 'vendor' } });
  expect(login.status()).toBe(200);
  const { profile } = (await (await api.get('/api/vendor/profile')).json()) as VendorProfileResponse;
  const saved = await api.put('/api/vendor/profile', {
    data: {
      businessName: profile.businessName,
      // The demo sellers signed up before the profile asked for these: the form asks for them now.
      contactName: profile.contactName ?? vendor.name,
      contactEmail: profile.contactEmail ?? vendor.email,
      mobile: profile.mobile,
      gstin: profile.gstin ?? '',
      pan: profile.gstin ? '' : (profile.pan ?? ''),
      pickupLine1: profile.pickupLine1 ?? 'Shop 4, Sector 12',
      pickupLine2: profile.pickupLine2 ?? '',
      pickupCity: profile.pickupCity,
      pickupState: profile.pickupState,
      pickupPinCode: profile.pickupPinCode,
      bankAccount: { holderName: profile.businessName, accountNumber, confirmAccountNumber: accountNumber, ifsc: 'SBIN0004567' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();
}

test("admin settles the week and marks a vendor's payout paid with the bank reference", async ({ page, browser, baseURL }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  // A seller with a payout to be paid in the demo history (each seller's latest week is), not the one
  // whose payouts page another story reads.
  const due = (await (await page.request.get('/api/admin/payouts?status=pending&pageSize=100')).json()) as AdminPayoutsResponse;
  const vendor = [DEMO_ACCOUNTS.khargharVendor, DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.approvedVendor].find((v) =>
    due.items.some((p) => p.vendorName === v.businessName),
  )!;
  expect(vendor, 'a demo seller with a payout to be paid').toBeTruthy();
  // Its own account number, so the bank file's row is this story's (leading zero kept as text).
  const accountNumber = `0${Date.now().toString().slice(-13)}`;
  await giveBankAccount(baseURL!, vendor, accountNumber);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Vendor payouts' }).click();
  await expect(page).toHaveURL('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Vendor payouts' })).toBeVisible();
  await expect(page.getByTestId('payouts-summary-card').filter({ hasText: 'Owed to sellers' })).toContainText('₹');

  // Run the weekly settlement (the demo history settled every past week: it may find nothing new).
  await page.getByRole('button', { name: 'Run settlement' }).click();
  await expect(page.getByText(/Settled the week of|Nothing new to settle/)).toBeVisible();

  // The seller's payout to be paid, as the API lists it.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'To be paid' });
  await expect(page).toHaveURL('/admin/payouts?status=pending');
  const listed = (await (
    await page.request.get(`/api/admin/payouts?status=pending&q=${encodeURIComponent(vendor.businessName)}`)
  ).json()) as AdminPayoutsResponse;
  const payout = listed.items[0]!;
  expect(payout).toBeTruthy();
  expect(payout.bankAccount?.maskedNumber).toBe(`XXXXXX${accountNumber.slice(-4)}`);
  const row = page.getByTestId('payout-row').filter({ hasText: vendor.businessName }).first();
  await expect(row).toContainText(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(payout.netPaise / 100));
  await expectNoAccessibilityViolations(page);

  // The bank-upload file: the seller's row with the whole account number and the amount to the paise.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download bank-upload CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payouts-bank-file-.*\.csv$/);
  const rows = parse(await textOf(download), { columns: true }) as Record<string, string>[];
  const bankRow = rows.find((r) => r['Beneficiary Account Number'] === accountNumber);
  expect(bankRow).toMatchObject({ IFSC: 'SBIN0004567', Amount: rupees(payout.netPaise), Reference: payout.id, 'Payment Mode': 'NEFT' });

  // Mark it paid: a wrong reference is refused on the field, the right one recorded.
  await row.getByRole('button', { name: /Mark paid/ }).click();
  const dialog = page.getByRole('dialog', { name: `Mark paid: ${vendor.businessName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Bank reference (UTR)').fill('12345');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText('The bank reference (UTR) is 12 to 22 letters and digits', { exact: false })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const utr = `SBIN${Date.now().toString().slice(-12)}`;
  await dialog.getByLabel('Bank reference (UTR)').fill(utr.toLowerCase());
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`marked paid (UTR ${utr})`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Paid' });
  await expect(page.getByTestId('payout-row').filter({ hasText: utr })).toBeVisible();

  // The seller sees it paid, with that reference.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, '/vendor/login', vendor.email, vendor.password);
  await expect(seller).toHaveURL('/vendor/dashboard');
  await seller.goto('/vendor/payouts');
  const paidRow = seller.getByRole('table', { name: 'Your weekly payouts' }).getByRole('row').filter({ hasText: utr });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow).toContainText(`UTR ${utr}`);
  await sellerContext.close();
});

test("admin opens a seller's commission plan from its link and sets its own laptop rate", async ({ page }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  const listed = (await (await page.request.get('/api/admin/payouts?pageSize=1&q=Sahyadri')).json()) as AdminPayoutsResponse;
  const vendorId = listed.items[0]!.vendorId;
  await page.goto(`/admin/payouts?vendor=${vendorId}`);
  const plan = page.getByRole('region', { name: "This seller's commission plan" });
  const planRow = plan.getByTestId('commission-plan-row');
  await expect(planRow).toContainText('Sahyadri Computers');
  await planRow.getByRole('button', { name: /Set commission plan/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Commission plan: Sahyadri Computers' });
  await dialog.getByLabel(/Laptop rate/).fill('60');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog.getByText('Enter a rate from 0% to 50%')).toBeVisible();
  await dialog.getByLabel(/Laptop rate/).fill('4.5');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(planRow).toContainText('4.5%');
  await expectNoAccessibilityViolations(page);
  // Ended again, so other stories see the demo's rates.
  await planRow.getByRole('button', { name: /Set commission plan/ }).click();
  await dialog.getByRole('button', { name: 'End plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(planRow).not.toContainText('4.5%');
});
