import { gstinCheckCharacter } from '../../src/shared/gstin';
import { formatPaise } from '../../src/shared/money';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { listMonitor } from './support/seller-products';

/** A Maharashtra GSTIN with a right check character, unique to this run. */
function maharashtraGstin(): string {
  const digits = String(Date.now() % 10_000).padStart(4, '0');
  const first14 = `27AAHCQ${digits}K1Z`;
  return first14 + gstinCheckCharacter(first14);
}

test('an office asks for a quote for 60 monitors, the seller answers, and the office pays the quoted price', async ({ page, browser }) => {
  test.slow();
  // The seller lists a monitor of its own (₹8,499, MRP ₹11,000) with 80 in stock, and sets its limits in the seller centre.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  await signIn(seller, '/vendor/login', vendor.email, vendor.password);
  await expect(seller).toHaveURL(/\/vendor\/dashboard/);
  const name = `BenQ Wakad ${Date.now().toString(36).toUpperCase()} 24-inch Monitor`;
  const productId = await listMonitor(seller.request, 'BenQ', name, { stock: '80' });
  await seller.goto(`/vendor/products/${productId}`);
  const limits = seller.getByRole('region', { name: 'Quantity limits' });
  await limits.getByLabel('Limit per order').fill('5');
  await limits.getByLabel('Limit for businesses').fill('50');
  await seller.getByRole('button', { name: 'Save changes' }).click();
  await expect(seller.getByText(`${name} is saved`)).toBeVisible();

  // The office's buyer has its business saved, and sees the limits on the product page.
  const customer = await createCustomer(page.request, 'Sneha Kulkarni');
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  const gstin = maharashtraGstin();
  const business = await page.request.post('/api/businesses', {
    data: {
      gstin,
      legalName: 'Wakad Design Studio LLP',
      line1: 'Office 12, Hinjewadi Phase 1',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411057',
    },
  });
  expect(business.status(), await business.text()).toBe(201);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Up to 5 per order; businesses up to 50').first()).toBeVisible();

  const quoting = page.getByRole('region', { name: 'Bulk and business orders' });
  await quoting.getByRole('button', { name: 'Request a quote' }).click();
  const form = page.getByRole('form', { name: `Request a quote for ${name}` });
  await form.getByLabel('Quantity').fill('60');
  await form.getByLabel('Buying for').selectOption({ label: `Wakad Design Studio LLP (${gstin})` });
  await form.getByLabel('Note for the seller (optional)').fill('For our new Hinjewadi office; delivery in one lot.');
  await expectNoAccessibilityViolations(page);
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText(/Quote requested from/)).toBeVisible();

  // The seller sees the request in the seller centre and answers ₹7,999 each for 7 days (below the listed price).
  await seller.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  const request = seller.getByRole('listitem').filter({ hasText: `60 × ${name}` });
  await expect(request).toContainText('Sneha Kulkarni for Wakad Design Studio LLP');
  await expect(request).toContainText('Waiting for the seller');
  await expectNoAccessibilityViolations(seller);
  await request.getByRole('button', { name: /Answer with a price/ }).click();
  const answer = seller.getByRole('form', { name: `Answer the quote for ${name}` });
  await answer.getByLabel('Unit price (₹, GST included)').fill('12000');
  await answer.getByLabel('Valid for (days)').fill('7');
  await answer.getByRole('button', { name: 'Send the price' }).click();
  await expect(answer.getByLabel('Unit price (₹, GST included)')).toHaveAccessibleDescription(/At most the MRP/);
  await answer.getByLabel('Unit price (₹, GST included)').fill('7999');
  await answer.getByRole('button', { name: 'Send the price' }).click();
  await expect(request).toContainText('Price offered');
  await expect(request).toContainText(`${formatPaise(7_999_00)} each`);
  await expectNoAccessibilityViolations(seller);

  // The office finds the price under My quotes and pays it: 60 at ₹7,999, billed to its GSTIN.
  await page.goto('/account/quotes');
  const quote = page.getByRole('listitem').filter({ hasText: `60 × ${name}` });
  await expect(quote).toContainText('Price offered');
  await expect(quote).toContainText(`${formatPaise(7_999_00)} each`);
  await expect(quote).toContainText('Valid until');
  await expectNoAccessibilityViolations(page);
  await quote.getByRole('link', { name: /Pay this quote/ }).click();
  await expect(page.getByText(/Paying your quote/)).toBeVisible();
  await expect(page.getByText(`Billed to Wakad Design Studio LLP (GSTIN ${gstin}), as quoted.`, { exact: false })).toBeVisible();
  const address = page.getByRole('form', { name: 'New address' });
  await address.getByLabel('Full name').fill('Sneha Kulkarni');
  await address.getByLabel('Mobile number').fill('98220 45678');
  await address.getByLabel('Address line 1').fill('Office 12, Hinjewadi Phase 1');
  await address.getByLabel('City').fill('Pune');
  await address.getByLabel('State').selectOption('Maharashtra');
  await address.getByLabel('PIN code').fill('411057');
  await address.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page.getByRole('radio', { name: 'Sneha Kulkarni' })).toBeChecked();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(formatPaise(60 * 7_999_00));
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue to delivery' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: 'UPI', exact: true }).check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: /coupon/i })).toHaveCount(0);
  await page.getByRole('button', { name: /^Place order and pay/ }).click();

  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  await page.getByLabel('UPI id').fill('success@razorpay');
  await page.locator('#upi').getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-success\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const order = ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: OrderDetail }).order;
  expect(order.items[0]).toMatchObject({ quantity: 60, unitPricePaise: 7_999_00 });
  expect(order.business).toMatchObject({ gstin, legalName: 'Wakad Design Studio LLP' });

  // The quote is used: My quotes says so and links the order.
  await page.goto('/account/quotes');
  await expect(quote).toContainText('Ordered');
  await expect(quote.getByRole('link', { name: 'Open the order' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await sellerContext.close();
});
