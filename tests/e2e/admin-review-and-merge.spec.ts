import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { ProductDetailResponse } from '../../src/shared/schemas/catalogue';
import type { OrdersResponse } from '../../src/shared/schemas/orders';
import type { MyReviewResponse } from '../../src/shared/schemas/reviews';
import { DEMO_ACCOUNTS, openAdminConsole, signIn, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { verifyEmailFromMailbox } from './support/mailbox';
import { listMonitor } from './support/seller-products';

/**
 * A monitor of one configuration from the demo customer's delivered orders, not yet reviewed: the duplicate the
 * admin merges away (from the API, never a fixed id).
 */
async function deliveredMonitor(request: APIRequestContext) {
  const response = await request.get('/api/orders?page=1&pageSize=50');
  expect(response.ok(), 'GET /api/orders').toBe(true);
  const { items } = (await response.json()) as OrdersResponse;
  for (const order of items.filter((o) => o.status === 'delivered')) {
    for (const item of order.items) {
      const mine = await request.get(`/api/catalogue/products/${encodeURIComponent(item.productId)}/my-review`);
      if (!mine.ok() || !((await mine.json()) as MyReviewResponse).canReview) continue;
      const detail = await request.get(`/api/catalogue/products/${encodeURIComponent(item.productId)}`);
      if (!detail.ok()) continue;
      const page = (await detail.json()) as ProductDetailResponse;
      if (page.product.category === 'Monitor' && page.variants.length === 1 && page.options.length === 0) {
        return { orderId: order.id, product: page.product };
      }
    }
  }
  throw new Error('The demo customer has no delivered monitor of one configuration left to review (each run needs a fresh database).');
}

test('an admin approves a new product and merges a duplicate, and the shopper’s old order and review still show', async ({
  page,
  browser,
}) => {
  test.slow();
  // The shopper reviews a monitor it received.
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await signIn(shopperPage, '/login', DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  await expect(shopperPage).not.toHaveURL(/\/login/);
  const { orderId, product: duplicate } = await deliveredMonitor(shopperPage.request);
  const reviewTitle = `Sharp text for spreadsheets ${Date.now().toString(36)}`;
  const reviewed = await shopperPage.request.post(`/api/catalogue/products/${duplicate.id}/reviews`, {
    data: { rating: 5, title: reviewTitle, body: 'Crisp picture, the stand tilts well and it has been faultless for months.' },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);

  // A new seller, approved but not trusted, lists the same model: it waits for review.
  const seller = await browser.newContext();
  const email = uniqueEmail('vendor');
  const businessName = `Chakan Displays ${Date.now().toString(36)}`;
  const registered = await seller.request.post('/api/vendors/register', {
    data: {
      name: 'Sunil Khandve',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: `98${String(randomInt(10_000_000, 99_999_999))}`,
      pickupLine1: 'Gat 12, Chakan MIDC',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '410501',
    },
  });
  expect(registered.status()).toBe(201);
  const vendorId = ((await registered.json()) as { user: { vendor: { id: string } } }).user.vendor.id;
  await openAdminConsole(page);
  await verifyEmailFromMailbox(page, await seller.newPage(), email);
  expect((await page.request.post(`/api/admin/vendors/${vendorId}/decision`, { data: { decision: 'approve' } })).status()).toBe(200);
  // The same model, named nearly as the duplicate is: the queue names it as a likely duplicate.
  const name = `${duplicate.name} ${Date.now().toString(36).toUpperCase()}`;
  const keptId = await listMonitor(seller.request, duplicate.brand, name, { model: duplicate.model ?? undefined, price: '8,000' });
  expect((await seller.request.get(`/api/catalogue/products/${keptId}`)).status()).toBe(404);
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/vendor/products');
  await expect(sellerPage.getByRole('row').filter({ hasText: name })).toContainText('Under review');

  // The admin's queue: the count on Manage products, the product with its seller, specifications and the likely duplicate.
  await page.goto('/admin/products');
  await page.getByRole('link', { name: /Awaiting review/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting review' })).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText(businessName);
  await expect(card).toContainText('Monitor');
  await expect(card.getByRole('region', { name: `Likely duplicates of ${name}` })).toContainText(duplicate.name);
  await expectNoAccessibilityViolations(page);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByText(`${name} is approved and on sale.`)).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
  expect((await seller.request.get(`/api/catalogue/products/${keptId}`)).status()).toBe(200);
  await sellerPage.reload();
  await expect(sellerPage.getByRole('row').filter({ hasText: name })).toContainText('On sale');

  // The admin merges the older listing into the new one: the dialog says what moves, then it is done.
  await page.goto(`/admin/products/${duplicate.id}`);
  await page.getByRole('button', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge ${duplicate.name} into…` });
  await dialog.getByLabel('Product to keep (its id)').fill(keptId);
  await dialog.getByLabel('Product to keep (its id)').press('Enter');
  await expect(dialog.getByRole('list', { name: 'What moves' })).toContainText('review');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Merge products' }).click();
  await expect(page.getByText(`${duplicate.name} is merged into ${name}.`)).toBeVisible();

  // The shopper's old order still shows the line as bought; its link opens the kept product, with the review on it.
  await shopperPage.goto(`/order-details/${orderId}`);
  const line = shopperPage.getByRole('link', { name: duplicate.name }).first();
  await expect(line).toBeVisible();
  await line.click();
  await expect(shopperPage).toHaveURL(new RegExp(`/product/${keptId}`));
  await expect(shopperPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopperPage.locator('section#reviews')).toContainText(reviewTitle);
  await expectNoAccessibilityViolations(shopperPage);
  // The old address answers 301 to the kept product, for crawlers and shared links.
  const old = await shopper.request.get(`/product/${duplicate.id}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/product/${keptId}`);
  await seller.close();
  await shopper.close();
});
