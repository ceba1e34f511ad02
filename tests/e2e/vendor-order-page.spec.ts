import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { openMailbox } from './support/mailbox';
import { packWithSerials } from './support/serials';

/** A customer in a browser of her own orders one of the signed-in vendor's products, cash on delivery. */
async function customerOrders(page: Page, browser: Browser) {
  const products = (await (
    await page.request.get('/api/vendor/products?status=active&sort=price&pageSize=50')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= 2 && p.pricePaise < 40_000_00)!;
  expect(product).toBeDefined();
  const shopper = await browser.newContext();
  const customer = await createCustomer(shopper.request, 'Sneha Deshmukh');
  const address = await shopper.request.post('/api/addresses', {
    data: {
      fullName: 'Sneha Deshmukh',
      mobile: '9820011223',
      line1: 'Flat 7, Gulmohar Society',
      line2: 'Sector 15, Vashi',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '400703',
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
  return { shopper, customer, product, order: ((await placed.json()) as { order: OrderDetail }).order };
}

/**
 * The button reads on one line and stays inside its box and its container: its text is one line
 * high, nothing of it overflows the button, and it ends where its container and the screen do or before.
 */
async function expectOnOneLine(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const m = await button.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const container = el.parentElement!.getBoundingClientRect();
    return {
      lines: lines.size,
      textHeight: text.height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      overflowX: el.scrollWidth - el.clientWidth,
      overflowY: el.scrollHeight - el.clientHeight,
      pastContainer: box.right - container.right,
      pastScreen: box.right - document.documentElement.clientWidth,
    };
  });
  const name = await button.textContent();
  expect(m.lines, `${name}: lines of text`).toBe(1);
  expect(m.textHeight, `${name}: height of its text`).toBeLessThan(1.5 * m.lineHeight);
  expect(m.overflowX, `${name}: text wider than the button`).toBeLessThanOrEqual(0);
  expect(m.overflowY, `${name}: text taller than the button`).toBeLessThanOrEqual(0);
  expect(m.pastContainer, `${name}: past its container`).toBeLessThanOrEqual(0.5);
  expect(m.pastScreen, `${name}: past the screen`).toBeLessThanOrEqual(0.5);
}

test('seller opens an order from its number, reads where it goes, packs and ships it from its page, and the customer and the admin see it packed', async ({
  page,
  browser,
}) => {
  test.slow();
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, customer, product, order } = await customerOrders(page, browser);

  await page.goto(`/vendor/orders?q=${order.orderNumber}`);
  await page
    .getByRole('table', { name: /Your orders/ })
    .getByRole('link', { name: order.orderNumber, exact: true })
    .click();
  await expect(page).toHaveURL(`/vendor/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your items' })).toContainText(product.name);
  const deliverTo = page.getByRole('region', { name: 'Deliver to' });
  await expect(deliverTo).toContainText('Flat 7, Gulmohar Society');
  await expect(deliverTo).toContainText('Navi Mumbai, Maharashtra 400703');
  await expect(deliverTo.getByRole('link', { name: '+91 98200 11223' })).toHaveAttribute('href', 'tel:+919820011223');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('To be collected on delivery');
  await expect(page.getByRole('region', { name: 'Shipment' })).toContainText('Not packed yet.');
  await expectNoAccessibilityViolations(page);

  const steps = page.getByRole('group', { name: 'Steps for this order' });
  const [serial] = await packWithSerials(page, steps, order.orderNumber);
  await expect(page.getByRole('list', { name: /^Serial numbers of / })).toContainText(serial!);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Your items were packed.');
  await expect(page.getByRole('region', { name: 'Shipment' })).toContainText('waiting for the courier');
  await steps.getByRole('button', { name: `Ship order ${order.orderNumber}` }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await ship.getByLabel('Enter tracking by hand').check();
  await ship.getByLabel('Courier', { exact: true }).fill('Delhivery');
  await ship.getByLabel('Tracking number (AWB)').fill('DL9988776655');
  await ship.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DL9988776655');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(timeline).toContainText('Your items were shipped with Delhivery, tracking number DL9988776655.');
  await expect(page.getByRole('region', { name: 'Shipment' }).getByRole('link', { name: /DL9988776655/ })).toHaveAttribute(
    'href',
    'https://www.delhivery.com/track/package/DL9988776655',
  );
  await expect(steps.getByRole('button', { name: `Mark delivered: order ${order.orderNumber}` })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The customer reads it packed, then shipped, in her order's updates and progress.
  const customerPage = await shopper.newPage();
  await signIn(customerPage, '/login', customer.email, customer.password);
  await customerPage.goto(`/order-details/${order.id}`);
  await expect(customerPage.getByRole('region', { name: 'Order updates' })).toContainText(
    'packed your items: they are ready for the courier.',
  );
  const progress = customerPage.getByRole('list', { name: 'Order progress' });
  await expect(progress).toContainText('Packed (done)');
  await expect(progress).toContainText('Shipped (current)');
  await shopper.close();

  // So does the shop's admin, on the order's timeline.
  const admin = await openMailbox(browser);
  await admin.goto(`/admin/orders/${order.id}`);
  await expect(admin.getByRole('region', { name: 'Timeline' })).toContainText(
    "packed the customer's items: they are ready for the courier.",
  );
  await admin.context().close();
});

test('seller reads an order on a phone: every section fits, and the steps and the list toolbars keep their buttons on one line', async ({
  page,
  browser,
}) => {
  test.slow();
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, order } = await customerOrders(page, browser);
  await shopper.close();
  const res = await page.request.post(`/api/vendor/orders/${order.id}/ship`, {
    data: { carrier: 'Blue Dart', trackingNumber: 'BD1122334455' },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/vendor/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Deliver to' })).toContainText('+91 98200 11223');
  const steps = page.getByRole('group', { name: 'Steps for this order' });
  await expectOnOneLine(steps.getByRole('link', { name: `Packing slip of order ${order.orderNumber} (PDF)` }));
  await expectOnOneLine(steps.getByRole('button', { name: `Mark delivered: order ${order.orderNumber}` }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAccessibilityViolations(page);

  // The orders list on a phone: its cards' steps; the products list's toolbar.
  await page.goto(`/vendor/orders?q=${order.orderNumber}`);
  const card = page
    .getByRole('region', { name: /Your orders/ })
    .getByRole('listitem')
    .filter({ hasText: order.orderNumber });
  await expectOnOneLine(card.getByRole('button', { name: `Mark delivered: order ${order.orderNumber}` }));
  await page.goto('/vendor/products');
  await expectOnOneLine(page.getByRole('link', { name: 'Import CSV' }));
  await expectOnOneLine(page.getByRole('link', { name: 'Add product' }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // And beside the sidebar on a tablet, a small laptop and a 1366 px one, where they used to break in two.
  for (const width of [1024, 1280, 1366]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto('/vendor/products');
    await expectOnOneLine(page.getByRole('link', { name: 'Import CSV' }));
    await expectOnOneLine(page.getByRole('link', { name: 'Add product' }));
    await page.goto(`/vendor/orders?q=${order.orderNumber}`);
    const row = page
      .getByRole('table', { name: /Your orders/ })
      .getByRole('row')
      .filter({ hasText: order.orderNumber });
    await expectOnOneLine(row.getByRole('button', { name: `Mark delivered: order ${order.orderNumber}` }));
    await expectOnOneLine(row.getByRole('link', { name: `Packing slip of order ${order.orderNumber} (PDF)` }));
    await page.goto(`/vendor/orders/${order.id}`);
    await expectOnOneLine(page.getByRole('button', { name: `Mark delivered: order ${order.orderNumber}` }));
  }
});

test("another seller's packing slip link opens a page saying the order was not found, and a made-up order or product says so with the way back", async ({
  page,
  browser,
}) => {
  const seller = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', seller.email, seller.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, order } = await customerOrders(page, browser);
  await shopper.close();

  const other = await (await browser.newContext()).newPage();
  await signIn(other, '/vendor/login', DEMO_ACCOUNTS.approvedVendor.email, DEMO_ACCOUNTS.approvedVendor.password);
  await expect(other).toHaveURL('/vendor/dashboard');
  // As the orders list opens it, in a tab of its own.
  const answer = await other.goto(`/api/vendor/orders/${order.id}/packing-slip`);
  expect(answer?.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(other.getByText('We could not find this order among your orders.')).toBeVisible();
  await expectNoAccessibilityViolations(other);
  await other.getByRole('link', { name: 'Your orders' }).click();
  await expect(other).toHaveURL('/vendor/orders');

  // Its page is not found either, without a Retry that would only find nothing again.
  await other.goto(`/vendor/orders/${order.id}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expectNoAccessibilityViolations(other);
  await other.getByRole('link', { name: 'Back to your orders' }).click();
  await expect(other).toHaveURL('/vendor/orders');

  await other.goto('/vendor/products/prd_does_not_exist');
  await expect(other.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await other.getByRole('link', { name: 'Back to your products' }).click();
  await expect(other).toHaveURL('/vendor/products');
  await other.context().close();
});
