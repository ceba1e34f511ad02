import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, openAdminConsole } from './support/accounts';
import { bestStocked, storeCart } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { listMonitor } from './support/seller-products';

/** Indian rupees as the shop prints them (₹1,23,456.00). */
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The HTML the server sends for a page, before any script runs. */
async function firstHtml(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** The price in the page's JSON-LD offer (the product's own, not those of related products on the page). */
function offerPrice(html: string): string {
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(jsonLd).not.toBeNull();
  return (JSON.parse(jsonLd![1]!) as { offers: { price: string } }).offers.price;
}

/** Errors the page reports (a hydration error is one: React reports it as uncaught), and whatever mentions hydration. */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  return problems;
}

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('shopper with script disabled finds a laptop by filter and reads its specifications', async ({ page }) => {
    await page.goto('/category/Laptop');
    await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
    await expect(page.getByText(/^\d+ products$/)).toBeVisible();

    // The filters are links: the shopper picks Dell, then the cheapest first.
    await page.getByRole('link', { name: /^Dell \(\d+\)$/ }).click();
    await expect(page).toHaveURL('/category/Laptop?brand=Dell');
    await page.getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/\/category\/Laptop\?(?=.*brand=Dell)(?=.*sort=price_asc)/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const name of await cards.getByRole('heading', { level: 3 }).allTextContents()) expect(name).toMatch(/^Dell /);

    // The first laptop's page: its price, stock and specifications are there without any script.
    const first = cards.first().getByRole('heading', { level: 3 }).getByRole('link');
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/In stock, ready to ship\.|Hurry: only \d+ left in stock\.|Currently out of stock\./)).toBeVisible();
    const specs = page.getByRole('table', { name: `Specifications of ${name}` });
    await expect(specs.getByRole('rowheader', { name: 'Processor' }).first()).toBeVisible();
    // (axe needs script in the page; the stories with script check these pages.)
  });

  test('shopper with script disabled searches from the header and lands on the results', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first().fill('ThinkPad');
    await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first().press('Enter');
    await expect(page).toHaveURL('/search?q=ThinkPad');
    await expect(page.getByRole('article').first()).toContainText('ThinkPad');
  });
});

test("the product page's first HTML already holds the price, stock and JSON-LD", async ({ request }) => {
  const card = await bestStocked(request, 'Laptop');
  const html = await firstHtml(request, `/product/${card.id}`);
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toContain(rupees(card.pricePaise));
  expect(root).toMatch(/In stock, ready to ship\.|Hurry: only \d+ left in stock\./);
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(jsonLd).not.toBeNull();
  const product = JSON.parse(jsonLd![1]!) as { '@type': string; name: string; offers: { price: string; availability: string } };
  expect(product['@type']).toBe('Product');
  expect(product.offers.price).toBe((card.pricePaise / 100).toFixed(2));
  expect(product.offers.availability).toContain('InStock');
});

test('shopper opens a product page that comes alive without asking for its data again and without a hydration error', async ({
  page,
  request,
}) => {
  const card = await bestStocked(request, 'Monitor');
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
  });
  const catalogueCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/catalogue/')) catalogueCalls.push(r.url());
  });
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.text());
  });
  await page.goto(`/product/${card.id}`);
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  // Hydrated: the quantity and Add to cart work, and the header's cart count follows.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(catalogueCalls, 'the page came with its data').toEqual([]);
  expect(problems).toEqual([]);
  // React Router's production build (decision 43): its development build's messages to developers are not shipped.
  const texts = await Promise.all(scripts);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => text.includes('Hey developer')).length, "scripts with React Router's development messages").toBe(0);
  await expectNoAccessibilityViolations(page);
});

test("an admin's price change shows on the next load of the product page", async ({ page, browser }) => {
  const seller = await browser.newContext();
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const run = Date.now().toString(36).toUpperCase();
  const name = `Zebronics ${run} Hinjawadi 24-inch Monitor`;
  const product = { id: await listMonitor(seller.request, 'Zebronics', name, { stock: '40' }) };
  await seller.close();

  // A shopper's page, cached for the next one.
  const shopper = await browser.newContext();
  const before = await firstHtml(shopper.request, `/product/${product.id}`);
  expect(offerPrice(before)).toBe('8499.00');
  expect(await firstHtml(shopper.request, `/product/${product.id}`)).toBe(before);

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto(`/admin/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('7,999');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} is saved.`, { exact: false })).toBeVisible();

  const shopperPage = await shopper.newPage();
  await shopperPage.goto(`/product/${product.id}`);
  await expect(shopperPage.getByRole('heading', { level: 1, name })).toBeVisible();
  const after = await firstHtml(shopper.request, `/product/${product.id}`);
  expect(offerPrice(after)).toBe('7999.00');
  await shopper.close();
});

test('shopper with a laptop in the cart opens its product page: the header counts it once the page is hydrated, without a hydration error', async ({
  page,
  request,
}) => {
  const card = await bestStocked(request, 'Laptop');
  const problems = watchForErrors(page);
  await storeCart(page, card);
  // The server's HTML is the same for everyone: an empty cart.
  expect(await firstHtml(request, `/product/${card.id}`)).toContain('aria-label="Cart, 0 items"');

  await page.goto(`/product/${card.id}`);
  // <html data-ready> says the whole page is hydrated and shows this browser's cart: no waiting after it.
  expect(await page.getByTestId('cart-count').textContent()).toBe('1');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  // The page answers: one more of it.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe('a seller on a slow phone, signed in, with a cart', () => {
  test.beforeEach(async ({ context }) => {
    const vendor = DEMO_ACCOUNTS.khargharVendor;
    const login = await context.request.post('/api/auth/login', {
      data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
    });
    expect(login.status()).toBe(200);
  });

  /**
   * Opens `url` in a page of its own (the fixture's page waits for hydration after each goto), on a CPU
   * four times slower, and searches from the header once `when` holds. The seller's session answers while
   * the page is hydrating, and sellers have no wishlist: a part of the page hydrated with it would differ
   * from the server's HTML (the hearts), which React reports as a hydration error.
   */
  async function searchEarly(page: Page, request: APIRequestContext, url: string, when: () => Promise<unknown>) {
    await storeCart(page, await bestStocked(request, 'Monitor'));
    const problems = watchForErrors(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    await when();
    const hydrating = await page.evaluate(() => document.documentElement.dataset['ready'] !== 'true');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first();
    await search.fill('ThinkPad');
    await search.press('Enter');
    await expect(page).toHaveURL('/search?q=ThinkPad');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “ThinkPad”' })).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText('ThinkPad');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    test.info().annotations.push({ type: 'searched', description: hydrating ? 'before the page was hydrated' : 'after' });
    expect(problems).toEqual([]);
  }

  test('searches from the header as soon as the home page paints and lands on the results without a hydration error', async ({
    context,
    request,
  }) => {
    const page = await context.newPage();
    await searchEarly(page, request, '/', () =>
      page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0),
    );
  });

  test('searches from the header while the product page is still hydrating and lands on the results without a hydration error', async ({
    context,
    request,
  }) => {
    const card = await bestStocked(request, 'Laptop');
    const page = await context.newPage();
    // React has taken over the header (its search box carries React's fiber); the rest may still be the server's HTML.
    await searchEarly(page, request, `/product/${card.id}`, () =>
      page.waitForFunction(() => {
        const box = document.querySelector('header input[type="search"]');
        return box !== null && Object.keys(box).some((key) => key.startsWith('__reactFiber$'));
      }),
    );
  });
});
