import { randomBytes } from 'node:crypto';
import { formatPaise } from '../../src/shared/money';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { openAdminConsole } from './support/accounts';
import { addAddressAtCheckout, bestStocked, customerWithCart } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

test('admin creates a coupon for monitors that a customer then uses, and sees the redemption', async ({ page, browser }) => {
  const code = `MON${randomBytes(3).toString('hex').toUpperCase()}`;

  // The admin creates a 10% coupon for monitors only, in the console.
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
  await expect(page).toHaveURL('/admin/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await expect(page.getByTestId('coupon-row').first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'New coupon' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Description for customers').fill('10% off monitors, no minimum');
  await expect(dialog.getByLabel('Percent off')).toBeChecked();
  await dialog.getByLabel('Percent', { exact: true }).fill('95');
  await dialog.getByLabel('Category').selectOption('Monitor');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  // The same rule as the server's: at most 90%.
  await expect(dialog.getByText('A percent coupon gives 1% to 90% off')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByLabel('Percent', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();

  await page.getByLabel('Code or description').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(row).toContainText('Monitors only');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('10% off');

  // A customer, in a browser of their own, buys a monitor with the code and pays by UPI.
  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  const monitor = await bestStocked(customerPage.request, 'Monitor');
  await customerWithCart(customerPage, customerPage.request, monitor, 'Kavita Bhosale');
  await addAddressAtCheckout(customerPage, 'Kavita Bhosale', { line1: 'Flat 3, Shanti Kunj, Kothrud', city: 'Pune', pin: '411038' });
  await customerPage.getByRole('button', { name: 'Continue to payment' }).click();
  await customerPage.getByRole('radio', { name: 'UPI', exact: true }).check();
  await customerPage.getByRole('button', { name: 'Continue to review' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Review your order' })).toBeFocused();

  // The offers say what the coupon applies to; this cart can use it. One it cannot use (the demo's
  // BIGSAVE, for orders of ₹1,00,000 or more) is listed apart with the reason and no Apply.
  const offer = customerPage.getByRole('list', { name: 'Offers you can use' }).getByRole('listitem').filter({ hasText: code });
  await expect(offer).toContainText('Monitors only');
  await expect(offer.getByRole('button', { name: `Apply ${code}` })).toBeVisible();
  expect(monitor.pricePaise).toBeLessThan(1_00_000_00);
  const bigSave = customerPage.getByRole('list', { name: 'Not for this cart' }).getByRole('listitem').filter({ hasText: 'BIGSAVE' });
  await expect(bigSave).toContainText(`On orders of ₹1,00,000.00 or more: add ${formatPaise(1_00_000_00 - monitor.pricePaise)} more`);
  await expect(bigSave.getByRole('button')).toHaveCount(0);
  await expectNoAccessibilityViolations(customerPage);
  await customerPage.getByLabel('Coupon code').fill(code.toLowerCase());
  await customerPage.getByRole('button', { name: 'Apply', exact: true }).click();
  const discount = Math.floor(monitor.pricePaise / 10);
  await expect(customerPage.getByText(`${code} applied: you save ${formatPaise(discount)}.`)).toBeVisible();
  await customerPage.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(customerPage).toHaveURL(/\/test-gateway\/checkout\//);
  await customerPage.getByLabel('UPI id').fill('success@razorpay');
  await customerPage.locator('#upi').getByRole('button', { name: /^Pay/ }).click();
  await expect(customerPage.getByRole('heading', { name: 'Thank you! Your order is confirmed' })).toBeVisible();
  const orderId = new URL(customerPage.url()).searchParams.get('order')!;
  const order = ((await (await customerPage.request.get(`/api/orders/${orderId}`)).json()) as { order: OrderDetail }).order;
  expect(order.totals.discountPaise).toBe(discount);
  await shopper.close();

  // The admin sees the use and the redemption: the order, the customer and the discount.
  await page.reload();
  const used = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(used).toContainText(/1Once per customer/);
  await used.getByRole('button', { name: `Redemptions of ${code}` }).click();
  const redemptions = page.getByRole('table', { name: `Redemptions of ${code}, newest first (1)` });
  await expect(redemptions.getByRole('link', { name: order.orderNumber })).toBeVisible();
  await expect(redemptions).toContainText('Kavita Bhosale');
  await expect(redemptions).toContainText(formatPaise(discount));
  await expectNoAccessibilityViolations(page);

  // Paused, it is refused at checkout; the audit log holds each change.
  await used.getByRole('button', { name: `Pause ${code}` }).click();
  await expect(used).toContainText('Paused');
  const audit = await page.request.get(`/api/admin/audit?entityType=coupon&entityId=${code}`);
  const actions = ((await audit.json()) as { items: { action: string }[] }).items.map((e) => e.action);
  expect(actions).toEqual(['coupon.pause', 'coupon.create']);
});
