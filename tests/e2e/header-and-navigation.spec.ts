import { DEMO_ACCOUNTS, createCustomer, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { formatPaise } from '../../src/shared/money';
import type { ProductListResponse } from '../../src/shared/schemas/catalogue';

test('visitor searches from the header: the text goes URL-encoded into q and the box clears', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' }).first();
  const text = 'Dell XPS 13 & 4K/OLED 100%';
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/search' && url.search === `?q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${text}”`);
  await expect(box).toHaveValue('');
});

test('cart badge counts the items kept under the cart key, and ignores unreadable data', async ({ page }) => {
  const list = (await (
    await page.request.get('/api/catalogue/products?in_stock=true&sort=price_asc&page_size=24')
  ).json()) as ProductListResponse;
  const [first, second] = list.items.filter((p) => p.stock >= 3);
  const cart = [
    { product: { id: first!.id, price: first!.pricePaise, name: first!.name, stock: first!.stock }, quantity: 2 },
    { product: { id: second!.id, price: second!.pricePaise, name: second!.name, stock: second!.stock }, quantity: 1 },
  ];
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('cart', value), JSON.stringify(cart));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(page.getByText(formatPaise(first!.pricePaise * 2 + second!.pricePaise)).first()).toBeVisible();
  await page
    .getByRole('group', { name: `Quantity of ${second!.name}` })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await page.getByRole('button', { name: `Remove ${first!.name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]')).toEqual([
    { product: cart[1]!.product, quantity: 2 },
  ]);

  await page.evaluate(() => window.localStorage.setItem('cart', '{not json'));
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('signed-out visitor sees Login, Register and Vendor Login in the account menu', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Login', 'Register', 'Vendor Login']);
  await page.getByRole('menuitem', { name: 'Vendor Login' }).click();
  await expect(page).toHaveURL('/vendor/login');
});

test('vendor sees name and role, My Orders, Vendor Dashboard and Logout, and Logout returns home', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.goto('/about');
  await page.getByRole('button', { name: `Account menu for ${vendor.name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(vendor.name);
  await expect(menu).toContainText('Vendor');
  await expect(page.getByRole('menuitem')).toHaveText(['My Orders', 'Vendor Dashboard', 'Logout']);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
});

test('customer menu has My Orders and Logout but no Vendor Dashboard', async ({ page }) => {
  const customer = await createCustomer(page.request, 'Kiran Rao');
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu for Kiran Rao' }).click();
  await expect(page.getByRole('menu')).toContainText('Customer');
  await expect(page.getByRole('menuitem')).toHaveText(['My Orders', 'Wishlist', 'My Profile', 'Back-in-stock alerts', 'Logout']);
  await page.getByRole('menuitem', { name: 'My Orders' }).click();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  expect(customer.email).toContain('@');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shopper opens the menu: it mirrors the account menu and adds the category links', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText(['Login', 'Register', 'Vendor Login']);
    await expect(menu.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveText(['Laptops', 'Desktops', 'Monitors']);
    await expectNoAccessibilityViolations(page);
    await menu.getByRole('link', { name: 'Monitors' }).click();
    await expect(page).toHaveURL('/category/Monitor');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
  });

  test('signed-in customer finds My Orders and Logout in the phone menu', async ({ page }) => {
    await createCustomer(page.request, 'Meena Iyer');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Account' });
    await expect(account).toContainText('Meena Iyer');
    await expect(account).toContainText('Customer');
    await account.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
      'Login',
      'Register',
      'Vendor Login',
    ]);
  });
});

test('the page scrolls back to the top when the route changes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Returns & Refunds' }).click();
  await expect(page).toHaveURL('/returns');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page loads on demand and shows a Loading placeholder meanwhile', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The cart's page and its own module (a page the browser renders; the server renders the public pages).
  await page.route(/\/assets\/cart-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/cart');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
});

test("'Loading authentication...' shows while the session is being resolved", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  // A page the browser renders (the cart) waits for the session as the seed's app did.
  await page.goto('/cart');
  await expect(page.getByText('Loading authentication...')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  release();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText('Loading authentication...')).toBeHidden();
});

test("a page the server rendered shows at once, its account button saying 'Loading authentication...' until the session is known", async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const account = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await expect(account).toHaveText('Loading authentication...');
  // The button's name holds the words it shows, for those who speak to their screen.
  await expect(account).toHaveAccessibleName('Account menu: Loading authentication...');
  await expectNoAccessibilityViolations(page);
  release();
  await expect(account).toHaveText('Account');
});

test('footer shows the links, the Pune address, phone, e-mail, payment methods and this year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link')).toHaveText([
    'Home',
    'All products',
    'Laptops',
    'Desktops',
    'Monitors',
    'About us',
  ]);
  await expect(footer.getByRole('navigation', { name: 'Customer service' }).getByRole('link')).toHaveText([
    'Contact us',
    'My orders',
    'Returns & Refunds',
    'Grievance officer',
    'Privacy Policy',
    'Terms & Conditions',
    'Sell with us',
  ]);
  await expect(footer).toContainText('Pune, Maharashtra 411005');
  await expect(footer.getByRole('link', { name: '+91 20 4567 8910' })).toHaveAttribute('href', 'tel:+912045678910');
  await expect(footer.getByRole('link', { name: 'support@sahyadricomputers.in' })).toHaveAttribute(
    'href',
    'mailto:support@sahyadricomputers.in',
  );
  await expect(footer.getByRole('list', { name: 'Payment methods' }).getByRole('listitem')).toHaveText([
    'Credit/debit cards',
    'Net banking',
    'UPI',
    'Easy EMI',
    'Cash on delivery',
  ]);
  await expect(footer).toContainText('easy EMI and cash on delivery on orders up to ₹');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Sahyadri Computers`);
  await expect(footer.getByRole('link', { name: /on Instagram/ })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('an unknown address shows the 404 page with HTTP status 404', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  const category = await page.goto('/category/Toasters');
  expect(category?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('signed-out shopper opening My Orders signs in and comes back to it', async ({ page }) => {
  const customer = await createCustomer(page.request);
  await page.context().clearCookies();
  await page.goto('/orders');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
});
