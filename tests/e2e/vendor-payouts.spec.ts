import { randomUUID } from 'node:crypto';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

test('vendor delivers an order and reads it in the ledger and the month’s payout statement', async ({ page, browser }) => {
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');

  // A customer's cash-on-delivery order of one of the vendor's products, shipped and delivered.
  const products = (await (
    await page.request.get('/api/vendor/products?status=active&sort=price&pageSize=20')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= 1)!;
  const shopper = await browser.newContext();
  await createCustomer(shopper.request, 'Omkar Bhosale');
  const address = await shopper.request.post('/api/addresses', {
    data: { fullName: 'Omkar Bhosale', mobile: '9890012345', line1: '21 FC Road', city: 'Pune', state: 'Maharashtra', pinCode: '411004' },
  });
  const placed = await shopper.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    },
  });
  const order = ((await placed.json()) as { order: OrderDetail }).order;
  for (const step of ['ship', 'deliver']) {
    const res = await page.request.post(`/api/vendor/orders/${order.id}/${step}`, {
      data: { carrier: 'Delhivery', trackingNumber: 'DL99001122' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await shopper.close();

  await page.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(
    page.getByRole('definition').filter({ hasText: 'Delivered; payable once the 7-day return window closes' }),
  ).not.toContainText('₹0.00');
  await expect(page.getByRole('region', { name: 'What is deducted' })).toContainText('section 194-O');
  const ledger = page.getByRole('table', { name: /Your delivered lines/ });
  const row = ledger.getByRole('row').filter({ hasText: order.orderNumber });
  await expect(row).toContainText('In return window');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download statement (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain(order.orderNumber);
  expect(text).toContain('Total');
});
