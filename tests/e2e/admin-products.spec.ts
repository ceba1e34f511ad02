import { randomInt } from 'node:crypto';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ACCOUNTS, openAdminConsole, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { verifyEmailFromMailbox } from './support/mailbox';
import { listMonitor } from './support/seller-products';

/** The width the browser decoded the picture at: 0 while it loads or when it could not be shown. */
const shownWidth = (picture: Locator) => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test('admin hides a product with a reason, the shop stops selling it and the vendor reads why; restoring puts it back', async ({
  page,
  browser,
}) => {
  // The seller lists a monitor of its own, in a browser of its own.
  const seller = await browser.newContext();
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const name = `LG Hadapsar ${Date.now().toString(36).toUpperCase()} 24-inch Monitor`;
  const productId = await listMonitor(seller.request, 'LG', name, { warranty: '3 years', warrantyMonths: '36' });
  const front = await sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 30, g: 80, b: 150 } } })
    .png()
    .toBuffer();
  const uploaded = await seller.request.post(`/api/vendor/products/${productId}/images`, {
    data: front,
    headers: { 'content-type': 'image/png' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage products' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name, model or SKU' }).fill(name);
  await page.getByRole('searchbox', { name: 'Name, model or SKU' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Pune Tech Hub');
  await expect(row).toContainText('On sale');
  await expectNoAccessibilityViolations(page);

  const reason = 'The pictures show a 27-inch model; add pictures of this one.';
  await row.getByRole('button', { name: `Hide ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hide ${name}?` });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Hide product' }).click();
  await expect(page.getByText(`${name} is hidden from the shop.`)).toBeVisible();
  await expect(row).toContainText('Hidden by the shop');
  await expect(row).toContainText(reason);

  // A shopper can no longer find or open it.
  const shopper = await browser.newContext();
  const product = await shopper.request.get(`/api/catalogue/products/${productId}`);
  expect(product.status()).toBe(404);

  // The seller sees it hidden, with the reason.
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/vendor/products');
  const own = sellerPage.getByRole('row').filter({ hasText: name });
  await expect(own).toContainText('Hidden by the shop');
  await expect(own).toContainText(reason);
  // Hidden from the shop, its picture still shows to its seller and to the admin who asked for a new one.
  await expect.poll(() => shownWidth(own.locator('img'))).toBeGreaterThan(0);
  const facts = await page.context().newPage();
  await facts.goto(`/admin/products/${productId}`);
  const pictures = facts.getByRole('region', { name: 'Pictures' });
  await expect(pictures).toContainText('1 picture, the first one the main.');
  await pictures.scrollIntoViewIfNeeded(); // the pictures load as they come into view
  await expect.poll(() => shownWidth(pictures.locator('img'))).toBeGreaterThan(0);
  await facts.close();

  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(row).toContainText('On sale');
  expect((await shopper.request.get(`/api/catalogue/products/${productId}`)).status()).toBe(200);
  await shopper.close();
  await seller.close();
});

test("admin reads every product's status on a laptop's screen", async ({ page }) => {
  await openAdminConsole(page);
  await page.goto('/admin/products');
  const table = page.getByRole('table', { name: /Products of every seller/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // At 1280 to 1440 px the whole table fits: nothing slides under the Actions column kept at the right.
  for (const width of [1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const box = page.getByRole('region', { name: /Products of every seller/ });
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} px`).toBe(true);
    const status = (await table.getByRole('columnheader', { name: 'Status' }).boundingBox())!;
    const actions = (await table.getByRole('columnheader', { name: 'Actions' }).boundingBox())!;
    expect(status.x + status.width, `${width} px`).toBeLessThanOrEqual(actions.x + 1);
  }
});

test('admin works the products list as cards on a phone, Hide under each product', async ({ page }) => {
  await openAdminConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/products');
  const first = page
    .getByRole('region', { name: /Products of every seller/ })
    .getByRole('listitem')
    .first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(first.getByRole('term').filter({ hasText: 'Status' })).toBeVisible();
  const hide = first.getByRole('button', { name: /^(Hide|Restore) / });
  await hide.scrollIntoViewIfNeeded();
  const button = (await hide.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAccessibilityViolations(page);
});

test("an admin finds a suspended seller's products out of the shop, with no link to it and no Feature, and the seller reads why", async ({
  page,
  browser,
}) => {
  test.slow();
  // A new seller is approved, lists a monitor, and is then suspended.
  const seller = await browser.newContext();
  const email = uniqueEmail('vendor');
  const businessName = `Bhosari Displays ${Date.now().toString(36)}`;
  const registered = await seller.request.post('/api/vendors/register', {
    data: {
      name: 'Ketan Lonkar',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: `98${String(randomInt(10_000_000, 99_999_999))}`,
      pickupLine1: 'Plot 7, Bhosari MIDC',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411026',
    },
  });
  expect(registered.status()).toBe(201);
  const vendorId = ((await registered.json()) as { user: { vendor: { id: string } } }).user.vendor.id;
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await verifyEmailFromMailbox(page, await seller.newPage(), email);
  const decide = (decision: string) =>
    page.request.post(`/api/admin/vendors/${vendorId}/decision`, { data: { decision, reason: 'Three orders not shipped this week' } });
  expect((await decide('approve')).status()).toBe(200);
  // Trusted, so its new monitor goes on sale without the review queue (decision 70).
  expect((await page.request.put(`/api/admin/vendors/${vendorId}/trust`, { data: { trusted: true } })).status()).toBe(200);
  const name = `LG Bhosari ${Date.now().toString(36).toUpperCase()} 24-inch Monitor`;
  const productId = await listMonitor(seller.request, 'LG', name);
  expect((await decide('suspend')).status()).toBe(200);
  expect((await seller.request.get(`/api/catalogue/products/${productId}`)).status()).toBe(404);

  // Manage products says what the shopper sees, and its Status filter finds it.
  await page.goto('/admin/products');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Seller suspended');
  await page.getByRole('searchbox', { name: 'Name, model or SKU' }).fill(name);
  await page.getByRole('searchbox', { name: 'Name, model or SKU' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Seller suspended');
  await expect(row).not.toContainText('On sale');
  await expect(row.getByRole('link', { name: /View in the shop/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Feature ${name}` })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Its page says why, without a link to a page the shop does not have.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`${businessName} is suspended, so none of its products are in the shop`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View in the shop' })).toHaveCount(0);

  // The seller's own list says the same, with the shop's reason, and offers no change the server refuses.
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/vendor/products');
  await expect(sellerPage.getByText('Your vendor account is suspended')).toBeVisible();
  await expect(sellerPage.getByText('Reason given: Three orders not shipped this week')).toBeVisible();
  const own = sellerPage.getByRole('row').filter({ hasText: name });
  await expect(own).toContainText('Out of the shop');
  await expect(own.getByRole('link', { name: 'View in the shop' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: `Change price of ${name}` })).toHaveCount(0);
  await expectNoAccessibilityViolations(sellerPage);
  await own.getByRole('link', { name }).click();
  await expect(sellerPage.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await seller.close();
});
