import { randomBytes } from 'node:crypto';
import { variantConfiguration } from '../../src/shared/catalogue';
import { formatPaise } from '../../src/shared/money';
import { DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { inShopDatabase } from './support/shop-database';

/** The demo monitor the story sells: Dell's P2425H, which Pune Tech Hub lists in the demo catalogue. */
const MONITOR_MODEL = 'P2425H';

/**
 * The monitor, its first configuration on sale with its MRP and lowest price on sale, and a demo seller
 * (whose sign-in the story knows) that neither lists it nor offers any of its configurations yet: not
 * "the first" product or seller, so stories running meanwhile, or this one run again, change nothing.
 */
async function monitorAndSeller() {
  return inShopDatabase(async (db) => {
    const { rows: products } = await db.query<{
      id: string;
      name: string;
      vendor_id: string;
      option_keys: string[];
      variant_id: string;
      options: Record<string, string>;
      mrp_paise: number;
      from_paise: number | null;
    }>(
      `select p.id, p.name, p.vendor_id, p.option_keys, v.id as variant_id, v.options, v.mrp_paise,
              (select min(o.price_paise) from offers o
                where o.variant_id = v.id and o.status = 'active' and o.vendor_active and o.stock > 0) as from_paise
         from products p join product_variants v on v.product_id = p.id and v.status = 'active'
        where p.category = 'Monitor' and p.status = 'active' and p.merged_into is null and p.model = $1
        order by v.position, v.id limit 1`,
      [MONITOR_MODEL],
    );
    const monitor = products[0];
    if (!monitor) throw new Error(`The demo catalogue has no monitor of model ${MONITOR_MODEL} on sale`);
    const { rows: sellers } = await db.query<{ business_name: string; email: string }>(
      `select v.business_name, u.email from vendors v join users u on u.id = v.user_id
        where v.status = 'approved' and u.email = any($1::text[]) and v.id <> $2
          and not exists (select 1 from offers o where o.product_id = $3 and o.vendor_id = v.id)
        order by v.id limit 1`,
      [Object.values(DEMO_ACCOUNTS).map((a) => a.email), monitor.vendor_id, monitor.id],
    );
    const seller = sellers[0];
    const account = Object.values(DEMO_ACCOUNTS).find((a) => a.email === seller?.email);
    if (!seller || !account || !('password' in account)) throw new Error('No demo seller is left that does not sell the monitor yet');
    const configuration = variantConfiguration(monitor.options, monitor.option_keys);
    return {
      productId: monitor.id,
      name: monitor.name,
      variantId: monitor.variant_id,
      configurationText: configuration.length ? configuration.map((c) => `${c.option} ${c.value}`).join(' · ') : 'One configuration',
      mrpPaise: monitor.mrp_paise,
      // Below the lowest price on sale (or the MRP), in whole rupees.
      pricePaise: Math.floor(((monitor.from_paise ?? monitor.mrp_paise) - 200_00) / 100) * 100,
      seller: { name: seller.business_name, email: account.email, password: account.password },
    };
  });
}

test('a seller adds its offer to an existing monitor instead of listing a new one', async ({ page, browser }) => {
  const monitor = await monitorAndSeller();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const sku = `E2E-OFFER-${tag}`;
  const price = formatPaise(monitor.pricePaise);

  await signIn(page, '/vendor/login', monitor.seller.email, monitor.seller.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Products' }).click();

  // Adding a product, the seller is told to search the catalogue first.
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { name: 'Is it in our catalogue already?' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(MONITOR_MODEL);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/vendor/products/offers/new?q=${MONITOR_MODEL}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sell an existing product' })).toBeVisible();

  // The monitor is among the matches, with its configurations, their MRP and sellers.
  const card = page.getByRole('article', { name: monitor.name });
  await expect(card).toContainText(`Model ${MONITOR_MODEL}`);
  await expect(card).toContainText(`MRP ${formatPaise(monitor.mrpPaise)}`);
  await expectNoAccessibilityViolations(page);

  await card.getByRole('button', { name: `Sell this: ${monitor.name}, ${monitor.configurationText}` }).click();
  const form = page.getByRole('form', { name: 'Your offer' });
  await expect(form).toContainText(monitor.configurationText);
  // A price above the MRP is refused before anything is sent.
  await form.getByRole('textbox', { name: 'Your price (₹)' }).fill(String(monitor.mrpPaise / 100 + 1000));
  await form.getByRole('button', { name: 'Put my offer on sale' }).click();
  await expect(form.getByText(`At most the MRP, ${formatPaise(monitor.mrpPaise)}`, { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await form.getByRole('textbox', { name: 'Your price (₹)' }).fill(String(monitor.pricePaise / 100));
  await expect(form.getByText(`Shoppers see ${price}`)).toBeVisible();
  await form.getByRole('textbox', { name: 'Stock' }).fill('4');
  await form.getByRole('textbox', { name: 'Days to dispatch' }).fill('1');
  await form.getByRole('textbox', { name: 'Your SKU' }).fill(sku);
  await form.getByRole('textbox', { name: 'Warranty', exact: true }).fill('3 years Advanced Exchange warranty (Dell)');
  await form.getByRole('textbox', { name: 'Warranty (months)' }).fill('36');
  await form.getByRole('button', { name: 'Put my offer on sale' }).click();

  // On sale: the seller is told so and finds it among its offers.
  await expect(page.getByText(`Your offer of ${monitor.name} is on sale at ${price}`)).toBeVisible();
  await expect(page).toHaveURL('/vendor/products/offers');
  const row = page
    .getByRole('table', { name: /Your offers on other sellers’ products/ })
    .getByRole('row')
    .filter({ hasText: sku });
  await expect(row).toContainText(monitor.name);
  await expect(row).toContainText(price);
  await expect(row).toContainText('On sale');
  await expectNoAccessibilityViolations(page);

  // A shopper opening the monitor's page sees that seller: in the buy box, or among the other sellers.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/product/${monitor.productId}?variant=${monitor.variantId}`);
  await expect(shopper.getByRole('heading', { level: 1 })).toContainText(monitor.name);
  const inBuyBox = shopper.getByText(`Sold by ${monitor.seller.name}`);
  const others = shopper.getByRole('region', { name: /more sellers? from/ });
  await expect(inBuyBox.or(others.getByText(monitor.seller.name))).toBeVisible();
  if (await inBuyBox.isVisible()) await expect(shopper.getByText(price).first()).toBeVisible();
  else await expect(others).toContainText(price);
  await expectNoAccessibilityViolations(shopper);
  await shopperContext.close();
});
