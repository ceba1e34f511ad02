import { readFile } from 'node:fs/promises';
import { lastCompleteMonth, type GstSalesReport, type ReturnsReport, type TcsReport } from '../../src/shared/schemas/reports';
import { openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

const inr = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
const rupees = (paise: number) => (paise / 100).toFixed(2);

test('an admin downloads the GST report', async ({ page }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  // The last complete month (India time) by default: the demo shop has orders in it.
  const month = lastCompleteMonth();
  // As the page names it: "October 2026".
  const monthName = new Date(`${month}-15T12:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByLabel('Month')).toHaveValue(month);
  const report = (await (await page.request.get(`/api/admin/reports/gst-sales?month=${month}`)).json()) as GstSalesReport;
  expect(report.invoices).toBeGreaterThan(0);
  // Inter-state invoices above ₹1,00,000 are listed one by one (table 5); the rest by state and rate (table 7).
  const large = 'B2C large: inter-state invoices above ₹1,00,000 (table 5)';
  await expect(page.getByRole('heading', { level: 2, name: large })).toBeVisible();
  if (report.b2cl.length === 0) await expect(page.getByText('No inter-state invoice above ₹1,00,000 in this month.')).toBeVisible();
  else await expect(page.getByRole('table', { name: large }).getByRole('row')).toHaveCount(report.b2cl.length + 2);
  const b2c = page.getByRole('table', { name: 'B2C others by place of supply and rate, net of their credit notes (table 7)' });
  await expect(b2c.getByRole('row')).toHaveCount(report.b2c.length + 2);
  await expect(b2c).toContainText(`${report.b2c[0]!.placeOfSupply.code} – ${report.b2c[0]!.placeOfSupply.name}`);
  await expect(page.getByRole('table', { name: 'HSN summary (net of credit notes)' })).toContainText('NOS');
  const net = page.getByRole('table', { name: 'Totals' }).getByRole('row').filter({ hasText: 'Net of credit notes' });
  await expect(net).toContainText(inr(report.totals.net.totalPaise));
  await expectNoAccessibilityViolations(page);

  // The CSV: its name, its heading row and the net total the screen shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe(`gst-sales-${month}.csv`);
  const csv = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(csv[0]).toBe(`GST sales report (GSTR-1),${month},All sellers`);
  expect(csv).toContain('"B2C large (table 5): inter-state invoices above Rs 1,00,000"'); // quoted: it holds commas
  expect(csv).toContain('"B2C others (table 7): place of supply and rate, net of their credit notes"');
  expect(csv.at(-1)).toMatch(new RegExp(`^Net of credit notes,.*,${rupees(report.totals.net.totalPaise).replace('.', '\\.')}$`));

  // One seller's own GSTR-1 view: the filter goes into the address.
  const seller = report.sellers[0]!;
  await page.getByLabel('Seller').selectOption(seller.id);
  await expect(page).toHaveURL(new RegExp(`vendor=${seller.id}`));
  await expect(page.getByText(`${seller.name} (GSTIN ${seller.gstin ?? 'not given'}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', new RegExp(`vendor=${seller.id}`));

  // The marketplace's TCS (GSTR-8) of the month, per seller GSTIN.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'TCS (GSTR-8)' }).click();
  const tcs = (await (await page.request.get(`/api/admin/reports/tcs?month=${month}`)).json()) as TcsReport;
  await expect(page.getByRole('heading', { level: 2, name: `TCS (GSTR-8), ${monthName}` })).toBeVisible();
  if (tcs.rows.length) {
    await expect(
      page
        .getByRole('table', { name: `TCS (GSTR-8), ${monthName}` })
        .getByRole('row')
        .last(),
    ).toContainText(inr(tcs.totals.tcsPaise));
  }
  await expectNoAccessibilityViolations(page);

  // On a phone the tables scroll inside their boxes.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(1);
  // So do the GST report's, under titles that wrap to the screen; its seller list (names with GSTINs) fits too.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'GST sales (GSTR-1)' }).click();
  const title = page.getByRole('heading', { level: 2, name: 'B2C large: inter-state invoices above ₹1,00,000 (table 5)' });
  await expect(title).toBeVisible();
  const { x, width } = (await title.boundingBox())!;
  expect(x + width).toBeLessThanOrEqual(390);
  await expect(page.getByLabel('Seller')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(1);
});

test('an admin sees the returns of a month, which went back in stock and which were written off', async ({ page }) => {
  await openAdminConsole(page);
  // The demo shop's returns were received in the last few months: the latest month that has one.
  const now = new Date(Date.now() + 330 * 60_000);
  const months = [0, 1, 2, 3].map((back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
  let report: ReturnsReport | undefined;
  for (const month of months) {
    const r = (await (await page.request.get(`/api/admin/reports/returns?month=${month}`)).json()) as ReturnsReport;
    if (r.rows.length > 0) {
      report = r;
      break;
    }
  }
  expect(report, 'a month with a return in the demo data').toBeDefined();
  const { month, rows, totals } = report!;
  const monthName = new Date(`${month}-15T12:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

  await page.goto('/admin/reports');
  const returnsTab = page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Returns' });
  await returnsTab.click();
  // As a person does: the Returns report shown, then its month chosen. React Router renders a new
  // location in a transition, and a month set before it shows would be set on the report before it.
  await expect(returnsTab).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Month').fill(month);
  await expect(page).toHaveURL(new RegExp(`report=returns.*month=${month}|month=${month}.*report=returns`));
  const table = page.getByRole('table', { name: `Returns received, ${monthName}` });
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  const first = rows[0]!;
  const row = table.getByRole('row').filter({ hasText: first.orderNumber }).first();
  await expect(row).toContainText(first.condition === 'damaged' ? 'Written off' : 'Back in stock');
  await expect(row).toContainText(inr(first.valuePaise));
  await expect(page.getByText(`${inr(totals.damagedPaise)} written off.`)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The order it came from, one click away.
  await row.getByRole('link', { name: first.orderNumber }).click();
  await expect(page).toHaveURL(`/admin/orders/${first.orderId}`);
  await page.goBack();

  // The CSV for the accountant: the same returns, the value in rupees.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe(`returns-${month}.csv`);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv).toContain(`,${first.orderNumber},`);
  expect(csv).toContain(rupees(first.valuePaise));
});
