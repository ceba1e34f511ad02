import { DEMO_ACCOUNTS, openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { listMonitor } from './support/seller-products';

test("admin corrects a seller's product price, hides two products at once and merges a misspelt brand", async ({ page, browser }) => {
  const seller = await browser.newContext();
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const run = Date.now().toString(36).toUpperCase();
  const brand = `Zebronics ${run}`;
  const misspelt = `Zebronicks ${run}`;
  const first = `${brand} Kharadi 24-inch Monitor`;
  const second = `${misspelt} Wakad 24-inch Monitor`;
  const firstId = await listMonitor(seller.request, brand, first);
  const secondId = await listMonitor(seller.request, misspelt, second);

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Products' }).click();
  const search = page.getByRole('searchbox', { name: 'Name, model or SKU' });
  await search.fill(run);
  await search.press('Enter');
  await expect(page.getByRole('table', { name: 'Products of every seller (2)' })).toBeVisible();

  // The price of the first one is wrong: the admin opens it in the seller centre's form and corrects it.
  await page.getByRole('link', { name: first, exact: true }).click();
  await expect(page).toHaveURL(`/admin/products/${firstId}`);
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await expect(page.getByText('Sold by Pune Tech Hub')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const price = page.getByRole('textbox', { name: 'Price (₹)', exact: true });
  await price.fill('7,999');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${first} is saved. Pune Tech Hub sees the change in the seller centre.`)).toBeVisible();
  const own = (await (await seller.request.get(`/api/vendor/products/${firstId}`)).json()) as { product: { pricePaise: number } };
  expect(own.product.pricePaise).toBe(7_999_00);

  // Both carry pictures of another model: the admin hides the two at once with one reason.
  await page.goBack();
  await expect(page.getByRole('table', { name: 'Products of every seller (2)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all 2 on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await expectNoAccessibilityViolations(page);
  await bar.getByRole('button', { name: 'Hide', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide 2 products?' });
  await dialog.getByLabel('Reason').fill('The pictures show a 27-inch model; add pictures of this one.');
  await dialog.getByRole('button', { name: 'Hide 2 products' }).click();
  await expect(page.getByText('2 products hidden from the shop.')).toBeVisible();
  for (const name of [first, second]) await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Hidden by the shop');
  await expect(bar).not.toContainText('selected');
  const shopper = await browser.newContext();
  expect((await shopper.request.get(`/api/catalogue/products/${secondId}`)).status()).toBe(404);
  await shopper.close();

  // The second seller's brand is misspelt: the admin merges it into the right one.
  await page.getByRole('link', { name: 'Brands', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Brand name' }).fill(run);
  await page.getByRole('searchbox', { name: 'Brand name' }).press('Enter');
  const brands = page.getByRole('table', { name: 'Brands (2)' });
  await expect(brands).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await brands.getByRole('button', { name: `Rename or merge ${misspelt}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename or merge ${misspelt}` });
  await rename.getByRole('combobox', { name: 'New name' }).fill(brand);
  await rename.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(rename.getByText(`Merge ${misspelt} into ${brand}?`)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await rename.getByRole('button', { name: 'Merge brands' }).click();
  await expect(page.getByText(`${misspelt} is merged into ${brand}: 1 product changed.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Brands (1)' })).toContainText(brand);
  const merged = (await (await seller.request.get(`/api/vendor/products/${secondId}`)).json()) as { product: { brand: string } };
  expect(merged.product.brand).toBe(brand);
  await seller.close();
});
