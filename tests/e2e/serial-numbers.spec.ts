import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { warrantyDay, warrantyEndOf } from '../../src/shared/warranty';
import { createCustomer, DEMO_ACCOUNTS, openAdminConsole, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { freshSerial } from './support/serials';

const PHONE = { width: 390, height: 844 };

/** A customer on a phone of her own orders `quantity` units of one of the signed-in seller's products, cash on delivery. */
async function customerOrders(seller: Page, browser: Browser, quantity: number) {
  const products = (await (
    await seller.request.get('/api/vendor/products?status=active&sort=price&pageSize=50')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= quantity + 1 && p.pricePaise < 40_000_00)!;
  expect(product).toBeDefined();
  const shopper = await browser.newContext({ viewport: PHONE });
  const customer = await createCustomer(shopper.request, 'Kavya Iyer');
  const address = await shopper.request.post('/api/addresses', {
    data: {
      fullName: 'Kavya Iyer',
      mobile: '9820044556',
      line1: '3 Palm Beach Road',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '400706',
    },
  });
  expect(address.status()).toBe(201);
  const placed = await shopper.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity }],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: OrderDetail }).order;
  const customerPage = await shopper.newPage();
  await signIn(customerPage, '/login', customer.email, customer.password);
  return { shopper, customerPage, order };
}

/** A step of the seller's on the order through the seller centre's API (the story is about what follows it). */
async function sellerStep(seller: Page, orderId: string, step: string, data: object = {}) {
  const res = await seller.request.post(`/api/vendor/orders/${orderId}/${step}`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Today in India, as the shop dates a delivery. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test('a seller records serials while packing and the customer sees them with the warranty dates', async ({ page, browser }) => {
  test.slow();
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, customerPage, order } = await customerOrders(page, browser, 2);

  await page.goto(`/vendor/orders/${order.id}`);
  await page
    .getByRole('group', { name: 'Steps for this order' })
    .getByRole('button', { name: `Mark packed: order ${order.orderNumber}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Pack order ${order.orderNumber}` });
  const units = dialog.getByRole('textbox');
  await expect(units).toHaveCount(2);
  await expectNoAccessibilityViolations(page);
  // A scanner types the serial and presses Enter: the next unit's field takes the next scan.
  const first = freshSerial();
  await units.first().focus();
  await page.keyboard.type(first.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(units.nth(1)).toBeFocused();
  // The same unit scanned twice is refused on the second unit.
  await page.keyboard.type(first);
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText(`${first} is already entered for Unit 1`);
  await expect(units.nth(1)).toHaveAttribute('aria-invalid', 'true');
  const second = freshSerial();
  await units.nth(1).fill(second);
  await units.nth(1).press('Enter');
  await expect(page.getByText(`Order ${order.orderNumber} is packed`)).toBeVisible();
  const serials = page.getByRole('list', { name: /^Serial numbers of / });
  await expect(serials).toContainText(first);
  await expect(serials).toContainText(second);

  // The customer, on her phone, sees each unit's serial; its warranty starts when it is delivered.
  await customerPage.goto(`/order-details/${order.id}`);
  const hers = customerPage.getByRole('list', { name: /^Serial numbers of / });
  await expect(hers.getByRole('listitem').first()).toContainText(new RegExp(`Serial ${first} · Warranty \\d+ months, starts on delivery`));

  await sellerStep(page, order.id, 'ship', { carrier: 'Delhivery', trackingNumber: 'DL5566778899' });
  await sellerStep(page, order.id, 'deliver');
  await customerPage.reload();
  const start = indiaToday();
  const line = hers.getByRole('listitem').first();
  await expect(line).toContainText(`Serial ${first} · Warranty ${warrantyDay(start)} – `);
  const shown = (await line.textContent())!;
  const end = /– (\d{1,2} \w{3} \d{4})/.exec(shown)![1]!;
  // The end is the start plus the offer's months, less a day (a year: 12 Mar 2026 – 11 Mar 2027).
  expect([12, 24, 36, 6, 3].map((m) => warrantyDay(warrantyEndOf(start, m)!))).toContain(end);
  expect(await customerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await expectNoAccessibilityViolations(customerPage);
  await shopper.close();
});

test('a return with a different serial is flagged for the admin', async ({ page, browser }) => {
  test.slow();
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, customerPage, order } = await customerOrders(page, browser, 1);
  const shipped = freshSerial();
  await sellerStep(page, order.id, 'pack', { lines: [{ itemId: order.items[0]!.id, serials: [shipped] }] });
  await sellerStep(page, order.id, 'ship', { carrier: 'Blue Dart', trackingNumber: 'BD5566778899' });
  await sellerStep(page, order.id, 'deliver');
  const asked = await customerPage.request.post(`/api/orders/${order.id}/return`, { data: { reason: 'Wrong item delivered' } });
  expect(asked.status(), await asked.text()).toBe(200);

  // The unit that came back carries another serial: the seller types what its label says.
  await page.goto(`/vendor/orders/${order.id}`);
  await page.getByRole('button', { name: `Receive return of order ${order.orderNumber}` }).click();
  const receive = page.getByRole('dialog', { name: `Receive the return of order ${order.orderNumber}` });
  await receive.getByRole('radio', { name: /Fit to sell again/ }).check();
  const other = freshSerial();
  await receive.getByRole('textbox').fill(other);
  await expectNoAccessibilityViolations(page);
  await receive.getByRole('button', { name: 'Return received' }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByRole('list', { name: /^Serial numbers of / })).toContainText(`came back as ${other}`);
  // The refund waits for the shop.
  const refund = await page.request.post(`/api/vendor/orders/${order.id}/refund`, { data: {} });
  expect(refund.status()).toBe(409);
  expect(((await refund.json()) as { error: { message: string } }).error.message).toMatch(/do not match the units you shipped/);

  // The admin, on a phone, reads the serial expected and the one received, and releases the refund with why.
  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await openAdminConsole(admin);
  await admin.goto(`/admin/orders/${order.id}`);
  const flagged = admin.getByRole('region', { name: 'Serial mismatch on the return' });
  await expect(flagged).toContainText(`expected ${shipped}, received ${other}`);
  await expect(flagged).toContainText('Refund held');
  await expectNoAccessibilityViolations(admin);
  await flagged.getByRole('button', { name: /Release the refund/ }).click();
  const why = admin.getByRole('dialog', { name: `Release the refund of order ${order.orderNumber}` });
  await why.getByRole('textbox').fill('The brand replaced the unit under warranty; its letter names the new serial');
  await expectNoAccessibilityViolations(admin);
  await why.getByRole('button', { name: 'Release the refund' }).click();
  await expect(flagged).toContainText('Refund released');
  // Released, nothing but the cash on delivery's own rule is left: the shop refunds it by bank transfer.
  const after = await page.request.post(`/api/vendor/orders/${order.id}/refund`, { data: {} });
  expect(((await after.json()) as { error: { message: string } }).error.message).toMatch(/The shop collected the cash/);
  await adminContext.close();
  await shopper.close();
});
