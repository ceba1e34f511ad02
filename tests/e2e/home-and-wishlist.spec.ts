import type { APIRequestContext, Page } from '@playwright/test';
import type { HomeResponse, ProductCard } from '../../src/shared/schemas/catalogue';
import { createCustomer } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

async function homeData(request: APIRequestContext): Promise<HomeResponse> {
  const response = await request.get('/api/catalogue/home');
  expect(response.status()).toBe(200);
  return (await response.json()) as HomeResponse;
}

/** A laptop the home page shows in one of its rows. */
async function laptopOnHome(request: APIRequestContext): Promise<ProductCard> {
  const home = await homeData(request);
  const laptop = [...home.deals, ...home.bestSellers, ...home.newArrivals].find((p) => p.category === 'Laptop');
  expect(laptop, 'a laptop on the home page').toBeDefined();
  return laptop!;
}

function row(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

test('a visitor sees deals, best sellers, new arrivals and brands on the home page', async ({ page, request }) => {
  const home = await homeData(request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  for (const [title, items] of [
    ['Top deals', home.deals],
    ['Best sellers', home.bestSellers],
    ['New arrivals', home.newArrivals],
  ] as const) {
    const section = row(page, title);
    await expect(section.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(items.length);
    await expect(section.getByRole('link', { name: items[0]!.name, exact: true })).toBeVisible();
  }
  // Deals are in stock and discounted, biggest discount first.
  const discounts = home.deals.map((p) => p.discountPercent);
  expect(discounts.every((d) => d > 0)).toBe(true);
  expect([...discounts].sort((a, b) => b - a)).toEqual(discounts);
  await expect(row(page, 'Top deals').getByRole('article').first()).toContainText(`${home.deals[0]!.discountPercent}% off`);

  // Each category shows how many products it has and its lowest price, in Indian rupees.
  const laptops = home.categories.find((c) => c.category === 'Laptop')!;
  const laptopCard = page.getByRole('region', { name: 'Shop by category' }).getByRole('link', { name: /^Laptops/ });
  await expect(laptopCard).toContainText(`${laptops.count.toLocaleString('en-IN')} products`);
  await expect(laptopCard).toContainText(/from ₹[\d,]+/);
  await expect(laptopCard.locator('img')).toHaveAttribute('loading', 'eager');

  const brands = page.getByRole('region', { name: 'Shop by brand' });
  const brand = home.brands[0]!;
  await expect(brands.getByRole('link')).toHaveCount(home.brands.length);
  await expectNoAccessibilityViolations(page);

  await brands
    .getByRole('link', { name: `${brand.brand} ${brand.count.toLocaleString('en-IN')} ${brand.count === 1 ? 'product' : 'products'}` })
    .click();
  await expect(page).toHaveURL(`/products?brand=${encodeURIComponent(brand.brand).replace(/%20/g, '+')}`);
});

test.describe('on a 375-pixel phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a visitor swipes through the home page rows without the page scrolling sideways', async ({ page }) => {
    await page.goto('/');
    await expect(row(page, 'Best sellers').getByRole('article').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAccessibilityViolations(page);
  });
});

test('a customer saves a laptop to the wishlist and finds it on the wishlist page', async ({ page }) => {
  await createCustomer(page.request, 'Sneha Joshi');
  const laptop = await laptopOnHome(page.request);
  await page.goto('/');

  const save = page.getByRole('button', { name: `Save to wishlist: ${laptop.name}`, exact: true }).first();
  await save.click();
  await expect(page.getByText('Saved to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Saved: ${laptop.name}`, exact: true }).first()).toHaveAttribute('aria-pressed', 'true');

  // Saved on the server: still saved after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: `Saved: ${laptop.name}`, exact: true }).first()).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Account menu for Sneha Joshi' }).click();
  await page.getByRole('menuitem', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: laptop.name });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByRole('link', { name: laptop.name })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await card.getByRole('button', { name: `Add to cart: ${laptop.name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await card.getByRole('button', { name: `Remove: ${laptop.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByText(`Removed ${laptop.name} from your wishlist.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
});

test('a signed-out visitor is asked to sign in before saving, and comes back to the page', async ({ page, request }) => {
  const customer = await createCustomer(request, 'Farhan Shaikh');
  const laptop = await laptopOnHome(request);
  await page.goto('/');

  await page
    .getByRole('button', { name: `Save to wishlist: ${laptop.name}`, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Sign in to save products to your wishlist.')).toBeVisible();

  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');

  await page
    .getByRole('button', { name: `Save to wishlist: ${laptop.name}`, exact: true })
    .first()
    .click();
  await expect(page.getByRole('button', { name: `Saved: ${laptop.name}`, exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
});

test('a signed-out visitor opening the wishlist signs in and lands on it', async ({ page, request }) => {
  const customer = await createCustomer(request, 'Anjali Menon');
  await page.goto('/wishlist');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
});
