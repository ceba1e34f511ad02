import type { APIRequestContext } from '@playwright/test';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { expectEmail, linkInEmail, openMailbox } from './support/mailbox';

/** A monitor the seller lists, sold out, through its own API (its request context holds the seller's session). */
async function listSoldOutMonitor(seller: APIRequestContext, name: string): Promise<string> {
  const created = await seller.post('/api/vendor/products', {
    data: {
      category: 'Monitor',
      brand: 'BenQ',
      name,
      description: 'A 24-inch Full HD IPS monitor at 100 Hz for the office, with low blue light and a tilting stand.',
      price: '9,499',
      mrp: '12,500',
      hsnCode: '85285200',
      gstRatePercent: 18,
      stock: '0',
      warranty: '3 years onsite',
      warrantyMonths: '36',
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
      weightKg: '3.8',
      lengthCm: '62',
      widthCm: '14',
      heightCm: '42',
      status: 'active',
      screenSizeIn: '24',
      resolution: '1920 x 1080',
      resolutionName: 'Full HD',
      panelType: 'IPS',
      refreshRateHz: '100',
      ports: 'HDMI; DisplayPort',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { product: { id: string } }).product.id;
}

test('customer asks to be notified and receives the e-mail when a vendor restocks', async ({ page, browser }) => {
  // The seller has a monitor on sale that has sold out.
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const seller = await browser.newContext();
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const run = Date.now().toString(36).toUpperCase();
  const name = `BenQ Sinhagad ${run} 24-inch Monitor`;
  const productId = await listSoldOutMonitor(seller.request, name);

  // A signed-in customer finds it sold out and asks to be told when it is back: one click.
  const customer = await createCustomer(page.request, 'Meera Joshi');
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Currently out of stock')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  const notify = page.getByRole('button', { name: 'Notify me when it’s back' });
  await expect(notify).toBeEnabled();
  await expect(page.getByLabel('Your e-mail address')).toHaveCount(0);
  await notify.click();
  await expect(page.getByText(`We’ll e-mail you at ${customer.email} when it’s back in stock.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused();
  await expectNoAccessibilityViolations(page);

  // The account's alerts list it as waiting.
  await page.getByRole('button', { name: 'Account menu for Meera Joshi' }).click();
  await page.getByRole('menuitem', { name: 'Back-in-stock alerts' }).click();
  await expect(page).toHaveURL('/account/alerts');
  const alert = page.getByRole('list', { name: 'Your back-in-stock alerts' }).getByRole('listitem').filter({ hasText: name });
  await expect(alert).toContainText('Waiting since');
  await expect(alert.getByRole('link', { name })).toHaveAttribute('href', `/product/${productId}`);
  await expectNoAccessibilityViolations(page);

  // The vendor receives five and sets the stock in the seller centre.
  const vendorPage = await seller.newPage();
  await signIn(vendorPage, '/vendor/login', vendor.email, vendor.password);
  await expect(vendorPage).toHaveURL('/vendor/dashboard');
  await vendorPage.goto(`/vendor/products?q=${encodeURIComponent(run)}`);
  await vendorPage.getByRole('button', { name: `Change stock of ${name}` }).click();
  const stock = vendorPage.getByRole('textbox', { name: `New stock of ${name}` });
  await stock.fill('5');
  await stock.press('Enter');
  await expect(vendorPage.getByText(`${name}: 5 in stock`)).toBeVisible();

  // The alert job e-mails the customer (every 2 s in the stories), once.
  const mailbox = await openMailbox(browser);
  const subject = `Back in stock: ${name}`;
  await expect(async () => expectEmail(mailbox, customer.email, subject)).toPass({ timeout: 30_000 });
  await expect(mailbox.getByRole('link').filter({ hasText: subject }).filter({ hasText: customer.email })).toHaveCount(1);

  // The account page says when it went out; the product page sells it again.
  await page.reload();
  await expect(alert).toContainText('E-mailed on');
  await expect(alert).toContainText('In stock now');
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Notify me when it’s back' })).toHaveCount(0);

  // The e-mail's stop link works without signing in.
  const stopLink = await linkInEmail(mailbox, customer.email, subject);
  expect(stopLink).toContain('/back-in-stock/stop?token=');
  const stranger = await browser.newPage();
  await stranger.goto(stopLink);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Stop back-in-stock e-mails' })).toBeVisible();
  await expect(stranger.getByText('Alerts stopped')).toBeVisible();
  await expect(stranger.getByRole('link', { name: `See ${name}` })).toHaveAttribute('href', `/product/${productId}`);
  await expectNoAccessibilityViolations(stranger);
  await stranger.close();
  await seller.close();
});
