import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ProductListResponse, VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import { DEMO_ACCOUNTS, signIn } from './support/accounts';
import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

/** A product photo as a phone would send it. */
const photo = (r: number, g: number, b: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background: { r, g, b } } })
    .toFormat(format)
    .toBuffer();

test('vendor lists a new laptop with two pictures and finds it in the shop’s search', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  const name = `Vivobook Saffronpeak ${Date.now().toString(36)} Core i5 16 GB 512 GB`;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();

  // Saving empty shows the shared rules' messages before anything is sent.
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Enter the processor of this laptop')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('textbox', { name: 'Brand' }).fill('Asus');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Your SKU' }).fill(`SP-${Date.now()}`);
  const specs = page.getByRole('region', { name: 'Laptop specifications' });
  await specs.getByLabel('Processor', { exact: true }).fill('Intel Core i5-13420H');
  await specs.getByLabel('Processor family').fill('Intel Core i5');
  await specs.getByLabel('RAM (GB)').fill('16');
  await specs.getByLabel('Storage (GB)').fill('512');
  await specs.getByLabel('Storage type').fill('SSD');
  await specs.getByLabel('Graphics').fill('Intel UHD Graphics');
  await specs.getByLabel('Operating system').fill('Windows 11 Home');
  await specs.getByLabel('Screen size (inches)').fill('15.6');
  await specs.getByLabel('Resolution', { exact: true }).fill('1920 x 1080');
  await specs.getByLabel('Resolution name').fill('Full HD');
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('A 15.6-inch everyday laptop for college and office work, with a full-size keyboard and a number pad.');
  await page.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('52,990');
  await page.getByRole('textbox', { name: 'MRP (₹)', exact: true }).fill('64,990');
  await expect(page.getByText('Customers see 18% off')).toBeVisible();
  await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('6');
  await page.getByRole('textbox', { name: 'Packed weight (kg)' }).fill('2.4');
  await page.getByRole('textbox', { name: 'Box length (cm)' }).fill('45');
  await page.getByRole('textbox', { name: 'Box width (cm)' }).fill('32');
  await page.getByRole('textbox', { name: 'Box height (cm)' }).fill('9');
  // Where it is made and who imports it, as a product going on sale must say (decision 73).
  const origin = page.getByRole('region', { name: 'Origin' });
  await origin.getByLabel('Country of origin').fill('China');
  await origin.getByLabel('Importer (made abroad)').fill('ASUS India Pvt Ltd');
  await origin
    .getByLabel("Importer's address")
    .fill('4C, Gundecha Onclave, Kherani Road, Saki Naka, Andheri East, Mumbai, Maharashtra 400072');
  await page.getByRole('radio', { name: /On sale/ }).check();
  await page.getByRole('button', { name: 'Save product' }).click();

  // Saved: the edit page of the new product, where pictures go.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/products\/prd_/);
  await page.getByLabel('Choose pictures to upload').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await photo(20, 60, 140, 'png') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 120, 20, 'jpeg') },
  ]);
  const ordered = page.getByRole('list', { name: 'Pictures in order' });
  await expect(ordered.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const srcOf = (i: number) => ordered.getByRole('listitem').nth(i).getByRole('img').getAttribute('src');
  const [first, second] = [await srcOf(0), await srcOf(1)];
  const secondId = /images\/([^/]+)\//.exec(second!)![1]!;

  // The second becomes the main picture, from the keyboard: its "Main" button.
  await page.waitForLoadState('networkidle');
  await ordered.getByRole('button', { name: 'Make picture 2 the main picture' }).focus();
  await page.keyboard.press('Enter');
  await expect(ordered.getByRole('listitem').first().getByRole('img')).toHaveAttribute('src', second!);
  await expect(ordered.getByRole('listitem').nth(1).getByRole('img')).toHaveAttribute('src', first!);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Dragged back from the keyboard: Space picks the picture up, an arrow moves it, Space drops it,
  // and a screen reader hears each step (picked up, and at once over its own place).
  await ordered.getByRole('button', { name: 'Move picture 2', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Over position 2 of 2.' })).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('status').filter({ hasText: 'Over position 1 of 2.' })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Picture moved to position 1.' })).toBeAttached();
  await expect(ordered.getByRole('listitem').first().getByRole('img')).toHaveAttribute('src', first!);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // The order is the server's: a fresh load shows it too. Then the second becomes main again, by its button.
  await page.reload();
  await expect(ordered.getByRole('listitem').first().getByRole('img')).toHaveAttribute('src', first!);
  await page.waitForLoadState('networkidle');
  await ordered.getByRole('button', { name: 'Make picture 2 the main picture' }).focus();
  await page.keyboard.press('Enter');
  await expect(ordered.getByRole('listitem').first().getByRole('img')).toHaveAttribute('src', second!);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  // On a phone two pictures share a row, each with its buttons inside its card.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ordered.getByRole('button', { name: 'Delete picture 2' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await page.setViewportSize(desktop);

  // The shop finds it by name and by its specifications, with its main picture.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search products' }).fill('saffronpeak 16gb');
  await page.keyboard.press('Enter');
  const card = page.getByRole('link', { name: new RegExp(name.slice(0, 30)) }).first();
  await expect(card).toBeVisible();
  // Its own product: a repeated run of this story lists Saffronpeaks of its own.
  const found = (await (await page.request.get(`/api/catalogue/products?q=${encodeURIComponent(name)}`)).json()) as ProductListResponse;
  expect(found.items.find((item) => item.name === name)?.image?.id).toBe(secondId);
});

test('vendor changes a price from the list and archives a product so it leaves the shop', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.goto('/vendor/products?status=active&sort=-price');
  const table = page.getByRole('table', { name: /Your products/ });
  const answer = await page.request.get('/api/vendor/products?status=active&sort=-price&pageSize=10');
  expect(answer.ok(), await answer.text()).toBe(true);
  const top = (await answer.json()) as VendorProductsResponse;
  const firstName = top.items[0]!.name;
  const newPrice = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(top.items[0]!.pricePaise / 100 - 1000);

  await table.getByRole('button', { name: `Change price of ${firstName}` }).click();
  const input = table.getByRole('textbox', { name: `New price of ${firstName}` });
  await input.fill(newPrice.replace('₹', ''));
  await input.press('Enter');
  await expect(page.getByText(`${firstName}: price is now ${newPrice}`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: firstName })).toContainText(newPrice);

  // Archive it with the bulk bar: it leaves the shop's search at once.
  await page.goto('/vendor/products?status=active&sort=-price');
  await table.getByRole('checkbox', { name: `Select ${firstName}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('1 selected');
  await bar.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog', { name: 'Archive 1 product?' }).getByRole('button', { name: 'Archive 1 product' }).click();
  await expect(page.getByText('1 product archived')).toBeVisible();
  await expect(table.getByRole('rowheader').filter({ hasText: firstName })).toHaveCount(0);
  const search = (await (
    await page.request.get(`/api/catalogue/products?q=${encodeURIComponent(firstName)}`)
  ).json()) as ProductListResponse;
  expect(search.items.map((p) => p.name)).not.toContain(firstName);

  // On a phone the product form fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/vendor/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

/**
 * The template of monitors filled in: a row per [sku, name, price] (a price above the MRP is a row with an error), each
 * its own product (its product_key its SKU) of one configuration.
 */
async function monitorsCsv(page: Page, rows: [string, string, string][]) {
  const template = await page.request.get('/api/vendor/products/import/template?category=Monitor');
  expect(template.ok()).toBe(true);
  const [header, example] = (await template.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  const row = ([sku, name, price]: [string, string, string]) =>
    example!
      .replace('dell-p-series-qhd-usb-c', sku.toLowerCase())
      .replace('MON-001-27', sku)
      .replace('Dell P Series QHD Monitor USB-C Hub', name)
      .replace(',28990,', `,${price},`)
      .replace(',draft', ',active');
  return [header, ...rows.map(row)].join('\n');
}

async function openImportPage(page: Page) {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.goto('/vendor/products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
}

test('vendor imports a CSV with one bad row, follows its progress, and the good rows reach the shop', async ({ page }) => {
  await openImportPage(page);
  const stamp = Date.now().toString(36);
  const csv = await monitorsCsv(page, [
    [`CSV-${stamp}-1`, `Dell Quartzvale ${stamp} 27 QHD`, '27990'],
    [`CSV-${stamp}-2`, `Dell Quartzvale ${stamp} 24 FHD`, '17990'],
    [`CSV-${stamp}-3`, `Dell Quartzvale ${stamp} 32 4K`, '49990'],
  ]);
  await page
    .getByLabel('Choose a CSV file to import')
    .setInputFiles({ name: 'monitors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(page.getByRole('status').filter({ hasText: 'monitors.csv' })).toContainText('2 new, 0 to update, 1 with errors');
  const rows = page.getByRole('region', { name: 'Rows of the file' });
  await expect(rows.getByRole('row').filter({ hasText: `CSV-${stamp}-3` })).toContainText('price: Price must not be above the MRP');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Import 2 rows' }).click();

  // The shop writes the rows in the background; the page follows the import until it is done, and says so.
  const result = page.getByRole('status').filter({ hasText: 'products added' });
  await expect(result).toContainText('monitors.csv: 2 products added; 1 row with errors left out.');
  // The row left out is still named with its error once the preview is gone.
  await result.getByText('See the 1 row left out and why').click();
  await expect(result.getByRole('listitem')).toHaveText(`Line 4 (SKU CSV-${stamp}-3): price: Price must not be above the MRP`);
  await expect(page.getByText('monitors.csv imported: 2 products added')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Your imports' });
  await expect(recent.getByRole('row').filter({ hasText: 'monitors.csv' }).first()).toContainText('Done');
  await expectNoAccessibilityViolations(page);

  const found = (await (await page.request.get(`/api/catalogue/products?q=quartzvale`)).json()) as ProductListResponse;
  expect(found.items.map((p) => p.name).sort()).toEqual([`Dell Quartzvale ${stamp} 24 FHD`, `Dell Quartzvale ${stamp} 27 QHD`]);
});

test('vendor leaves an import running and finds it finished in the imports list', async ({ page }) => {
  await openImportPage(page);
  const stamp = Date.now().toString(36);
  const fileName = `catalogue-${stamp}.csv`;
  const rows = Array.from({ length: 2_000 }, (_, i): [string, string, string] => [
    `BIG-${stamp}-${i}`,
    `Dell Ridgemoor ${stamp} ${i} 27 QHD`,
    String(20_000 + i),
  ]);
  await page
    .getByLabel('Choose a CSV file to import')
    .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(await monitorsCsv(page, rows)) });
  await page.getByRole('button', { name: 'Import 2,000 rows' }).click();
  await expect(page.getByText('You can leave this page')).toBeVisible();

  // Off to the products list while the rows are written, then back.
  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'Import CSV' }).click();
  const row = page.getByRole('region', { name: 'Your imports' }).getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText('Done', { timeout: 60_000 });
  await expect(row).toContainText('2,000');

  // On a phone the list scrolls sideways in its own box; the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const found = (await (await page.request.get(`/api/vendor/products?q=Ridgemoor ${stamp}&pageSize=1`)).json()) as VendorProductsResponse;
  expect(found.total).toBe(2_000);
});

test('seller imports a CSV whose rows carry picture addresses and sees the pictures on the product', async ({ page }) => {
  // The seller's pictures on a web server of their own (here on this machine): two photos and an address that is gone.
  const photos: Record<string, Buffer> = {
    '/monitor/front.jpg': await photo(30, 90, 170, 'jpeg'),
    '/monitor/side.png': await photo(200, 140, 40, 'png'),
  };
  const server = http.createServer((req, res) => {
    const body = photos[req.url!];
    if (body) res.writeHead(200, { 'content-type': req.url!.endsWith('.png') ? 'image/png' : 'image/jpeg' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await openImportPage(page);
    await expect(page.getByText(/Pictures go in the picture_urls column/)).toBeVisible();
    const stamp = Date.now().toString(36);
    const name = `Dell Lumaridge ${stamp} 27 QHD`;
    const [header, row] = (await monitorsCsv(page, [[`PIC-${stamp}`, name, '26990']])).split('\n');
    // The template's last column is picture_urls, empty: the row's addresses go there.
    expect(header).toMatch(/,picture_urls\r?$/);
    const csv = `${header}\n${row!.replace(/\r?$/, `"${base}/monitor/front.jpg\n${base}/monitor/side.png; ${base}/monitor/back.jpg"`)}\n`;
    await page
      .getByLabel('Choose a CSV file to import')
      .setInputFiles({ name: 'monitors-with-pictures.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('status').filter({ hasText: 'monitors-with-pictures.csv' })).toContainText(
      '1 new, 0 to update, 0 with errors; 3 picture addresses to fetch once the rows are written',
    );
    await expect(page.getByRole('region', { name: 'Rows of the file' }).getByRole('row').filter({ hasText: name })).toContainText(
      '3 pictures to fetch',
    );
    await page.getByRole('button', { name: 'Import 1 row' }).click();

    // The rows first, then the pictures: what was added, and the address that gave none with why.
    const result = page.getByRole('status').filter({ hasText: 'monitors-with-pictures.csv: 1 product added' });
    await expect(result).toContainText('monitors-with-pictures.csv: 1 product added.');
    await expect(result).toContainText('Pictures: 2 of 3 added; 1 could not be fetched.', { timeout: 30_000 });
    await expect(result.getByRole('list', { name: 'Pictures not added' }).getByRole('listitem')).toHaveText(
      `Line 2 (SKU PIC-${stamp}): ${base}/monitor/back.jpg — The address answered 404`,
    );
    await expectNoAccessibilityViolations(page);

    // The product has the two pictures, in the order of the cell, and they show.
    const found = (await (
      await page.request.get(`/api/vendor/products?q=${encodeURIComponent(`Lumaridge ${stamp}`)}`)
    ).json()) as VendorProductsResponse;
    expect(found.items).toHaveLength(1);
    await page.goto(`/vendor/products/${found.items[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const ordered = page.getByRole('list', { name: 'Pictures in order' });
    await expect(ordered.getByRole('listitem')).toHaveCount(2);
    for (const img of await ordered.getByRole('img').all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    // Told apart by colour: the front (blue) first, the side (amber) second.
    const colourOf = async (i: number) => {
      const src = await ordered.getByRole('img').nth(i).getAttribute('src');
      const bytes = Buffer.from(await (await page.request.get(src!)).body());
      const { dominant } = await sharp(bytes).stats();
      return dominant.b > dominant.r ? 'blue' : 'amber';
    };
    expect([await colourOf(0), await colourOf(1)]).toEqual(['blue', 'amber']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
