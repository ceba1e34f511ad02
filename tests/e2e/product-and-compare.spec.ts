import type { APIRequestContext } from '@playwright/test';
import type { ProductCard, ProductDetail, ProductListResponse } from '../../src/shared/schemas/catalogue';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { overlap, settledBox } from './support/layout';

/** Products for sale in a category, in stock, from the API (never hard-coded ids). */
async function inStock(request: APIRequestContext, category: 'Laptop' | 'Monitor'): Promise<ProductCard[]> {
  const response = await request.get(`/api/catalogue/products?category=${category}&in_stock=true&page_size=48`);
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as ProductListResponse;
  return list.items;
}

async function detail(request: APIRequestContext, id: string): Promise<ProductDetail> {
  const response = await request.get(`/api/catalogue/products/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { product: ProductDetail }).product;
}

/** A laptop with several pictures and at least two in stock. */
async function laptopWithPictures(request: APIRequestContext): Promise<ProductDetail> {
  for (const card of await inStock(request, 'Laptop')) {
    if (card.stock < 2) continue;
    const product = await detail(request, card.id);
    if (product.images.length >= 2) return product;
  }
  throw new Error('The demo catalogue has no laptop with two pictures and two in stock');
}

test('a shopper opens a laptop, zooms the gallery with the keyboard and adds two to the cart', async ({ page }) => {
  const laptop = await laptopWithPictures(page.request);
  const pictures = laptop.images.length;
  await page.goto(`/product/${laptop.id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(laptop.name);
  await expect(page).toHaveTitle(`${laptop.name} — Sahyadri Computers`);
  await expect(page.getByText(`Sold by ${laptop.vendor.name}, ${laptop.vendor.city}`)).toBeVisible();
  await expect(page.getByText('Inclusive of all taxes (GST)')).toBeVisible();
  await expect(page.getByText(/EMI from ₹[\d,]+\.\d\d\/month/)).toBeVisible();
  await expect(page.getByRole('table', { name: `Specifications of ${laptop.name}` })).toBeVisible();

  // The arrow keys step through the pictures; Enter opens the zoomed view, which steps too.
  const mainPicture = page.getByRole('button', { name: new RegExp(`^Zoom picture 1 of ${pictures}`) });
  await mainPicture.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: new RegExp(`^Zoom picture 2 of ${pictures}`) })).toBeFocused();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: laptop.name });
  await expect(lightbox).toBeVisible();
  await expect(lightbox).toContainText(`Picture 2 of ${pictures}`);
  await page.keyboard.press('ArrowRight');
  await expect(lightbox).toContainText(`Picture ${pictures > 2 ? 3 : 1} of ${pictures}`);
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox).toContainText(`Picture 2 of ${pictures}`);
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^Zoom picture 2 of ${pictures}`) })).toBeFocused();

  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByText(`Added 2 × ${laptop.name} to your cart`)).toBeVisible();
  const cart = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]') as {
    product: { id: string; price: number };
    quantity: number;
  }[];
  expect(cart).toEqual([{ product: expect.objectContaining({ id: laptop.id, price: laptop.pricePaise, name: laptop.name }), quantity: 2 }]);

  // The page was recorded as recently viewed.
  expect(await page.evaluate(() => window.localStorage.getItem('recentlyViewed'))).toBe(JSON.stringify([laptop.id]));
});

test("a shopper adds a laptop to the cart on a laptop and on a phone: the toast covers neither the page's heading nor the header, nor the phone's Add to cart bar", async ({
  page,
}) => {
  const laptop = (await inStock(page.request, 'Laptop')).find((p) => p.stock >= 3)!;
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `${laptop.name} to your cart` });
  const heading = page.getByRole('heading', { level: 1, name: laptop.name });
  const header = page.getByRole('banner');
  /** The toast in view, in the lower half of the screen, clear of the heading and the header. */
  const expectClear = async (viewport: { width: number; height: number }) => {
    await expect(toast).toBeVisible();
    // Where it stays once sonner has slid it in.
    const box = await settledBox(toast);
    expect(box.y, 'the toast is in the lower half of the screen').toBeGreaterThan(viewport.height / 2);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await overlap(toast, heading), 'the toast covers the heading').toBe(false);
    expect(await overlap(toast, header), 'the toast covers the header').toBe(false);
  };

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/product/${laptop.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectClear({ width: 1366, height: 768 });
  await toast.getByRole('button', { name: /close/i }).click();
  await expect(toast).toHaveCount(0);

  // On a phone: at the top of the page, then scrolled, where the bar with Add to cart stays at the bottom, the toast above it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click();
  await expectClear({ width: 390, height: 844 });
  await toast.getByRole('button', { name: /close/i }).click();
  await expect(toast).toHaveCount(0);
  await page.getByRole('table', { name: `Specifications of ${laptop.name}` }).scrollIntoViewIfNeeded();
  const bar = page.getByTestId('sticky-buy-bar');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(toast).toBeVisible();
  await settledBox(toast);
  expect(await overlap(toast, bar), 'the toast covers the Add to cart bar').toBe(false);
  expect(await overlap(toast, header), 'the toast covers the header').toBe(false);
});

test('a shopper checks delivery to a PIN code', async ({ page }) => {
  const [laptop] = await inStock(page.request, 'Laptop');
  await page.goto(`/product/${laptop!.id}`);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  const pin = delivery.getByLabel('PIN code');

  await pin.fill('01234');
  await delivery.getByRole('button', { name: 'Check' }).click();
  await expect(delivery.getByText('Enter a valid 6-digit PIN code')).toBeVisible();
  await expect(pin).toHaveAttribute('aria-invalid', 'true');

  await pin.fill('411004');
  await delivery.getByRole('button', { name: 'Check' }).click();
  const answer = delivery.getByRole('status');
  await expect(answer).toContainText(/Delivery by \w{3}, \d{1,2} \w{3}( – \w{3}, \d{1,2} \w{3})? to Pune/);
  await expect(answer).toContainText('Cash on delivery available');
  expect(await page.evaluate(() => window.localStorage.getItem('deliveryPin'))).toBe('411004');

  // Another product page already knows the PIN code.
  const [, other] = await inStock(page.request, 'Monitor');
  await page.goto(`/product/${other!.id}`);
  await expect(page.getByRole('region', { name: 'Delivery' }).getByLabel('PIN code')).toHaveValue('411004');
  await expect(page.getByRole('region', { name: 'Delivery' }).getByRole('status')).toContainText('to Pune');
});

test('a shopper compares three monitors', async ({ page }) => {
  const monitors = (await inStock(page.request, 'Monitor')).slice(0, 3);
  expect(monitors).toHaveLength(3);

  for (const monitor of monitors) {
    await page.goto(`/product/${monitor.id}`);
    await page.getByRole('checkbox', { name: `Compare ${monitor.name}` }).check();
  }
  const tray = page.getByRole('region', { name: 'Compare monitors' });
  await expect(tray.getByRole('listitem')).toHaveCount(3);
  await expect(tray).toContainText(monitors[2]!.name);

  // A laptop cannot join the monitors: the shopper is asked, and keeps the list.
  const [laptop] = await inStock(page.request, 'Laptop');
  await page.goto(`/product/${laptop!.id}`);
  // Not `check()`: the box stays clear until the shopper decides.
  await page.getByRole('checkbox', { name: `Compare ${laptop!.name}` }).click();
  const ask = page.getByRole('alertdialog', { name: 'Compare laptops instead?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep my list' }).click();
  await expect(page.getByRole('checkbox', { name: `Compare ${laptop!.name}` })).not.toBeChecked();

  await page.getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(`/compare?ids=${monitors.map((m) => m.id).join(',')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare monitors');
  await expect(page.getByRole('table', { name: 'Comparison of 3 monitors' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Comparison of \d monitors$/ });
  await expect(table.locator('thead').getByRole('columnheader')).toHaveCount(3);
  for (const monitor of monitors) await expect(table.getByRole('link', { name: monitor.name })).toBeVisible();

  const differing = table.locator('tbody tr[data-differs="true"]');
  expect(await differing.count()).toBeGreaterThan(0);
  await expect(differing.first()).toHaveClass(/bg-amber-50/);
  await expect(differing.first().getByRole('rowheader')).toContainText('(differs)');
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Show only differences').check();
  await expect(table.locator('tbody tr[data-differs="false"]')).toHaveCount(0);
  await expect(differing.first()).toBeVisible();

  await table.getByRole('button', { name: `Remove ${monitors[0]!.name} from the comparison` }).click();
  await expect(table.locator('thead').getByRole('columnheader')).toHaveCount(2);
  await expect(page).toHaveURL(
    `/compare?ids=${monitors
      .slice(1)
      .map((m) => m.id)
      .join(',')}`,
  );
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('compare'))) ?? 'null')).toEqual({
    category: 'Monitor',
    ids: monitors.slice(1).map((m) => m.id),
  });
});

test('an unknown product id shows the not-found page', async ({ page }) => {
  const response = await page.goto('/product/prd_NoSuchProduct123');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Sahyadri Computers');
  expect(await page.evaluate(() => window.localStorage.getItem('recentlyViewed'))).toBeNull();
});

test('the compare page explains how to add products when nothing is chosen', async ({ page }) => {
  await page.goto('/compare');
  await expect(page.getByRole('heading', { name: 'Nothing to compare yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse monitors' })).toHaveAttribute('href', '/category/Monitor');
  await expectNoAccessibilityViolations(page);
});
