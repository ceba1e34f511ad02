import { DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { inShopDatabase } from './support/shop-database';

/**
 * What the product page discloses (decision 73): who sells the unit shown in the buy box and every other seller
 * (legal name, address, customer care, rating, return and warranty terms; Consumer Protection (E-Commerce) Rules
 * 2020, rules 5 and 6), and where the model is made and who imported it (Legal Metrology). The demo's MacBook Air
 * is sold by the shop's own store and by Pune Tech Hub.
 */
async function productIdOf(slug: string): Promise<string> {
  return inShopDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>('select id from products where slug = $1', [slug]);
    if (!rows[0]) throw new Error(`The demo product ${slug} is missing`);
    return rows[0].id;
  });
}

test('a shopper sees who sells the laptop, where it is made and how to reach the seller', async ({ page }) => {
  const id = await productIdOf('apple-macbook-air-13-m4');
  await page.goto(`/product/${id}?variant=16-gb-512-gb-ssd`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('MacBook Air 13-inch M4');

  const seller = page.getByRole('region', { name: 'Seller details of Sahyadri Computers' });
  await expect(seller).toContainText('Sahyadri Computers Pvt Ltd');
  await expect(seller).toContainText('Sahyadri House, 14 Jangli Maharaj Road, Shivajinagar, Pune, Maharashtra 411005');
  await expect(seller.getByRole('link', { name: '+91 20456 78910' })).toHaveAttribute('href', 'tel:+912045678910');
  await expect(seller.getByRole('link', { name: 'care@sahyadricomputers.in' })).toHaveAttribute('href', 'mailto:care@sahyadricomputers.in');
  await expect(seller).toContainText('Seller rating');
  await expect(seller).toContainText('Returnable within 7 days of delivery');
  await expect(seller).toContainText('1 year Apple limited warranty');

  // Where it is made, in its specifications: made abroad, so its importer is named.
  const specs = page.getByRole('table', { name: /^Specifications of/ });
  await expect(specs.getByRole('row', { name: /Country of origin/ })).toContainText('China');
  await expect(specs.getByRole('row', { name: /Importer/ })).toContainText('Apple India Pvt Ltd');
  await expect(specs.getByRole('row', { name: /Importer/ })).toContainText('Bengaluru');
  await expectNoAccessibilityViolations(page);

  // The other seller's details are one click away, under its line.
  const others = page.getByRole('region', { name: /^1 more seller from/ });
  await others.getByText('Seller details of Pune Tech Hub').click();
  await expect(others).toContainText('Pune Tech Hub Pvt Ltd');
  await expect(others).toContainText('Office 12, Sai Corner, Bhandarkar Road, Deccan Gymkhana, Pune, Maharashtra 411004');
  await expect(others.getByRole('link', { name: 'care@punetechhub.in' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Another configuration, sold by the shop alone: its seller's details follow it, and no other seller is listed.
  await page.getByRole('group', { name: /^RAM/ }).getByText('24 GB').click();
  await expect(page).toHaveURL(/variant=/);
  await expect(page.getByRole('region', { name: 'Seller details of Sahyadri Computers' })).toContainText('Sahyadri Computers Pvt Ltd');
  await expect(page.getByRole('region', { name: /more sellers? from/ })).toHaveCount(0);

  // On a phone, everything fits the width and still reads in order.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('region', { name: 'Seller details of Sahyadri Computers' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAccessibilityViolations(page);
});

test('a seller names its legal name and customer care, and shoppers see them on its products', async ({ page }) => {
  const seller = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', seller.email, seller.password);
  await expect(page).not.toHaveURL(/\/vendor\/login/);
  await page.goto('/vendor/profile');
  const section = page.getByRole('region', { name: 'What shoppers see' });
  await expect(section.getByLabel('Legal name')).toHaveValue('Pune Tech Hub Pvt Ltd');
  await expectNoAccessibilityViolations(page);

  await section.getByLabel('Customer-care phone').fill('12345');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(section.getByText(/10-digit Indian phone number/)).toBeVisible();

  await section.getByLabel('Customer-care phone').fill('020 2567 3344');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved').first()).toBeVisible();

  const id = await productIdOf('apple-macbook-air-13-m4');
  await page.goto(`/product/${id}?variant=16-gb-512-gb-ssd`);
  const others = page.getByRole('region', { name: /^1 more seller from/ });
  await others.getByText('Seller details of Pune Tech Hub').click();
  await expect(others.getByRole('link', { name: '+91 20256 73344' })).toBeVisible();

  // Put back as the demo has it, for the stories after this one.
  await page.goto('/vendor/profile');
  await page.getByRole('region', { name: 'What shoppers see' }).getByLabel('Customer-care phone').fill('020 2567 1122');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved').first()).toBeVisible();
});
