import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { formatPaise } from '../../src/shared/money';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../src/shared/orders';
import { PRICING } from '../../src/shared/pricing';
import type { ProductCard, ProductListResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail, StartPaymentResponse } from '../../src/shared/schemas/orders';
import { amountInWords } from '../../src/shared/amount-in-words';
import { createCustomer, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { linesOf } from './support/layout';

/** Products for sale, in stock, that cash on delivery can pay for (never hard-coded ids). */
async function codProducts(request: APIRequestContext): Promise<ProductCard[]> {
  const found: ProductCard[] = [];
  for (const category of ['Monitor', 'Laptop', 'Desktop']) {
    const response = await request.get(`/api/catalogue/products?category=${category}&in_stock=true&page_size=48&sort=price_asc`);
    expect(response.ok()).toBe(true);
    const items = ((await response.json()) as ProductListResponse).items;
    found.push(...items.filter((p) => p.stock >= 3 && p.pricePaise + PRICING.standardShippingPaise <= PRICING.codLimitPaise));
  }
  expect(found.length).toBeGreaterThan(0);
  return found;
}

/** A fresh customer, signed in through the login page; the page's request context shares her session. */
async function signedInCustomer(page: Page, request: APIRequestContext, name: string) {
  const customer = await createCustomer(request, name);
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  return customer;
}

async function addPuneAddress(page: Page, fullName: string): Promise<string> {
  const response = await page.request.post('/api/addresses', {
    data: {
      fullName,
      mobile: '9822012345',
      line1: 'Flat 7, Sai Residency, Baner Road',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411045',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { address: { id: string } }).address.id;
}

async function placeOrder(page: Page, body: { productId: string; addressId: string; paymentMethod: 'cod' | 'upi' }): Promise<OrderDetail> {
  const response = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: body.productId, quantity: 1 }],
      addressId: body.addressId,
      delivery: 'standard',
      paymentMethod: body.paymentMethod,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: OrderDetail }).order;
}

async function getOrder(page: Page, orderId: string): Promise<OrderDetail> {
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { order: OrderDetail }).order;
}

test('a customer cancels a paid order and sees the refund', async ({ page, request }) => {
  await signedInCustomer(page, request, 'Aditi Joshi');
  const addressId = await addPuneAddress(page, 'Aditi Joshi');
  const [product] = await codProducts(page.request);
  const order = await placeOrder(page, { productId: product!.id, addressId, paymentMethod: 'upi' });

  // Pay by UPI on the gateway's hosted page; it sends the browser back to the confirmation.
  const start = await page.request.post(`/api/orders/${order.id}/payment`);
  expect(start.ok()).toBe(true);
  const { checkout } = (await start.json()) as StartPaymentResponse;
  expect(checkout.kind).toBe('hosted-page');
  await page.goto((checkout as { url: string }).url);
  await page.getByLabel('UPI id').fill('success@razorpay');
  await page.locator('#upi').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?order=${order.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('UPI · Paid');
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'View order details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText(PAYMENT_STATUS_LABELS.captured);

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(dialog).toContainText(`We refund ${formatPaise(order.totals.totalPaise)}`);
  await expectNoAccessibilityViolations(page);
  await dialog.getByLabel('Reason for cancelling').selectOption('Found a better price');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText(`Refund of ${formatPaise(order.totals.totalPaise)} initiated`).first()).toBeVisible();
  await expect(page.locator('h1 + p')).toContainText(ORDER_STATUS_LABELS.cancelled);
  await expect(page.getByRole('region', { name: 'Refunds' }).getByTestId('refund')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText(formatPaise(order.totals.totalPaise));
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText(PAYMENT_STATUS_LABELS.refunded);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeHidden();

  // What the page shows is what the server recorded.
  const after = await getOrder(page, order.id);
  expect(after.status).toBe('cancelled');
  expect(after.payment.status).toBe('refunded');
  expect(after.refunds.map((r) => r.amountPaise)).toEqual([order.totals.totalPaise]);
});

test('a customer sees her orders newest first', async ({ page, request }) => {
  await signedInCustomer(page, request, 'Meera Deshpande');
  const addressId = await addPuneAddress(page, 'Meera Deshpande');
  const products = await codProducts(page.request);
  const placed: OrderDetail[] = [];
  for (let i = 0; i < 3; i++) {
    placed.push(await placeOrder(page, { productId: products[i % products.length]!.id, addressId, paymentMethod: 'cod' }));
  }

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(placed.toReversed().map((o) => `Order ${o.orderNumber}`));
  const newest = cards.first();
  const last = placed.at(-1)!;
  await expect(newest).toContainText(ORDER_STATUS_LABELS[last.status]);
  await expect(newest).toContainText(formatPaise(last.totals.totalPaise));
  await expect(newest).toContainText(
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
      new Date(last.orderDate),
    ),
  );
  await expectNoAccessibilityViolations(page);

  await newest.getByRole('link', { name: `View order ${last.orderNumber}` }).click();
  await expect(page).toHaveURL(`/order-details/${last.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${last.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Placed (current)');
  await expectNoAccessibilityViolations(page);
});

test("a customer on a phone reads her order's item name across the width, the line total under it", async ({ page, request }) => {
  await signedInCustomer(page, request, 'Sayali Kulkarni');
  const addressId = await addPuneAddress(page, 'Sayali Kulkarni');
  // The longest name cash on delivery can pay for.
  const product = (await codProducts(page.request)).toSorted((a, b) => b.name.length - a.name.length)[0]!;
  const order = await placeOrder(page, { productId: product.id, addressId, paymentMethod: 'cod' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/order-details/${order.id}`);
  const item = page.getByTestId('order-item');
  // The line's name: the product's, with its configuration's options for a product of several.
  const lineName = order.items[0]!.name;
  const name = item.getByRole('link', { name: lineName });
  await expect(name).toBeVisible();
  // Beside the picture the name has most of the card: about 30 characters a line, not 10.
  const { width } = (await name.boundingBox())!;
  expect(width, 'the width of the item name').toBeGreaterThan(220);
  expect(await linesOf(name), `lines of "${lineName}" (${lineName.length} characters)`).toBeLessThanOrEqual(
    Math.ceil(lineName.length / 24),
  );
  // The line total is under the name, on one line.
  const total = item.locator('p').filter({ hasText: `Line total ${formatPaise(order.items[0]!.lineTotalPaise)}` });
  expect((await total.boundingBox())!.y).toBeGreaterThan((await name.boundingBox())!.y);
  expect(await linesOf(total)).toBe(1);
  await expectNoAccessibilityViolations(page);
});

test('a customer prints the invoice', async ({ page, request }) => {
  await signedInCustomer(page, request, 'Kavita Pawar');
  const addressId = await addPuneAddress(page, 'Kavita Pawar');
  const [product] = await codProducts(page.request);
  const order = await placeOrder(page, { productId: product!.id, addressId, paymentMethod: 'cod' });
  expect(order.invoice).not.toBeNull();
  const line = order.items[0]!;

  await page.goto(`/order-details/${order.id}`);
  await page.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(`/order-details/${order.id}/invoice`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByTestId('invoice-number')).toHaveText(order.invoice!.number);
  if (line.sellerGstin) await expect(page.getByTestId('invoice-seller').first()).toContainText(`GSTIN: ${line.sellerGstin}`);
  await expect(page.getByTestId('invoice-seller').first()).toContainText(`State: ${line.sellerState}`);

  const table = page.getByRole('table');
  const invoiceLine = page.getByTestId('invoice-line').first();
  await expect(invoiceLine).toContainText(line.hsnCode);
  await expect(invoiceLine).toContainText(formatPaise(line.taxablePaise));
  // Delivered within the seller's state: CGST and SGST; to another state: IGST.
  if (line.sellerState === 'Maharashtra') {
    expect(line.cgstPaise + line.sgstPaise).toBeGreaterThan(0);
    expect(line.igstPaise).toBe(0);
  }
  if (line.igstPaise === 0) {
    await expect(table.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'SGST' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'IGST' })).toHaveCount(0);
    await expect(invoiceLine).toContainText(formatPaise(line.cgstPaise));
    await expect(invoiceLine).toContainText(formatPaise(line.sgstPaise));
  } else {
    await expect(table.getByRole('columnheader', { name: 'IGST' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'CGST' })).toHaveCount(0);
    await expect(invoiceLine).toContainText(formatPaise(line.igstPaise));
  }
  await expect(page.getByTestId('invoice-total')).toHaveText(formatPaise(order.totals.totalPaise));
  await expect(page.getByTestId('amount-in-words')).toHaveText(amountInWords(order.totals.totalPaise));
  await expectNoAccessibilityViolations(page);

  await page.evaluate(() => {
    const w = window as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => void (w.printed += 1);
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Printed, only the invoice shows: the shop's header and footer and the page's buttons are left out.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(pdfHref).toBe(`/api/orders/${order.id}/invoice.pdf`);
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
