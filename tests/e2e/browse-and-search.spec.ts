import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { inputTextRoom } from './support/layout';

/** "248 products" under the heading, announced politely; the number it shows. */
const resultCount = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^[\d,]+ products?$/ });

async function countOf(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const match = /([\d,]+) products?/.exec(text);
  if (!match) throw new Error(`No product count in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** A filter value reads "Lenovo, 18 products" to a screen reader: the count the facets gave it. */
async function facetCount(option: Locator): Promise<number> {
  const text = (await option.getAttribute('aria-label')) ?? '';
  const match = /,\s*([\d,]+) products?$/.exec(text);
  if (!match) throw new Error(`No count in the filter option "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** The selling price of each card, in order (the first rupee amount on a card; MRP comes after it). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('main').getByRole('article').allInnerTexts();
  return texts.map((text) => {
    const match = /₹([\d,]+(?:\.\d\d)?)/.exec(text);
    if (!match) throw new Error(`No price on the card "${text}"`);
    return Number(match[1]!.replace(/,/g, ''));
  });
}

test('a shopper browses laptops, filters by brand and RAM and sorts by price', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await expect(resultCount(page)).toBeVisible();
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Laptops' }).click();
  await expect(page).toHaveURL('/category/Laptop');
  await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
  await expect(page).toHaveTitle(/^Laptops — /);
  const allLaptops = await countOf(resultCount(page));

  const filters = page.getByRole('complementary', { name: 'Filters' });
  const brands = filters.getByRole('group', { name: 'Brand' });
  await expect(brands).toBeVisible();
  const showAllBrands = brands.getByRole('button', { name: /^Show all \d+ brand options$/ });
  if (await showAllBrands.isVisible()) await showAllBrands.click();
  const lenovo = brands.getByRole('checkbox', { name: /^Lenovo, [\d,]+ products?$/ });
  const lenovoCount = await facetCount(lenovo);
  expect(lenovoCount).toBeGreaterThan(0);
  expect(lenovoCount).toBeLessThan(allLaptops);
  await lenovo.check();
  await expect(page).toHaveURL('/category/Laptop?brand=Lenovo');
  await expect(resultCount(page)).toHaveText(`${lenovoCount} products`);
  await expect(page.getByRole('button', { name: 'Remove filter Brand: Lenovo' })).toBeVisible();

  const ram16 = filters.getByRole('group', { name: 'RAM' }).getByRole('checkbox', { name: /^16 GB, [\d,]+ products?$/ });
  const ram16Count = await facetCount(ram16);
  expect(ram16Count).toBeGreaterThan(0);
  await ram16.check();
  await expect(page).toHaveURL('/category/Laptop?brand=Lenovo&ram=16');
  await expect(resultCount(page)).toHaveText(`${ram16Count} ${ram16Count === 1 ? 'product' : 'products'}`);
  for (const card of await page.getByRole('main').getByRole('article').all()) {
    await expect(card).toContainText('Lenovo');
    await expect(card).toContainText('16 GB RAM');
  }

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL('/category/Laptop?brand=Lenovo&ram=16&sort=price_asc');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const prices = await cardPrices(page);
  expect(prices.length).toBe(Math.min(ram16Count, 24));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expectNoAccessibilityViolations(page);

  // Back undoes one step at a time: first the sort, then the RAM filter.
  await page.goBack();
  await expect(page).toHaveURL('/category/Laptop?brand=Lenovo&ram=16');
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
  await page.goBack();
  await expect(page).toHaveURL('/category/Laptop?brand=Lenovo');
  await expect(ram16).not.toBeChecked();
  await expect(lenovo).toBeChecked();
  await expect(resultCount(page)).toHaveText(`${lenovoCount} products`);

  // A shared link opens the same list.
  await page.goto('/category/Laptop?brand=Lenovo&ram=16&sort=price_asc');
  await expect(ram16).toBeChecked();
  await expect(resultCount(page)).toHaveText(`${ram16Count} ${ram16Count === 1 ? 'product' : 'products'}`);
});

test('a shopper searches from the header with suggestions and with Enter', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.pressSequentially('thinkp');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions for thinkp' });
  await expect(suggestions).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = suggestions.getByRole('option');
  await expect(options.first()).toContainText('ThinkPad');
  await expect(options.last()).toHaveText('See all results for “thinkp”');
  await expectNoAccessibilityViolations(page);

  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await box.press('ArrowDown');
  await expect(suggestions).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/[^/?]+$/);
  await expect(box).toHaveValue('');
  await expect(suggestions).toBeHidden();

  await box.fill('macbok');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=macbok');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “macbok”');
  await expect(box).toHaveValue('');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toContainText(/MacBook/i);
  await expect(resultCount(page)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a shopper on a phone filters with the drawer', async ({ page }) => {
    await page.goto('/category/Monitor');
    await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
    await expect(resultCount(page)).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    const brand = drawer
      .getByRole('group', { name: 'Brand' })
      .getByRole('checkbox', { name: /, [1-9][\d,]* products?$/ })
      .first();
    const brandCount = await facetCount(brand);
    const brandName = ((await brand.evaluate((el) => el.closest('label')?.querySelector('span')?.textContent)) ?? '').trim();
    await brand.check();
    const show = drawer.getByRole('button', { name: `Show ${brandCount} ${brandCount === 1 ? 'product' : 'products'}` });
    await expect(show).toBeVisible();
    // Nothing changes behind the drawer until the shopper asks for the products.
    await expect(page).toHaveURL('/category/Monitor');
    await expectNoAccessibilityViolations(page);

    await show.click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(`/category/Monitor?brand=${encodeURIComponent(brandName).replace(/%20/g, '+')}`);
    await expect(resultCount(page)).toHaveText(`${brandCount} ${brandCount === 1 ? 'product' : 'products'}`);
    await expect(page.getByRole('button', { name: `Remove filter Brand: ${brandName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters 1 chosen$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAccessibilityViolations(page);

    await page.goBack();
    await expect(page).toHaveURL('/category/Monitor');
    await expect(page.getByRole('button', { name: /Remove filter/ })).toHaveCount(0);
  });
});

test("a shopper reads the whole of the laptops' lowest and highest price in the Price boxes, on a laptop and in a phone's filters", async ({
  page,
}) => {
  /** Both boxes show their amount whole (₹1,99,990 as written below them, not "19999"). */
  const expectWholeAmounts = async (scope: Locator) => {
    const hint = await scope.getByText(/^Prices here run from/).textContent();
    const [, low, high] = /from ₹([\d,]+) to ₹([\d,]+)/.exec(hint ?? '') ?? [];
    expect(high, 'the hint names the highest price').toBeTruthy();
    for (const [label, amount] of [
      ['Min price', low],
      ['Max price', high],
    ] as const) {
      const box = scope.getByRole('textbox', { name: label });
      await expect(box).toHaveAttribute('placeholder', amount!);
      const { textWidth, room } = await inputTextRoom(box);
      expect(textWidth, `${label}'s ${amount} fits its box`).toBeLessThanOrEqual(room);
    }
    // What a shopper types is as long as the amounts shown: it fits too.
    const max = scope.getByRole('textbox', { name: 'Max price' });
    await max.fill('12,34,567');
    const typed = await inputTextRoom(max);
    expect(typed.textWidth, 'a typed 12,34,567 fits').toBeLessThanOrEqual(typed.room);
    await max.fill('');
  };

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/category/Laptop');
  await expectWholeAmounts(page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Price' }));

  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole('button', { name: /^Filters/ })
    .first()
    .click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expectWholeAmounts(sheet.getByRole('group', { name: 'Price' }));
  await expectNoAccessibilityViolations(page);
});

test('an unknown category shows the not-found page', async ({ page }) => {
  await page.goto('/category/Toasters');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found — /);
  await expectNoAccessibilityViolations(page);
});
