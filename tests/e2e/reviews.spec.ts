import type { APIRequestContext } from '@playwright/test';
import type { ProductDetail } from '../../src/shared/schemas/catalogue';
import type { OrdersResponse } from '../../src/shared/schemas/orders';
import type { MyReviewResponse } from '../../src/shared/schemas/reviews';
import { DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

/** A laptop from the signed-in customer's delivered orders that they have not reviewed yet (from the API, never a fixed id). */
async function deliveredLaptopToReview(request: APIRequestContext): Promise<ProductDetail> {
  const response = await request.get('/api/orders?page=1&pageSize=50');
  expect(response.ok(), 'GET /api/orders').toBe(true);
  const { items } = (await response.json()) as OrdersResponse;
  const delivered = [...new Set(items.filter((o) => o.status === 'delivered').flatMap((o) => o.items.map((i) => i.productId)))];
  expect(delivered.length, 'the demo customer has delivered orders').toBeGreaterThan(0);
  for (const productId of delivered) {
    const mine = await request.get(`/api/catalogue/products/${encodeURIComponent(productId)}/my-review`);
    if (!mine.ok() || !((await mine.json()) as MyReviewResponse).canReview) continue;
    const detail = await request.get(`/api/catalogue/products/${encodeURIComponent(productId)}`);
    if (!detail.ok()) continue;
    const { product } = (await detail.json()) as { product: ProductDetail };
    if (product.category === 'Laptop') return product;
  }
  throw new Error('The demo customer has no delivered laptop left to review (each run of the stories needs a fresh database).');
}

test('a customer who received a laptop reviews it', async ({ page }) => {
  const rohan = DEMO_ACCOUNTS.customer;
  await signIn(page, '/login', rohan.email, rohan.password);
  await expect(page).not.toHaveURL(/\/login/);

  // The page's request context shares the browser's session cookie.
  const laptop = await deliveredLaptopToReview(page.request);
  const countBefore = laptop.ratingCount;
  const title = `Reliable for office work ${Date.now().toString(36)}`;

  await page.goto(`/product/${encodeURIComponent(laptop.id)}`);
  await expect(page.getByRole('heading', { name: laptop.name, level: 1 })).toBeVisible();
  const reviews = page.locator('section#reviews');
  await expect(reviews.getByText(`${countBefore.toLocaleString('en-IN')} ${countBefore === 1 ? 'rating' : 'ratings'}`)).toBeVisible();

  await reviews.getByRole('button', { name: 'Write a review' }).click();
  const form = reviews.getByRole('form', { name: 'Write a review' });
  // Submitting without stars or words is caught on the fields.
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Choose 1 to 5 stars')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Stars by keyboard, as the radio group allows: the first star, then right to the fifth.
  await form.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Your review')
    .fill('Arrived well packed. Boots fast, the keyboard is comfortable and the battery lasts a working day.');
  await form.getByRole('button', { name: 'Submit review' }).click();

  await expect(page.getByText('Thank you. Your review is published.')).toBeVisible();
  await expect(reviews.getByText('You reviewed this product')).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toBeHidden();
  const first = reviews.getByRole('article').first();
  await expect(first.getByRole('heading', { name: title })).toBeVisible();
  await expect(first.getByText(rohan.name)).toBeVisible();
  const countAfter = countBefore + 1;
  await expect(reviews.getByText(`${countAfter.toLocaleString('en-IN')} ${countAfter === 1 ? 'rating' : 'ratings'}`)).toBeVisible();

  // It is the shop's record, not only the page's: after a reload it is still there, and only once.
  await page.reload();
  await expect(reviews.getByRole('article').first().getByRole('heading', { name: title })).toBeVisible();
  await expect(reviews.getByText('You reviewed this product')).toBeVisible();
  await expect(reviews.getByText(`${countAfter.toLocaleString('en-IN')} ${countAfter === 1 ? 'rating' : 'ratings'}`)).toBeVisible();
});
