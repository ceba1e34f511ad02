import { readFile } from 'node:fs/promises';
import { lastCompleteMonth, type GstSalesReport, type ReturnsReport, type TcsReport } from '../../src/shared/schemas/reports';
import { DEMO_ACCOUNTS, openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { hiddenToTheRight, overlap } from './support/layout';

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
  // A demo seller: other stories sign sellers up meanwhile, after this page read its list.
  const seller = report.sellers.find((s) => s.name === DEMO_ACCOUNTS.approvedVendor.businessName)!;
  expect(seller).toBeDefined();
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

test('an admin reads every column of the GST report on a laptop, scrolls a wider table to its last column in a narrower window, where a sign says more is there, and reads its rows and totals as cards on a phone', async ({
  page,
}) => {
  await openAdminConsole(page);
  const month = lastCompleteMonth();
  const report = (await (await page.request.get(`/api/admin/reports/gst-sales?month=${month}`)).json()) as GstSalesReport;
  expect(report.b2c.length).toBeGreaterThan(0);
  expect(report.hsn.length).toBeGreaterThan(0);
  const large = 'B2C large: inter-state invoices above ₹1,00,000 (table 5)';
  const others = 'B2C others by place of supply and rate, net of their credit notes (table 7)';
  const main = page.getByRole('main');

  // A laptop: every table whole, its last column (Cess, Total) in view, no sign of more.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/reports');
  await expect(main.getByRole('table', { name: others })).toBeVisible();
  const regions = main.getByRole('region');
  expect(await regions.count()).toBeGreaterThan(2);
  for (const region of await regions.all()) {
    const name = await region.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent());
    expect(await hiddenToTheRight(region), `columns out of view in "${name}" at 1366 px`).toBe(0);
    const last = (await region.getByRole('columnheader').last().boundingBox())!;
    expect(last.x + last.width, `the last column of "${name}" at 1366 px`).toBeLessThanOrEqual(1366);
  }
  await expect(main.locator('[data-scroll-sign]')).toHaveCount(0);

  // A narrower window (a tablet, a laptop's split screen): the table scrolls in its box, a sign at the edge
  // with more; the keyboard scrolls it to its last column, where the sign moves to the other edge.
  await page.setViewportSize({ width: 800, height: 900 });
  const hsn = 'HSN summary (net of credit notes)';
  const table = main.getByRole('table', { name: hsn });
  const region = main.getByRole('region', { name: hsn });
  const signs = region.locator('xpath=..').locator('[data-scroll-sign]');
  await expect.poll(() => hiddenToTheRight(region)).toBeGreaterThan(0);
  await expect(signs).toHaveCount(1);
  await expect(signs).toHaveAttribute('data-scroll-sign', 'end');
  await expect(signs).toBeVisible();
  await region.focus();
  await expect
    .poll(async () => {
      await page.keyboard.press('ArrowRight');
      return hiddenToTheRight(region);
    })
    .toBe(0);
  await expect(signs).toHaveAttribute('data-scroll-sign', 'start');
  const cess = (await table.getByRole('columnheader', { name: 'Cess' }).boundingBox())!;
  const box = (await region.boundingBox())!;
  expect(cess.x + cess.width, 'the last column inside the box').toBeLessThanOrEqual(box.x + box.width + 1);

  // A phone: the rows and the totals as cards, every figure on the screen, nothing wider than it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main.getByRole('table')).toHaveCount(0);
  const cards = main.getByRole('list', { name: others }).getByRole('listitem');
  await expect(cards).toHaveCount(report.b2c.length + 1);
  const first = report.b2c[0]!;
  await expect(cards.first()).toContainText(`${first.placeOfSupply.code} – ${first.placeOfSupply.name}`);
  await expect(cards.first().getByRole('definition').last()).toHaveText(inr(first.cessPaise));
  const net = main.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ hasText: 'Net of credit notes' });
  const total = net.getByRole('definition').last();
  await expect(total).toHaveText(inr(report.totals.net.totalPaise));
  await total.scrollIntoViewIfNeeded();
  await expect(total).toBeInViewport({ ratio: 1 });
  if (report.b2cl.length > 0)
    await expect(main.getByRole('list', { name: large }).getByRole('listitem')).toHaveCount(report.b2cl.length + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await expectNoAccessibilityViolations(page);
});

test("an admin and a seller on a phone see that their menu row scrolls, with their page's entry in view", async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminConsole(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const signs = nav.locator('xpath=..').locator('[data-scroll-sign]');
  // On the first page, more entries to the right.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(signs).toHaveCount(1);
  await expect(signs).toHaveAttribute('data-scroll-sign', 'end');
  await expect(signs).toBeVisible();
  // A page far along the row: its entry is scrolled into view, clear of the signs at both edges.
  await page.goto('/admin/reports');
  const reports = nav.getByRole('link', { name: 'Reports' });
  await expect(reports).toHaveAttribute('aria-current', 'page');
  await expect(reports).toBeInViewport({ ratio: 1 });
  await expect(signs).toHaveCount(2);
  for (const sign of await signs.all()) expect(await overlap(reports, sign), 'a sign covers the current entry').toBe(false);
  // A window narrowed from a laptop's: the entry is brought into view then too.
  await page.setViewportSize({ width: 1366, height: 844 });
  await page.goto('/admin/settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
  await expectNoAccessibilityViolations(page);

  const seller = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/vendor/account');
  const sellerNav = sellerPage.getByRole('navigation', { name: 'Seller centre' });
  const account = sellerNav.getByRole('link', { name: 'Account & security' });
  await expect(account).toHaveAttribute('aria-current', 'page');
  await expect(account).toBeInViewport({ ratio: 1 });
  await expect(sellerNav.locator('xpath=..').locator('[data-scroll-sign="start"]')).toBeVisible();
  await seller.close();
});
