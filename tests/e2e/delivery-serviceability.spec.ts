import { addAddressAtCheckout, bestStocked, customerWithCart } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

// The built-in test courier serves no PIN ending in 999 (decision 78), and answers checkout (decision 80).

test('a shopper in an unserviced PIN is told plainly before paying, and can deliver elsewhere', async ({ page, request }) => {
  const laptop = await bestStocked(request, 'Laptop');
  await customerWithCart(page, request, laptop, 'Tenzin Dorjee');
  await addAddressAtCheckout(page, 'Tenzin Dorjee', { line1: 'Plot 9, Industrial Estate', city: 'Pune', pin: '411999' });

  const alert = page.getByRole('alert').filter({ hasText: "We can't deliver to PIN code 411999 yet" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/We can't deliver to 411999 yet: no courier serves it from .+\(.*sold by .+\)/);
  await expect(alert).toContainText(laptop.name);
  // No delivery option, so no way on to payment.
  await expect(page.getByRole('radio', { name: 'Standard delivery' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Another address the courier serves: the alert goes, the courier's dates come.
  await alert.getByRole('button', { name: 'Choose another address' }).click();
  await expect(page.getByRole('heading', { name: 'Where should we deliver?', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a new address' }).click();
  await page.getByLabel('Full name').fill('Tenzin Dorjee (home)');
  await page.getByLabel('Mobile number').fill('98220 45678');
  await page.getByLabel('Address line 1').fill('Flat 7, Sai Residency, Baner Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN code').fill('411045');
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page.getByRole('radio', { name: 'Tenzin Dorjee (home)' })).toBeChecked();
  await expect(alert).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(page.getByRole('heading', { name: 'How fast?' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Standard delivery' })).toBeChecked();
  await expect(page.getByText(/^Expected \w{3}, \d{1,2} \w{3}/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  await expectNoAccessibilityViolations(page);
});

test('a shopper checks an unserviced PIN on a product page and is told no courier serves it', async ({ page, request }) => {
  const laptop = await bestStocked(request, 'Laptop');
  await page.goto(`/product/${laptop.id}`);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await delivery.getByLabel('PIN code').fill('411999');
  await delivery.getByRole('button', { name: 'Check' }).click();
  await expect(delivery.getByRole('status')).toContainText(/We can't deliver to 411999 yet: no courier serves it from \w+/);
  await expect(delivery.getByRole('status')).not.toContainText('Cash on delivery available');
  await expectNoAccessibilityViolations(page);
});
