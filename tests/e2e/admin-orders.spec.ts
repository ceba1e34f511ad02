import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { formatPaise } from '../../src/shared/money';
import type { ProductCard, ProductListResponse } from '../../src/shared/schemas/catalogue';
import type { AdminOrdersResponse } from '../../src/shared/schemas/admin-orders';
import type { OrderDetail, StartPaymentResponse } from '../../src/shared/schemas/orders';
import { createCustomer, openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { hiddenToTheRight, linesOf } from './support/layout';

/** Two products in stock from two different sellers (never hard-coded ids). */
async function twoSellersProducts(page: Page): Promise<[ProductCard, ProductCard]> {
  const found: ProductCard[] = [];
  for (const category of ['Monitor', 'Laptop', 'Desktop']) {
    const response = await page.request.get(`/api/catalogue/products?category=${category}&in_stock=true&page_size=48&sort=price_asc`);
    expect(response.ok()).toBe(true);
    found.push(...((await response.json()) as ProductListResponse).items.filter((p) => p.stock >= 3));
  }
  const a = found[0]!;
  const b = found.find((p) => p.vendorName !== a.vendorName)!;
  expect(b).toBeDefined();
  return [a, b];
}

/** A customer in a browser of her own orders two of one seller's product and one of another's, by express delivery, and pays by UPI. */
async function customerOrdersTwoLines(customerPage: Page) {
  const customer = await createCustomer(customerPage.request, 'Snehal Kulkarni');
  const [a, b] = await twoSellersProducts(customerPage);
  const address = await customerPage.request.post('/api/addresses', {
    data: {
      fullName: 'Snehal Kulkarni',
      mobile: '9822055667',
      line1: '21 Law College Road',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411004',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const placed = await customerPage.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'express',
      paymentMethod: 'upi',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: OrderDetail }).order;
  const start = await customerPage.request.post(`/api/orders/${order.id}/payment`);
  expect(start.ok()).toBe(true);
  const { checkout } = (await start.json()) as StartPaymentResponse;
  await customerPage.goto((checkout as { url: string }).url);
  await customerPage.getByLabel('UPI id').fill('success@razorpay');
  await customerPage.locator('#upi').getByRole('button', { name: /^Pay / }).click();
  await expect(customerPage).toHaveURL(new RegExp(`/order-success\\?order=${order.id}`));
  return { customer, order, a, b };
}

test('admin ships and refunds part of an order, then the rest with the delivery charge', async ({ page, browser }) => {
  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  const { order, a, b } = await customerOrdersTwoLines(customerPage);
  const lineA = order.items.find((i) => i.productId === a.id)!;
  const lineB = order.items.find((i) => i.productId === b.id)!;
  const shipping = order.totals.shippingPaise;
  expect(shipping).toBeGreaterThan(0);

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const rows = page.getByTestId('admin-order-row');
  await expect(rows.first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Found by its number (the search is in the address).
  await page.getByLabel('Order, customer or AWB').fill(order.orderNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/admin/orders?q=${order.orderNumber}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Snehal Kulkarni');
  await rows.first().getByRole('link', { name: order.orderNumber }).click();
  await expect(page).toHaveURL(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Snehal Kulkarni' })).toHaveAttribute('href', /\/admin\/users\//);
  await expect(page.getByTestId('admin-order-line')).toHaveCount(2);
  await expectNoAccessibilityViolations(page);

  // Each seller's items handed to a courier with its AWB.
  const awbs = ['BD7700112233', 'DL5500443322'];
  for (const [n, awb] of awbs.entries()) {
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
    await dialog.getByLabel('Courier').fill(n === 0 ? 'Blue Dart' : 'Delhivery');
    await dialog.getByLabel('Tracking number (AWB)').fill(awb);
    if (n === 0) await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`AWB ${awb}`, { exact: false }).first()).toBeVisible();
  }
  await expect(page.getByTestId('admin-order-shipment')).toHaveCount(2);
  await expect(page.locator('h1 + p')).toContainText('Shipped');

  // The list finds it by a tracking number too.
  await page.getByRole('link', { name: 'All orders' }).click();
  await page.getByLabel('Order, customer or AWB').fill('DL5500443322');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderNumber);
  await rows.first().getByRole('link', { name: order.orderNumber }).click();

  // Later: one unit of the first line came back damaged, and only it is refunded.
  const refund = lineA.unitPricePaise;
  await page.getByRole('button', { name: 'Refund items' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund items of order ${order.orderNumber}` });
  const deliveryCharge = dialog.getByRole('checkbox', { name: `Delivery charge ${formatPaise(shipping)}` });
  await dialog.getByLabel(labelOf(a.name)).selectOption('1');
  await expect(deliveryCharge).not.toBeChecked();
  await dialog.getByLabel('Reason').fill('One unit arrived with a cracked panel');
  await expect(dialog).toContainText(`gets back ${formatPaise(refund)}`);
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${formatPaise(refund)} refunded for order ${order.orderNumber}`)).toBeVisible();
  await expect(page.getByTestId('admin-order-refund')).toHaveCount(1);
  await expect(page.getByRole('link', { name: `Credit note CN-${order.orderNumber}-1 (PDF)` })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The customer's order page shows the refund and the credit note.
  await customerPage.goto(`/order-details/${order.id}`);
  await expect(customerPage.getByRole('region', { name: 'Refunds' })).toContainText(formatPaise(refund));
  const notes = customerPage.getByRole('region', { name: 'Credit notes' });
  await expect(notes).toContainText(`CN-${order.orderNumber}-1`);
  await expect(notes).toContainText('One unit arrived with a cracked panel');

  // The courier lost the rest: every unit left, chosen, takes the delivery charge with it and refunds the whole order.
  const rest = lineA.unitPricePaise + lineB.lineTotalPaise - lineB.discountPaise + shipping;
  await page.getByRole('button', { name: 'Refund items' }).click();
  await dialog.getByLabel(labelOf(a.name)).selectOption('1');
  await expect(deliveryCharge).not.toBeChecked();
  await dialog.getByLabel(labelOf(b.name)).selectOption('1');
  await expect(deliveryCharge).toBeChecked();
  await expect(dialog).toContainText('This refunds the whole order');
  await expect(dialog).toContainText(`gets back ${formatPaise(rest)}`);
  await dialog.getByLabel('Reason').fill('The rest of the parcel was lost by the courier');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${formatPaise(rest)} refunded for order ${order.orderNumber}, which is refunded in full`)).toBeVisible();
  await expect(page.locator('h1 + p')).toContainText('Refunded');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Refunded');
  await expect(page.getByRole('region', { name: 'Payment' })).not.toContainText('Partly refunded');
  await expect(page.getByRole('button', { name: 'Refund items' })).toBeHidden();

  // The customer sees it refunded, the payment too, and the delivery charge on the second credit note.
  await customerPage.reload();
  await expect(customerPage.locator('h1 + p')).toContainText('Refunded');
  const payment = customerPage.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('Refunded');
  await expect(payment).not.toContainText('Partly refunded');
  await expect(payment).toContainText(formatPaise(order.totals.totalPaise));
  await expect(customerPage.getByRole('region', { name: 'Credit notes' })).toContainText(`CN-${order.orderNumber}-2`);
  await expect(customerPage.getByRole('region', { name: 'Order updates' })).toContainText(
    'Everything paid for the order has been refunded.',
  );
  await shopper.close();
});

/** A label matching an item's line in the refund dialog (its name, as a pattern). */
function labelOf(name: string): RegExp {
  return new RegExp(name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

test("admin reads every order number, e-mail and AWB of the Orders list on one line on a laptop's screen, the Total column in view", async ({
  page,
}) => {
  await openAdminConsole(page);
  const list = (await (await page.request.get('/api/admin/orders')).json()) as AdminOrdersResponse;
  const byNumber = new Map(list.items.map((o) => [o.orderNumber, o]));
  expect(list.items.some((o) => o.trackingNumbers.length > 0)).toBe(true);
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/orders');
    const table = page.getByRole('table', { name: /^Orders by date/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const number = row.getByRole('rowheader').getByRole('link');
      const orderNumber = (await number.textContent())!.trim();
      expect(await linesOf(number), `${orderNumber} at ${width} px`).toBe(1);
      const order = byNumber.get(orderNumber);
      if (!order) continue; // placed by another story since the list was read
      const email = row.getByText(order.customer.email, { exact: true });
      expect(await linesOf(email), `${order.customer.email} at ${width} px`).toBe(1);
      // Cut to the column's width, if at all, with the whole address on hover.
      await expect(email).toHaveAttribute('title', order.customer.email);
      for (const awb of order.trackingNumbers) expect(await linesOf(row.getByText(awb, { exact: true })), `AWB ${awb}`).toBe(1);
    }
    // At 1366 px every column fits; narrower, the table scrolls in its box, a sign at the edge with more.
    const region = page.getByRole('region', { name: /^Orders by date/ });
    if (width === 1366) {
      expect(await hiddenToTheRight(region), 'columns out of view at 1366 px').toBe(0);
      await expect(table.getByRole('columnheader', { name: 'Total' })).toBeInViewport();
    } else if ((await hiddenToTheRight(region)) > 0)
      await expect(region.locator('xpath=..').locator('[data-scroll-sign="end"]')).toBeVisible();
  }
  await expectNoAccessibilityViolations(page);
});
