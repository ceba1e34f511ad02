import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

/** Three customers, each in a browser of their own, order one of the seller's products with cash on delivery. */
async function threeCustomersOrder(page: Page, browser: Browser): Promise<OrderDetail[]> {
  const products = (await (
    await page.request.get('/api/vendor/products?status=active&sort=price&pageSize=50')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= 4 && p.pricePaise < 40_000_00)!;
  expect(product).toBeDefined();
  const orders: OrderDetail[] = [];
  for (const [name, mobile, pinCode] of [
    ['Rutuja Pawar', '9820011223', '400706'],
    ['Omkar Shinde', '9820011224', '400614'],
    ['Sneha Gokhale', '9820011225', '400703'],
  ] as const) {
    const shopper = await browser.newContext();
    await createCustomer(shopper.request, name);
    const address = await shopper.request.post('/api/addresses', {
      data: { fullName: name, mobile, line1: 'B-4, Sector 19', city: 'Navi Mumbai', state: 'Maharashtra', pinCode },
    });
    expect(address.status(), await address.text()).toBe(201);
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
    orders.push(((await placed.json()) as { order: OrderDetail }).order);
    await shopper.close();
  }
  return orders;
}

/** The PDF at the link's address, fetched in the seller's session: its pages. */
async function pdfPages(page: Page, link: ReturnType<Page['getByRole']>): Promise<number> {
  const href = await link.getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const body = (await res.body()).toString('latin1');
  expect(body.startsWith('%PDF')).toBe(true);
  return body.match(/\/Type \/Page\b/g)?.length ?? 0;
}

test('a seller ships three orders with the test courier and prints their labels in one PDF', async ({ page, browser }) => {
  test.slow();
  const seller = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', seller.email, seller.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const orders = await threeCustomersOrder(page, browser);

  const awbs: string[] = [];
  for (const [i, order] of orders.entries()) {
    await page.goto(`/vendor/orders?q=${order.orderNumber}`);
    const row = page
      .getByRole('table', { name: /Your orders/ })
      .getByRole('row')
      .filter({ hasText: order.orderNumber });
    await row.getByRole('button', { name: `Ship order ${order.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
    // The couriers for the parcel as packed, with price and promised days; the cheapest is chosen.
    const couriers = dialog.getByRole('group', { name: 'Choose a courier' });
    await expect(couriers.getByRole('radio')).not.toHaveCount(0);
    const cheapest = couriers.getByRole('radio').first();
    await expect(cheapest).toBeChecked();
    await expect(couriers.getByRole('listitem').first()).toContainText('Test Economy Surface');
    await expect(couriers.getByRole('listitem').first()).toContainText(/Delivers in \d+ days?/);
    await expect(dialog).toContainText('Cash on delivery: the courier collects');
    if (i === 0) await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: /^Buy Test Economy Surface for ₹/ }).click();
    const toast = page.getByText(new RegExp(`Order ${order.orderNumber} shipped with Test Economy Surface, AWB (TE\\d{10})`));
    await expect(toast).toBeVisible();
    awbs.push(/AWB (TE\d{10})/.exec((await toast.textContent())!)![1]!);
    await expect(row).toContainText(awbs[i]!);
  }

  // The courier parcels: choose the three, print their labels in one PDF, the manifest, and ask for the pickup.
  await page.goto('/vendor/orders');
  const panel = page.getByRole('region', { name: 'Courier parcels' });
  const every = panel.getByRole('checkbox', { name: 'Choose every parcel' });
  if (!(await every.isChecked())) await every.check();
  await every.uncheck();
  for (const order of orders) await panel.getByRole('checkbox', { name: `Choose the parcel of order ${order.orderNumber}` }).check();
  await expect(panel).toContainText(/3 of \d+ chosen/);
  for (const awb of awbs) await expect(panel.getByRole('row').filter({ hasText: awb })).toContainText('Not requested');
  await expectNoAccessibilityViolations(page);

  expect(await pdfPages(page, panel.getByRole('link', { name: 'Labels 4×6 (PDF)' }))).toBe(3);
  expect(await pdfPages(page, panel.getByRole('link', { name: 'Labels A4 (PDF)' }))).toBe(3);
  expect(await pdfPages(page, panel.getByRole('link', { name: 'Manifest (PDF)' }))).toBeGreaterThanOrEqual(1);

  await panel.getByRole('button', { name: 'Request pickup for today' }).click();
  await expect(page.getByText(/Pickup on .+ for 3 parcels/)).toBeVisible();
  for (const awb of awbs) await expect(panel.getByRole('row').filter({ hasText: awb })).not.toContainText('Not requested');
  await expectNoAccessibilityViolations(page);
});
