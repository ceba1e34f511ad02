import type { Page } from '@playwright/test';
import { gstinCheckCharacter } from '../../src/shared/gstin';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { pdfText } from '../../src/server/test/pdf-text';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { bestStocked } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

/** A Karnataka GSTIN with a right check character, unique to this run. */
function karnatakaGstin(): string {
  const digits = String(Date.now() % 10_000).padStart(4, '0');
  const first14 = `29AAHCN${digits}K1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Five of one product in the cart, as an earlier visit would have left it. */
async function cartOfFive(page: Page, product: { id: string; pricePaise: number; name: string; stock: number }) {
  await page.addInitScript(
    (value) => {
      if (!window.sessionStorage.getItem('cart-seeded')) {
        window.localStorage.setItem('cart', value);
        window.sessionStorage.setItem('cart-seeded', '1');
      }
    },
    JSON.stringify([{ product: { id: product.id, price: product.pricePaise, name: product.name, stock: product.stock }, quantity: 5 }]),
  );
}

/** The demo sellers with a GSTIN, who can issue e-invoices. */
const REGISTERED_SELLERS = [DEMO_ACCOUNTS.approvedVendor, DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.khargharVendor];

test('an office buys five laptops with its GSTIN and downloads a B2B invoice with its IRN and QR', async ({ page, request, browser }) => {
  const laptop = await bestStocked(
    request,
    'Laptop',
    (p) => p.stock >= 15 && REGISTERED_SELLERS.some((s) => s.businessName === p.vendorName),
  );
  const vendor = REGISTERED_SELLERS.find((s) => s.businessName === laptop.vendorName)!;

  // The laptop's seller is above ₹5 crore turnover: it says from when e-invoicing applies to it.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, '/vendor/login', vendor.email, vendor.password);
  await expect(seller).toHaveURL('/vendor/dashboard');
  await seller.goto('/vendor/profile');
  const eInvoicing = seller.getByRole('region', { name: 'E-invoicing' });
  await eInvoicing.getByLabel('E-invoicing applies from').fill('2024-04-01');
  await eInvoicing.getByRole('button', { name: 'Save' }).click();
  await expect(seller.getByText('E-invoicing applies from 1 Apr 2024.')).toBeVisible();

  const customer = await createCustomer(request, 'Meera Iyer');
  await cartOfFive(page, laptop);
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Where should we deliver?', level: 2 })).toBeVisible();

  // Buying for the business: its GSTIN is checked before anything is saved.
  await page.getByRole('radio', { name: 'Buy for my business' }).check();
  const business = page.getByRole('form', { name: 'New business' });
  await expect(business).toBeVisible();
  const gstin = karnatakaGstin();
  const wrong = gstin.slice(0, 14) + (gstin.endsWith('A') ? 'B' : 'A');
  await business.getByLabel('GSTIN').fill(wrong);
  await business.getByLabel('Legal name').fill('Nimbus Analytics Private Limited');
  await business.getByLabel('Billing address line 1').fill('4th Floor, Prestige Tech Park');
  await business.getByLabel('City').fill('Bengaluru');
  await business.getByLabel('State').selectOption('Karnataka');
  await business.getByLabel('PIN code').fill('560103');
  await business.getByRole('button', { name: 'Save and bill to this business' }).click();
  await expect(business.getByLabel('GSTIN')).toHaveAccessibleDescription(/last character does not match/);
  await expect(business.getByLabel('GSTIN')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAccessibilityViolations(page);

  await business.getByLabel('GSTIN').fill(gstin);
  await business.getByRole('button', { name: 'Save and bill to this business' }).click();
  await expect(page.getByRole('radio', { name: 'Nimbus Analytics Private Limited' })).toBeChecked();
  await expect(page.getByText(gstin).first()).toBeVisible();

  // Delivered to the Pune office; the GST is charged for Karnataka, the GSTIN's state: IGST from a Maharashtra seller.
  const address = page.getByRole('form', { name: 'New address' });
  await address.getByLabel('Full name').fill('Meera Iyer');
  await address.getByLabel('Mobile number').fill('98220 45678');
  await address.getByLabel('Address line 1').fill('Office 501, Business Bay, Yerawada');
  await address.getByLabel('City').fill('Pune');
  await address.getByLabel('State').selectOption('Maharashtra');
  await address.getByLabel('PIN code').fill('411006');
  await address.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page.getByRole('radio', { name: 'Meera Iyer' })).toBeChecked();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('Place of supply: Karnataka (29)')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(page.getByRole('heading', { name: 'How fast?' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: 'UPI', exact: true }).check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeFocused();
  await expect(page.getByText(`Nimbus Analytics Private Limited, GSTIN ${gstin}`)).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toContainText(laptop.name);
  await page.getByRole('button', { name: /^Place order and pay/ }).click();

  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  await page.getByLabel('UPI id').fill('success@razorpay');
  await page.locator('#upi').getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-success\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const order = ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: OrderDetail }).order;
  expect(order.items[0]!.quantity).toBe(5);
  expect(order.business).toMatchObject({ gstin, legalName: 'Nimbus Analytics Private Limited' });
  expect(order.totals.cgstPaise + order.totals.sgstPaise).toBe(0);
  expect(order.totals.igstPaise).toBeGreaterThan(0);

  // The order page names the business; the invoice is a B2B tax invoice billed to it.
  await page.goto(`/order-details/${orderId}`);
  const panel = page.getByRole('region', { name: 'Bought for your business' });
  await expect(panel).toContainText('Nimbus Analytics Private Limited');
  await expect(panel).toContainText(gstin);
  await expect(panel).toContainText('Place of supply: Karnataka (29)');
  await expectNoAccessibilityViolations(page);
  // The invoice is registered with the IRP by the background job; the page shows its IRN once it is.
  const irn = panel.getByRole('definition').filter({ hasText: /^[0-9a-f]{64}$/ });
  await expect(irn).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('document-held')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  const registered = ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: OrderDetail }).order;
  const [eInvoice] = registered.invoice!.eInvoices!;
  expect(eInvoice).toMatchObject({ status: 'registered', sellerName: vendor.businessName, supplierGstin: vendor.gstin });
  await expect(irn).toHaveText(eInvoice!.irn!);
  const pdf = await page.request.get(`/api/orders/${orderId}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  const body = await pdf.body();
  const text = pdfText(body);
  expect(text).toContain(`IRN: ${eInvoice!.irn}`);
  expect(text).toContain(`Ack No: ${eInvoice!.ackNo}`);
  // The signed QR code is drawn on the invoice as a picture.
  expect(body.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  expect(text).toContain(gstin);
  expect(text).toContain('Nimbus Analytics Private Limited');
  expect(text).toContain('Place of supply');
  expect(text).toContain('Karnataka (29)');
  expect(text).toContain('BILLED TO');

  // The seller finds the registration among its e-invoices, with the same IRN.
  await seller.goto('/vendor/e-invoices');
  const row = seller
    .getByRole('table', { name: /^E-invoices, newest first/ })
    .getByRole('row')
    .filter({ hasText: order.invoice!.number });
  await expect(row).toContainText('Registered');
  await expect(row).toContainText(eInvoice!.irn!.slice(0, 16));
  await expectNoAccessibilityViolations(seller);
  await sellerContext.close();

  // On a phone the profile lists the business, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account/profile');
  const card = page.getByRole('article', { name: `Nimbus Analytics Private Limited, GSTIN ${gstin}` });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAccessibilityViolations(page);
});
