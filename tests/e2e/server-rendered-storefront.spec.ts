import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './support/accounts';
import { bestStocked } from './support/checkout';
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
  await page.goto(`/product/${card.id}`);
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  // Hydrated: the quantity and Add to cart work, and the header's cart count follows.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(catalogueCalls, 'the page came with its data').toEqual([]);
  expect(problems).toEqual([]);
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

  const admin = DEMO_ACCOUNTS.admin;
  await signIn(page, '/admin/login', admin.email, admin.password);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto(`/admin/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('textbox', { name: 'Price (₹)' }).fill('7,999');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} is saved.`, { exact: false })).toBeVisible();

  const shopperPage = await shopper.newPage();
  await shopperPage.goto(`/product/${product.id}`);
  await expect(shopperPage.getByRole('heading', { level: 1, name })).toBeVisible();
  const after = await firstHtml(shopper.request, `/product/${product.id}`);
  expect(offerPrice(after)).toBe('7999.00');
  await shopper.close();
});
