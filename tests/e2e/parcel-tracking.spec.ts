import type { Browser, Page } from '@playwright/test';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import type { CourierShipment } from '../../src/shared/schemas/shipping';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { placeCodOrder } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { expectEmail, openMailbox } from './support/mailbox';

/** The customer (signed in on `page`) orders one of the seller's products with cash on delivery; the seller ships it with the cheapest test courier. */
async function orderShippedByCourier(
  page: Page,
  browser: Browser,
): Promise<{ order: OrderDetail; shipment: CourierShipment; email: string }> {
  const seller = await (await browser.newContext()).newPage();
  await signIn(seller, '/vendor/login', DEMO_ACCOUNTS.khargharVendor.email, DEMO_ACCOUNTS.khargharVendor.password);
  await expect(seller).toHaveURL('/vendor/dashboard');
  const products = (await (
    await seller.request.get('/api/vendor/products?status=active&sort=price&pageSize=50')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= 4 && p.pricePaise < 40_000_00)!;
  expect(product).toBeDefined();

  const customer = await createCustomer(page.request, 'Kavya Deshmukh');
  const order = await placeCodOrder(
    page.request,
    {
      fullName: 'Kavya Deshmukh',
      mobile: '9820011230',
      line1: 'C-7, Sector 21',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '400706',
    },
    product.id,
  );

  const quote = await seller.request.get(`/api/vendor/orders/${order.id}/courier-rates`);
  expect(quote.status(), await quote.text()).toBe(200);
  const courierId = ((await quote.json()) as { quote: { rates: { courierId: string }[] } }).quote.rates[0]!.courierId;
  const bought = await seller.request.post(`/api/vendor/orders/${order.id}/courier-shipment`, { data: { courierId } });
  expect(bought.status(), await bought.text()).toBe(200);
  const { shipment } = (await bought.json()) as { shipment: CourierShipment };
  await seller.context().close();
  return { order, shipment, email: customer.email };
}

test('the customer follows the parcel to delivered as the webhooks arrive', async ({ page, browser }) => {
  test.slow();
  const { order, shipment, email } = await orderShippedByCourier(page, browser);

  await page.goto(`/order-details/${order.id}`);
  const parcel = page.getByRole('region', { name: `Tracking of parcel ${shipment.awb}` });
  await expect(parcel).toContainText('Now: Courier booked');
  await expect(parcel).toContainText('No scans yet');
  const courierLink = parcel.getByRole('link', { name: /Track on Test Economy Surface's site/ });
  const trackingUrl = await courierLink.getAttribute('href');
  expect(trackingUrl).toContain(`/test-courier/track/${shipment.awb}`);
  await expectNoAccessibilityViolations(page);

  // The courier's own tracking page, where the test courier's levers send the shop its signed webhooks.
  const courier = await page.context().newPage();
  await courier.goto(trackingUrl!);
  await expect(courier.getByRole('heading', { level: 1, name: 'Test Economy Surface' })).toBeVisible();
  await expectNoAccessibilityViolations(courier);
  for (const [lever, shown] of [
    ['Pick up', 'Picked up'],
    ['In transit', 'In transit'],
    ['Out for delivery', 'Out for delivery'],
  ] as const) {
    await courier.getByRole('button', { name: lever, exact: true }).click();
    await expect(courier.getByRole('status')).toHaveText(`Sent: ${lever}.`);
    await expect(courier.getByText(`Status: ${shown}`)).toBeVisible();
  }

  await page.reload();
  await expect(parcel).toContainText('Now: Out for delivery');
  const scans = parcel.getByRole('list', { name: 'Parcel scans, newest first' }).getByRole('listitem');
  await expect(scans).toHaveCount(3);
  await expect(scans.first()).toContainText('Out for delivery with the delivery executive · Delivery centre');
  await expect(scans.last()).toContainText("Picked up from the seller · Seller's pickup point");
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Shipped (current)');
  await expectNoAccessibilityViolations(page);

  await courier.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(courier.getByText('Status: Delivered')).toBeVisible();
  await page.reload();
  await expect(parcel).toContainText('Now: Delivered');
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Delivered (current)');
  await expect(page.getByRole('region', { name: 'Order updates' })).toContainText(/Delivered; ₹[\d,.]+ collected in cash\./);
  await expectNoAccessibilityViolations(page);

  const mailbox = await openMailbox(browser);
  await expectEmail(mailbox, email, `Order ${order.orderNumber} is out for delivery`);
  await expectEmail(mailbox, email, `Order ${order.orderNumber} delivered`);
});

test('a failed attempt asks the customer for a new date', async ({ page, browser }) => {
  test.slow();
  const { order, shipment, email } = await orderShippedByCourier(page, browser);
  const courier = await page.context().newPage();
  await courier.goto(`/test-courier/track/${shipment.awb}`);
  for (const lever of ['Pick up', 'Out for delivery', 'Fail an attempt']) {
    await courier.getByRole('button', { name: lever, exact: true }).click();
    await expect(courier.getByRole('status')).toHaveText(`Sent: ${lever}.`);
  }
  await expect(courier.getByText('Status: Delivery attempt failed')).toBeVisible();

  await page.goto(`/order-details/${order.id}`);
  const parcel = page.getByRole('region', { name: `Tracking of parcel ${shipment.awb}` });
  await expect(parcel).toContainText('Now: Delivery attempt failed');
  const form = parcel.getByRole('form', { name: `Your answer to the failed delivery of parcel ${shipment.awb}` });
  await expect(form).toContainText('The courier could not deliver your parcel');
  await expectNoAccessibilityViolations(page);
  const days = form.getByRole('group', { name: 'Day of the next attempt' }).getByRole('radio');
  await expect(days).toHaveCount(3);
  const second = days.nth(1);
  await second.check();
  const dayText = (await form.getByRole('group', { name: 'Day of the next attempt' }).locator('label').nth(1).innerText()).trim();
  await form.getByRole('button', { name: 'Send to the courier' }).click();
  await expect(page.getByText(`We asked Test Economy Surface to deliver on ${dayText}.`)).toBeVisible();
  await expect(form).toBeHidden();
  const scans = parcel.getByRole('list', { name: 'Parcel scans, newest first' }).getByRole('listitem');
  await expect(scans.first()).toContainText(`You asked for delivery on ${dayText}`);
  await expectNoAccessibilityViolations(page);

  const mailbox = await openMailbox(browser);
  await expectEmail(mailbox, email, `Order ${order.orderNumber}: we could not deliver your parcel`);
});
