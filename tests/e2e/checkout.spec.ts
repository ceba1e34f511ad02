import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatPaise } from '../../src/shared/money';
import { PRICING } from '../../src/shared/pricing';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { addAddressAtCheckout, bestStocked, customerWithCart, storeCart } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { listMonitor } from './support/seller-products';

async function choosePayment(page: Page, method: string) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'How would you like to pay?' })).toBeFocused();
  await page.getByRole('radio', { name: method, exact: true }).check();
}

/** The order the customer is sent back to (`/order-success?order=…`), read from the API. */
async function orderOnPage(page: Page): Promise<OrderDetail> {
  const orderId = new URL(page.url()).searchParams.get('order');
  expect(orderId).toBeTruthy();
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { order: OrderDetail }).order;
}

async function expectConfirmed(page: Page, paid: 'Paid' | 'Pay on delivery') {
  await expect(page).toHaveURL(/\/order-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is confirmed' })).toBeVisible();
  const order = await orderOnPage(page);
  await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
  await expect(page.getByText(paid, { exact: false }).first()).toBeVisible();
  return order;
}

test('a customer pays by UPI and sees the order confirmed', async ({ page, request }) => {
  const laptop = await bestStocked(request, 'Laptop');
  await customerWithCart(page, request, laptop, 'Priya Kulkarni');
  await addAddressAtCheckout(page, 'Priya Kulkarni');
  await expectNoAccessibilityViolations(page);

  await choosePayment(page, 'UPI');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeFocused();
  const line = page.getByTestId('checkout-line');
  await expect(line).toContainText(laptop.name);
  await expect(line).toContainText('HSN 8471');
  // Delivered in Maharashtra: the GST shows as CGST + SGST or IGST depending on the seller's state, never neither.
  await expect(
    page
      .getByRole('complementary', { name: 'Order summary' })
      .getByText(/^(CGST|IGST)$/)
      .first(),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const shipping = laptop.pricePaise >= PRICING.freeShippingAtPaise ? 0 : PRICING.standardShippingPaise;
  const total = laptop.pricePaise + shipping;
  await expect(page.getByTestId('checkout-total')).toHaveText(formatPaise(total));
  await page.getByRole('button', { name: `Place order and pay ${formatPaise(total)}` }).click();

  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  await page.getByLabel('UPI id').fill('success@razorpay');
  await page.locator('#upi').getByRole('button', { name: /^Pay/ }).click();

  const order = await expectConfirmed(page, 'Paid');
  expect(order.paymentMethod).toBe('upi');
  expect(order.payment.status).toBe('captured');
  // The cart is empty after the order.
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBe('[]');
});

test('a customer presses Buy now on a laptop and goes straight to checkout with it; with more in the cart, to the cart first', async ({
  page,
  request,
}) => {
  const [laptop, other] = await Promise.all([bestStocked(request, 'Laptop'), bestStocked(request, 'Monitor')]);
  const customer = await createCustomer(request, 'Meera Kale');
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/product/${laptop.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Where should we deliver?', level: 2 })).toBeVisible();
  await expect(page.getByText(laptop.name).first()).toBeVisible();

  // Something else is in the cart already: the cart shows both before anything is paid.
  await page.goto(`/product/${other.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('a customer opens the shop at 127.0.0.1, pays by UPI and lands signed in on the order', async ({ page, request, baseURL }) => {
  const laptop = await bestStocked(request, 'Laptop');
  const customer = await createCustomer(request, 'Kavita Joshi');
  const shop = new URL(baseURL!);
  const byAddress = `${shop.protocol}//127.0.0.1:${shop.port}`;

  // The machine answers at 127.0.0.1 as well: the page goes to the shop's own address before anything is kept.
  await page.goto(`${byAddress}/product/${laptop.id}`);
  await expect(page).toHaveURL(`${shop.origin}/product/${laptop.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto(`${byAddress}/login`);
  await expect(page).toHaveURL(`${shop.origin}/login`);
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await addAddressAtCheckout(page, customer.name);
  await choosePayment(page, 'UPI');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  await page.getByLabel('UPI id').fill('success@razorpay');
  await page.locator('#upi').getByRole('button', { name: /^Pay/ }).click();

  // Back from the provider on the same address, still signed in, on the order.
  const order = await expectConfirmed(page, 'Paid');
  expect(new URL(page.url()).origin).toBe(shop.origin);
  await expect(page.getByRole('button', { name: `Account menu for ${customer.name}` })).toBeVisible();
  expect(order.payment.status).toBe('captured');
});

test("a customer's card is declined, then she retries and pays", async ({ page, request }) => {
  const laptop = await bestStocked(request, 'Laptop');
  await customerWithCart(page, request, laptop, 'Anjali Deshpande');
  await addAddressAtCheckout(page, 'Anjali Deshpande');
  await choosePayment(page, 'Credit or debit card');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('button', { name: /^Place order and pay/ }).click();

  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  const card = page.locator('#card');
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('CVV').fill('123');
  await card.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/order-success\?order=.+&payment=failed/);
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByText('Your payment did not go through')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();

  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('CVV').fill('123');
  await card.getByRole('button', { name: /^Pay/ }).click();

  const order = await expectConfirmed(page, 'Paid');
  expect(order.paymentMethod).toBe('card');
  expect(order.payment.status).toBe('captured');
});

test('a customer orders with cash on delivery', async ({ page, request }) => {
  // On a phone: one column, the order summary (and Place order) below the step.
  await page.setViewportSize({ width: 375, height: 800 });
  // Cash on delivery is offered up to ₹50,000 (with shipping), where the PIN code allows it.
  const monitor = await bestStocked(request, 'Monitor', (p) => p.pricePaise + PRICING.standardShippingPaise <= PRICING.codLimitPaise);
  await customerWithCart(page, request, monitor, 'Rohan Joshi');
  await addAddressAtCheckout(page, 'Rohan Joshi');
  await choosePayment(page, 'Cash on delivery');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByText('Cash on delivery', { exact: false }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Place order', exact: true }).click();

  const order = await expectConfirmed(page, 'Pay on delivery');
  expect(page.url()).not.toContain('test-gateway');
  expect(order.paymentMethod).toBe('cod');
  expect(order.address.pinCode).toBe('411045');
});

test('a customer pays in 6 monthly EMIs', async ({ page, request }) => {
  const laptop = await bestStocked(request, 'Laptop');
  await customerWithCart(page, request, laptop, 'Kavita Shinde');
  await addAddressAtCheckout(page, 'Kavita Shinde');
  await choosePayment(page, 'EMI');
  const plans = page.getByRole('table', { name: 'EMI plans for this order' });
  await expect(plans).toBeVisible();
  await plans.getByRole('radio', { name: /^6 months at/ }).check();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByText('EMI, 6 months')).toBeVisible();
  await page.getByRole('button', { name: /^Place order and pay/ }).click();

  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  const emi = page.locator('#emi');
  await emi.getByLabel('Card number').fill('4111 1111 1111 1111');
  await emi.getByLabel('Expiry (MM/YY)').fill('12/30');
  await emi.getByLabel('CVV').fill('123');
  await emi.getByLabel('Tenure').selectOption('6');
  await emi.getByRole('button', { name: /in EMIs$/ }).click();

  const order = await expectConfirmed(page, 'Paid');
  await expect(page.getByText('6 months', { exact: false }).first()).toBeVisible();
  expect(order.paymentMethod).toBe('emi');
  expect(order.emiTenureMonths).toBe(6);
});

test('a signed-out shopper is sent to sign in and comes back to checkout with her cart', async ({ page, request }) => {
  const product = await bestStocked(request, 'Monitor');
  const customer = await createCustomer(request, 'Sneha Patil');
  await storeCart(page, product);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Where should we deliver?', level: 2 })).toBeVisible();
  await expect(page.getByText(formatPaise(product.pricePaise)).first()).toBeVisible();
});

/**
 * A seller's monitor with 3 in stock; a new customer, signed in, finds it with the header's search and
 * opens it from the results (so her browser fetched the list and the product itself), sees "Only 3 left"
 * and puts one in the cart. Returns the product, its name and a way to search for it again.
 */
async function findMonitorWithThreeLeft(page: Page, browser: Browser, request: APIRequestContext) {
  const seller = await browser.newContext();
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const run = Date.now().toString(36).toUpperCase();
  const name = `Zebronics Aundh ${run} 24-inch Monitor`;
  const productId = await listMonitor(seller.request, 'Zebronics', name, { stock: '3' });
  await seller.close();

  const customer = await createCustomer(request, 'Rohan Gokhale');
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  const findIt = async () => {
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first();
    await search.fill(run);
    await search.press('Enter');
    await expect(page).toHaveURL(`/search?q=${run}`);
    return page.getByRole('article').filter({ hasText: name });
  };
  const card = await findIt();
  await expect(card).toContainText('Only 3 left');
  await card.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Hurry: only 3 left in stock.')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  return { customer, productId, name, findIt };
}

/** From the confirmation to the order and on to the product, as she would go: her own pages show the stock after her order. */
async function expectTwoLeftAfterOrder(page: Page, product: Awaited<ReturnType<typeof findMonitorWithThreeLeft>>) {
  await page.getByRole('link', { name: 'View order details' }).first().click();
  await page.getByTestId('order-item').getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(`/product/${product.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Hurry: only 2 left in stock.')).toBeVisible();
  await expect(page.getByText('Only 2 left', { exact: true }).first()).toBeVisible();
  await expect(await product.findIt()).toContainText('Only 2 left');
}

test('a shopper buys one of three monitors by UPI and then sees "Only 2 left" on its page and in the results', async ({
  page,
  browser,
  request,
}) => {
  const product = await findMonitorWithThreeLeft(page, browser, request);
  await addAddressAtCheckout(page, product.customer.name);
  await choosePayment(page, 'UPI');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page).toHaveURL(/\/test-gateway\/checkout\//);
  await page.getByLabel('UPI id').fill('success@razorpay');
  await page.locator('#upi').getByRole('button', { name: /^Pay/ }).click();
  // Back from the payment page (a new load of the app): what the browser kept of the product from before is not shown.
  await expectConfirmed(page, 'Paid');
  await expectTwoLeftAfterOrder(page, product);
});

test('a shopper buys one of three monitors with cash on delivery and then sees "Only 2 left" on its page, in the results and in the cart', async ({
  page,
  browser,
  request,
}) => {
  const product = await findMonitorWithThreeLeft(page, browser, request);
  // All in the same load of the app: the cart, checkout and the confirmation.
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await addAddressAtCheckout(page, product.customer.name, undefined, { open: false });
  await choosePayment(page, 'Cash on delivery');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await expectConfirmed(page, 'Pay on delivery');
  await expectTwoLeftAfterOrder(page, product);

  // She wants the other two: the cart lets her have two, not three.
  await (await product.findIt()).getByRole('link', { name: product.name }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const line = page.getByTestId('cart-line');
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(line.getByRole('group', { name: /quantity/i }).locator('output')).toHaveText('2');
  await expect(line.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
});
