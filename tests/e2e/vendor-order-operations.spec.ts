import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPaise } from '../../src/shared/money';
import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { expectEmail, openMailbox } from './support/mailbox';

/** A customer in a browser of her own orders `quantity` of one of the vendor's products, cash on delivery. */
async function customerOrders(page: Page, browser: Browser, quantity: number) {
  const products = (await (
    await page.request.get('/api/vendor/products?status=active&sort=price&pageSize=50')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= quantity + 1 && p.pricePaise < 40_000_00)!;
  expect(product).toBeDefined();
  const shopper = await browser.newContext();
  const customer = await createCustomer(shopper.request, 'Rutuja Pawar');
  const address = await shopper.request.post('/api/addresses', {
    data: {
      fullName: 'Rutuja Pawar',
      mobile: '9820011223',
      line1: 'B-4, Sector 19',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '400706',
    },
  });
  const placed = await shopper.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity }],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: OrderDetail }).order;
  return { shopper, customer, order, product };
}

test('vendor cancels one item before shipping and the customer sees it cancelled and the amount due go down', async ({ page, browser }) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, customer, order, product } = await customerOrders(page, browser, 2);

  await page.goto(`/vendor/orders?q=${order.orderNumber}`);
  const row = page
    .getByRole('table', { name: /Your orders/ })
    .getByRole('row')
    .filter({ hasText: order.orderNumber });
  await row.getByRole('button', { name: `Cancel items of order ${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel items of order ${order.orderNumber}` });
  await dialog.getByLabel(new RegExp(product.name.slice(0, 20))).selectOption('1');
  // Cash on delivery: nothing to refund, the courier collects that unit's price less (no coupon on this order).
  await expect(dialog).toContainText(`The courier collects ${formatPaise(product.pricePaise)} less on delivery.`);
  await dialog.getByLabel('Reason').fill('Only one unit left in our Kharghar godown');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Cancel items' }).click();
  await expect(page.getByText(`Items of order ${order.orderNumber} cancelled`)).toBeVisible();
  await expect(row).toContainText('(1 cancelled)');

  const customerPage = await shopper.newPage();
  await signIn(customerPage, '/login', customer.email, customer.password);
  await customerPage.goto(`/order-details/${order.id}`);
  await expect(customerPage.getByText('1 of 2 cancelled by the seller and refunded')).toBeVisible();
  await expect(customerPage.getByRole('region', { name: 'Order updates' })).toContainText('Only one unit left in our Kharghar godown');
  // The invoice stands; a credit note for the cancelled unit is issued against it, with its PDF.
  const notes = customerPage.getByRole('region', { name: 'Credit notes' });
  await expect(notes).toContainText(`CN-${order.orderNumber}-1`);
  await expect(notes).toContainText('Only one unit left in our Kharghar godown');
  const download = customerPage.waitForEvent('download');
  await notes.getByRole('link', { name: `Download credit note CN-${order.orderNumber}-1 (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`CN-${order.orderNumber}-1.pdf`);
  await expectNoAccessibilityViolations(customerPage);
  await shopper.close();
});

test('vendor receives a faulty cash-on-delivery return sent with a photo and writes it off, the customer gives her bank account, the shop refunds it by bank transfer to it, and the customer sees the refund', async ({
  page,
  browser,
}) => {
  // Three people in three browsers, a photo uploaded and five steps of the order: more than the usual 90 s on a busy machine.
  test.slow();
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, customer, order } = await customerOrders(page, browser, 1);

  // The vendor ships and marks it delivered from the list; the customer asks to return it.
  await page.goto(`/vendor/orders?q=${order.orderNumber}`);
  const row = page
    .getByRole('table', { name: /Your orders/ })
    .getByRole('row')
    .filter({ hasText: order.orderNumber });
  await row.getByRole('button', { name: `Ship order ${order.orderNumber}` }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await ship.getByLabel('Enter tracking by hand').check();
  await ship.getByLabel('Courier', { exact: true }).fill('Blue Dart');
  await ship.getByLabel('Tracking number (AWB)').fill('BD7788990011');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await row.getByRole('button', { name: `Mark delivered: order ${order.orderNumber}` }).click();
  await page
    .getByRole('dialog', { name: `Mark your items of order ${order.orderNumber} delivered` })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(row).toContainText('Delivered');

  // On her phone she asks for the return, with a photo of the damage (a text file renamed .jpg is refused).
  const customerPage = await shopper.newPage();
  await customerPage.setViewportSize({ width: 390, height: 844 });
  await signIn(customerPage, '/login', customer.email, customer.password);
  await customerPage.goto(`/order-details/${order.id}`);
  await customerPage.getByRole('button', { name: 'Request a return' }).click();
  const asking = customerPage.getByRole('dialog', { name: `Return order ${order.orderNumber}` });
  await asking.getByRole('radio', { name: 'Damaged or defective on arrival' }).check();
  const photoInput = asking.getByLabel('Add photos');
  await photoInput.setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Courier slip: box dented\n'.repeat(40)),
  });
  await expect(asking.getByRole('alert')).toContainText('notes.jpg: This file is not a photo we can read.');
  await asking.getByRole('button', { name: 'Dismiss' }).click();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 160, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();
  await photoInput.setInputFiles({ name: 'cracked-screen.jpg', mimeType: 'image/jpeg', buffer: photo });
  const thumbnail = asking.getByRole('img', { name: 'Added for the return, 1 of 1' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAccessibilityViolations(customerPage);
  await asking.getByRole('button', { name: 'Request return' }).click();
  await expect(customerPage.getByText('Return requested. We will e-mail you the pickup details.')).toBeVisible();
  await expect(customerPage.getByRole('list', { name: 'The photos you sent' }).getByRole('img')).toHaveCount(1);

  // She paid in cash, so the shop refunds her by bank transfer: she gives the account on the order page.
  const refundTo = customerPage.getByRole('region', { name: 'Where should we send your refund?' });
  await expect(refundTo).toContainText('so we refund you by bank transfer (NEFT)');
  await refundTo.getByLabel('Account holder’s name').fill('Rutuja Pawar');
  await refundTo.getByLabel('IFSC').fill('HDFC0001234');
  await refundTo.getByLabel('Account number', { exact: true }).fill('50100123456789');
  await refundTo.getByLabel('Account number again').fill('50100123456788');
  await refundTo.getByRole('button', { name: 'Save bank account' }).click();
  await expect(refundTo.getByText('The account numbers do not match')).toBeVisible();
  await refundTo.getByLabel('Account number again').fill('50100123456789');
  await refundTo.getByRole('button', { name: 'Save bank account' }).click();
  await expect(refundTo).toContainText('XXXXXX6789 · HDFC0001234');
  await expect(refundTo.getByRole('button', { name: 'Change the bank account' })).toBeVisible();
  await expect(customerPage.getByRole('region', { name: 'Order updates' })).toContainText(
    'You gave the bank account for your refund: XXXXXX6789 · HDFC0001234.',
  );
  // Nothing runs off the side of a phone's screen.
  expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAccessibilityViolations(customerPage);

  await page.reload();
  await expect(row).toContainText('Return requested');
  await expect(row).toContainText('Return: Damaged or defective on arrival');
  // The seller sees the customer's photo beside her reason, in the row and in the receive dialog.
  const sellerThumbnail = row
    .getByRole('list', { name: `Customer’s photos of the return of ${order.orderNumber}` })
    .getByRole('img', { name: 'Sent with the return, 1 of 1' });
  await expect(sellerThumbnail).toBeVisible();
  await expect.poll(() => sellerThumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await row.getByRole('button', { name: `Receive return of order ${order.orderNumber}` }).click();
  // The seller checks the unit and finds it faulty: written off, so no other customer is sent it.
  const receive = page.getByRole('dialog', { name: `Receive the return of order ${order.orderNumber}` });
  await expect(receive.getByRole('list', { name: 'The customer’s photos' }).getByRole('img')).toHaveCount(1);
  await receive.getByRole('radio', { name: /Damaged or faulty/ }).check();
  await expectNoAccessibilityViolations(page);
  await receive.getByRole('button', { name: 'Return received' }).click();
  await expect(page.getByText('the damaged items are written off')).toBeVisible();
  await expect(row).toContainText('Return received: written off');
  // Her order is among the seller's write-offs: the list a claim to the courier or the brand starts from.
  await page.getByLabel('Returns').selectOption({ label: 'Returned, written off' });
  await expect(page).toHaveURL(/returned=damaged/);
  await expect(row).toContainText('Return received: written off');
  await expectNoAccessibilityViolations(page);
  // The courier handed the cash to the shop: the seller is told the shop pays it back, and has no Refund to press.
  await expect(row).toContainText('The shop refunds this cash on delivery by bank transfer.');
  await expect(row.getByRole('button', { name: `Refund the return of order ${order.orderNumber}` })).toHaveCount(0);

  // The shop's admin transfers the money and records the transfer's reference with the refund.
  const admin = await openMailbox(browser);
  await admin.goto(`/admin/orders/${order.id}`);
  await expect(admin.getByRole('list', { name: 'The customer’s photos of the return' }).getByRole('img')).toHaveCount(1);
  await admin.getByRole('button', { name: 'Refund in full' }).click();
  const refund = admin.getByRole('dialog', { name: `Refund order ${order.orderNumber} in full` });
  await expect(refund).toContainText(/₹[\d,]+\.\d\d goes back to the customer, all that was paid/);
  await expect(refund).toContainText('Transfer to: Rutuja Pawar, account 50100123456789, IFSC HDFC0001234');
  await refund.getByRole('button', { name: 'Refund in full' }).click();
  await expect(refund.getByText('Enter the bank transfer reference (UTR)')).toBeVisible();
  await refund.getByLabel('Bank transfer reference (UTR)').fill('UTR20261129777');
  await refund.getByRole('button', { name: 'Refund in full' }).click();
  await expect(admin.getByText(`Order ${order.orderNumber} is refunded.`)).toBeVisible();
  await admin.context().close();
  await page.reload();
  await expect(row).toContainText('Refunded');

  await customerPage.reload();
  await expect(customerPage.getByText('Refunded', { exact: true }).first()).toBeVisible();
  // Refunded: nothing more is asked.
  await expect(customerPage.getByRole('region', { name: 'Where should we send your refund?' })).toHaveCount(0);
  await expect(
    customerPage.getByText(/Refund of ₹[\d,]+\.\d\d issued by bank transfer .*\(bank transfer UTR20261129777\)/).first(),
  ).toBeVisible();
  await shopper.close();
});

test('a customer who paid cash is e-mailed for her bank account once her return is back, phones it in, and the admin records it for her refund', async ({
  page,
  browser,
}) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { shopper, customer, order } = await customerOrders(page, browser, 1);
  // Shipped, delivered and asked back; the seller has it back and checked, and she has not said where to refund her.
  for (const [step, data] of [
    ['ship', { carrier: 'Delhivery', trackingNumber: 'DL4455667788' }],
    ['deliver', undefined],
  ] as const) {
    const res = await page.request.post(`/api/vendor/orders/${order.id}/${step}`, data ? { data } : {});
    expect(res.status(), await res.text()).toBe(200);
  }
  const asked = await shopper.request.post(`/api/orders/${order.id}/return`, { data: { reason: 'No longer needed' } });
  expect(asked.status(), await asked.text()).toBe(200);
  const received = await page.request.post(`/api/vendor/orders/${order.id}/return-received`, { data: { condition: 'resellable' } });
  expect(received.status(), await received.text()).toBe(200);

  const admin = await openMailbox(browser);
  await expectEmail(admin, customer.email, `Your refund for order ${order.orderNumber}: we need your bank account`);

  // She phones the shop with the account; the admin types it in and reads it back.
  await admin.goto(`/admin/orders/${order.id}`);
  const card = admin.getByRole('region', { name: 'Refund bank account' });
  await expect(card).toContainText('The customer has not given a bank account yet');
  await card.getByRole('button', { name: 'Record the account the customer gave' }).click();
  const dialog = admin.getByRole('dialog', { name: `Refund account for order ${order.orderNumber}` });
  await dialog.getByLabel('Account holder’s name').fill('Rutuja Pawar');
  await dialog.getByLabel('IFSC').fill('sbin0005678');
  await dialog.getByLabel('Account number', { exact: true }).fill('0011 2233 4455 66');
  await dialog.getByLabel('Account number again').fill('00112233445566');
  await expectNoAccessibilityViolations(admin);
  await dialog.getByRole('button', { name: 'Save bank account' }).click();
  await expect(admin.getByText(`Order ${order.orderNumber}: the refund goes to XXXXXX5566 · SBIN0005678.`)).toBeVisible();
  await expect(card).toContainText('Transfer to: Rutuja Pawar, account 00112233445566, IFSC SBIN0005678');
  await expect(admin.getByRole('region', { name: 'Timeline' })).toContainText(
    "The shop recorded the bank account the customer gave us for the customer's refund: XXXXXX5566 · SBIN0005678.",
  );
  await admin.context().close();

  // On her order page the account is there, masked, and the timeline says who recorded it.
  const customerPage = await shopper.newPage();
  await signIn(customerPage, '/login', customer.email, customer.password);
  await customerPage.goto(`/order-details/${order.id}`);
  await expect(customerPage.getByRole('region', { name: 'Where should we send your refund?' })).toContainText('XXXXXX5566 · SBIN0005678');
  await expect(customerPage.getByRole('region', { name: 'Order updates' })).toContainText(
    'The shop recorded the bank account you gave us for your refund: XXXXXX5566 · SBIN0005678.',
  );
  await shopper.close();
});
