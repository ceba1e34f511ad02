import type { APIRequestContext, Page } from '@playwright/test';
import { formatPaise } from '../../src/shared/money';
import { PRICING, splitGst } from '../../src/shared/pricing';
import type { ProductCard, ProductListResponse } from '../../src/shared/schemas/catalogue';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

/** Products for sale with at least `minStock` in stock, from the API (never hard-coded ids). */
async function inStock(request: APIRequestContext, category: 'Laptop' | 'Monitor', minStock: number): Promise<ProductCard[]> {
  const response = await request.get(`/api/catalogue/products?category=${category}&in_stock=true&page_size=48`);
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as ProductListResponse).items.filter((p) => p.stock >= minStock);
  expect(items.length).toBeGreaterThan(0);
  return items;
}

/** Puts a cart into local storage before the app starts, as an earlier visit would have left it. */
async function storeCart(page: Page, lines: { product: ProductCard; quantity: number; price?: number }[]) {
  const cart = lines.map(({ product, quantity, price }) => ({
    product: { id: product.id, price: price ?? product.pricePaise, name: product.name, stock: product.stock },
    quantity,
  }));
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('cart-seeded')) {
      window.localStorage.setItem('cart', value);
      window.sessionStorage.setItem('cart-seeded', '1');
    }
  }, JSON.stringify(cart));
}

const gstOf = (amount: number) => splitGst(amount, PRICING.gstRateBp.Laptop, false).igstPaise;

test('a shopper sees a changed price in the cart and accepts it', async ({ page }) => {
  const [laptop] = await inStock(page.request, 'Laptop', 1);
  const oldPrice = laptop!.pricePaise - 1_000_00;
  await storeCart(page, [{ product: laptop!, quantity: 1, price: oldPrice }]);
  await page.goto('/cart');

  const line = page.getByTestId('cart-line');
  await expect(line.getByText('Price changed')).toBeVisible();
  await expect(line.locator('s')).toHaveText(formatPaise(oldPrice));
  await expect(line.getByText(`now ${formatPaise(laptop!.pricePaise)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();

  await page.getByRole('button', { name: /Accept new price/ }).click();
  await expect(line.getByText('Price changed')).toBeHidden();
  await expect(line.getByText(`${formatPaise(laptop!.pricePaise)} each`)).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]') as { product: { price: number } }[];
  expect(stored[0]!.product.price).toBe(laptop!.pricePaise);

  const shipping = laptop!.pricePaise >= PRICING.freeShippingAtPaise ? 0 : PRICING.standardShippingPaise;
  await expect(page.getByText(`Includes GST of ${formatPaise(gstOf(laptop!.pricePaise))}`)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(formatPaise(laptop!.pricePaise + shipping));
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
});

test('a shopper adjusts quantities and removes an item', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const [laptop] = await inStock(page.request, 'Laptop', 3);
  const [monitor] = await inStock(page.request, 'Monitor', 1);
  await storeCart(page, [
    { product: laptop!, quantity: 1 },
    { product: monitor!, quantity: 1 },
  ]);
  await page.goto('/cart');

  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(
    formatPaise(
      laptop!.pricePaise +
        monitor!.pricePaise +
        (laptop!.pricePaise + monitor!.pricePaise >= PRICING.freeShippingAtPaise ? 0 : PRICING.standardShippingPaise),
    ),
  );
  await expectNoAccessibilityViolations(page);

  await page
    .getByRole('group', { name: `Quantity of ${laptop!.name}` })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await expect(page.getByRole('group', { name: `Quantity of ${laptop!.name}` }).locator('output')).toHaveText('2');
  await page.getByRole('button', { name: `Remove ${monitor!.name}` }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  const subtotal = 2 * laptop!.pricePaise;
  await expect(page.getByText(`Subtotal (2 items)`)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(
    formatPaise(subtotal + (subtotal >= PRICING.freeShippingAtPaise ? 0 : PRICING.standardShippingPaise)),
  );
  await expect(page.getByText(`Includes GST of ${formatPaise(gstOf(subtotal))}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});
