import { randomUUID } from 'node:crypto';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { packWithSerials } from './support/serials';

test('vendor moves between dashboard, products, orders and profile in the seller centre', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');

  const nav = page.getByRole('navigation', { name: 'Seller centre' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Products',
    'Orders',
    'Quotes',
    'Payouts',
    'E-invoices',
    'Profile',
    'Account & security',
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Your vendor account is approved' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your figures' }).getByText('Sales (GST included)')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Products: the vendor's own, as the API lists them, sortable by price.
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL('/vendor/products');
  const table = page.getByRole('table', { name: /Your products/ });
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  const mine = (await (await page.request.get('/api/vendor/products?pageSize=20')).json()) as VendorProductsResponse;
  expect(mine.total).toBeGreaterThan(0);
  await expect(table.getByRole('rowheader')).toHaveCount(Math.min(20, mine.total));
  await table.getByRole('button', { name: 'Price', exact: true }).click();
  await expect(page).toHaveURL('/vendor/products?sort=price');
  await expect(table.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending');
  const cheapest = (await (await page.request.get('/api/vendor/products?sort=price&pageSize=1')).json()) as VendorProductsResponse;
  await expect(table.getByRole('rowheader').first()).toContainText(cheapest.items[0]!.name);
  await page.getByLabel('Category').selectOption({ label: 'Monitors' });
  await expect(page).toHaveURL('/vendor/products?category=Monitor&sort=price');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(table.getByRole('row').nth(1)).toContainText('Monitor');
  await expectNoAccessibilityViolations(page);

  // Orders and profile.
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Your orders/ }).or(page.getByRole('heading', { name: 'No orders yet' }))).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(vendor.gstin)).toBeVisible();
  await expect(page.getByRole('main').getByText(vendor.email)).toBeVisible();

  // Back returns to the orders, then to the sorted products.
  await page.goBack();
  await expect(page).toHaveURL('/vendor/orders');
  await page.goBack();
  await expect(page).toHaveURL('/vendor/products?category=Monitor&sort=price');

  // On a phone the sidebar becomes a row and each product a card, its buttons under it: nothing is
  // two screens to the right, and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const products = page.getByRole('region', { name: /Your products/ });
  const firstProduct = products.getByRole('listitem').first();
  await expect(firstProduct).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const edit = firstProduct.getByRole('link').or(firstProduct.getByRole('button')).last();
  await edit.scrollIntoViewIfNeeded();
  const box = (await edit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAccessibilityViolations(page);
  // So is the orders list, with its filters one under another and its sort a select.
  await page.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('combobox', { name: 'To do' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /Your orders/ })
      .getByRole('listitem')
      .first()
      .or(page.getByRole('heading', { name: 'No orders yet' })),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAccessibilityViolations(page);
});

test('a customer opening the seller centre is sent to the vendor login, and the API refuses them too', async ({ page }) => {
  await page.request.post('/api/auth/register', {
    data: {
      name: 'Nikhil Patil',
      email: `nikhil.${Date.now().toString(36)}@example.in`,
      password: 'Baner-Monitor-2026',
      confirmPassword: 'Baner-Monitor-2026',
    },
  });
  for (const path of ['/vendor', '/vendor/products', '/vendor/orders']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/vendor/login');
  }
  expect((await page.request.get('/api/vendor/products')).status()).toBe(403);
});

test('vendor ships an order and the customer sees the courier and the tracking link', async ({ page, browser }) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const products = (await (
    await page.request.get('/api/vendor/products?status=active&sort=price&pageSize=20')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= 2)!;
  expect(product).toBeDefined();

  // A customer orders it with cash on delivery, in a browser of her own.
  const shopper = await browser.newContext();
  const customer = await createCustomer(shopper.request, 'Meghana Rao');
  const address = await shopper.request.post('/api/addresses', {
    data: {
      fullName: 'Meghana Rao',
      mobile: '9820098200',
      line1: 'Plot 12, Sector 7',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '410210',
    },
  });
  expect(address.status()).toBe(201);
  const placed = await shopper.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: OrderDetail }).order;

  // The vendor finds it among the orders to pack, packs it, and ships it.
  await page.goto(`/vendor/orders?todo=pack&q=${order.orderNumber}`);
  const row = page
    .getByRole('table', { name: /Your orders/ })
    .getByRole('row')
    .filter({ hasText: order.orderNumber });
  await expect(row).toContainText('Meghana Rao');
  await expect(row).toContainText('Not packed');
  await packWithSerials(page, row, order.orderNumber);
  // Packed, it has left the "to pack" list for "to ship".
  await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'To do' }).selectOption({ label: 'Packed, to ship' });
  await expect(row).toContainText('Packed');
  await row.getByRole('button', { name: `Ship order ${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await expect(dialog).toContainText('Navi Mumbai 410210');
  await dialog.getByLabel('Enter tracking by hand').check();
  await dialog.getByLabel('Courier', { exact: true }).fill('Delhivery');
  await dialog.getByLabel('Tracking number (AWB)').fill('DL4455667788');
  await dialog.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DL4455667788');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText(`Order ${order.orderNumber} shipped with Delhivery.`)).toBeVisible();
  // Shipped, it leaves "to ship" too; with every order shown it carries its tracking number.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'To do' }).selectOption({ label: 'Everything' });
  await expect(row).toContainText('DL4455667788');
  await expect(row.getByRole('button', { name: /Ship order/ })).toHaveCount(0);

  // The customer sees the courier, the tracking number and the link on her order.
  const customerPage = await shopper.newPage();
  await signIn(customerPage, '/login', customer.email, customer.password);
  await customerPage.goto(`/order-details/${order.id}`);
  await expect(customerPage.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(customerPage.getByText('DL4455667788', { exact: true })).toBeVisible();
  await expect(customerPage.getByRole('link', { name: /Track with Delhivery/ })).toHaveAttribute(
    'href',
    'https://www.delhivery.com/track/package/DL4455667788',
  );
  await shopper.close();
});
