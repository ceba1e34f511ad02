import type { Download } from '@playwright/test';
import type { LedgerResponse } from '../../src/shared/schemas/payouts';
import { DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

async function textOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const monthOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date(iso)).slice(0, 7);
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

test('a vendor reads the payout statement of a paid week, the deductions behind it and its ledger, on a desktop and a phone', async ({
  page,
}) => {
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL('/vendor/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  // The three totals; the demo history has paid payouts, so something is paid to date.
  const money = page.getByLabel('Your money');
  await expect(money.getByText('Payable now')).toBeVisible();
  await expect(money.getByText('In the return window')).toBeVisible();
  await expect(money.getByRole('definition').nth(4)).not.toHaveText('₹0.00');

  // The weekly payouts: paid ones with the bank's reference, the latest still to be paid.
  const payouts = page.getByRole('table', { name: 'Your weekly payouts' });
  const paidRow = payouts.getByRole('row').filter({ hasText: 'UTR' }).first();
  await expect(paidRow).toContainText(/UTR HDFCN5\d{14}/);
  // The newest payout is the one still to be paid. From Monday in India, the week just ended is
  // settled too, so then two are.
  await expect(payouts.getByRole('row').nth(1)).toContainText('To be paid');
  await paidRow.getByRole('button', { name: /Lines of the payout for/ }).click();
  const lines = payouts.getByRole('listitem').filter({ hasText: /SC-\d{6}/ });
  await expect(lines.first()).toContainText('→');

  // What is deducted, and under which law.
  const deductions = page.getByRole('region', { name: 'What is deducted, and why' });
  await expect(deductions).toContainText('Section 52 of the CGST Act');
  await expect(deductions).toContainText('Section 194-O of the Income-tax Act');
  await expect(deductions).toContainText('You are charged 0.1%.');

  // The ledger, filtered to the paid lines: the filter is in the address.
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Paid' });
  await expect(page).toHaveURL('/vendor/payouts?state=paid');
  const ledger = page.getByRole('table', { name: /Your delivered lines/ });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const paidLines = ledger.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(paidLines.first()).toContainText('Paid');
  await expect(ledger.getByRole('row').filter({ hasText: 'In return window' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The statement of the month of the latest paid line, as CSV and PDF.
  const latestPaid = ((await (await page.request.get('/api/vendor/payouts/ledger?state=paid&pageSize=1')).json()) as LedgerResponse)
    .items[0]!;
  const month = monthOf(latestPaid.deliveredAt);
  await page.getByLabel('Statement month').fill(month);
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${monthName(month)} (CSV)` }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`statement-${month}.csv`);
  const csvText = (await textOf(csv)).toString('utf8');
  expect(csvText).toContain(
    'delivered_on,order,description,category,quantity,sale,coupon_share,taxable_value,commission_rate,commission,gst_on_commission',
  );
  expect(csvText).toContain(latestPaid.orderNumber);
  expect(csvText).toMatch(/\nTotal,/);
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${monthName(month)} (PDF)` }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`statement-${month}.pdf`);
  expect((await textOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

  // On a phone: the totals stack, the tables scroll in their own boxes, the page never sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(money.getByText('Paid to date')).toBeVisible();
  await expect(page.getByRole('region', { name: /Your delivered lines/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});
