import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import type { OrderDetail, StartPaymentResponse } from '../../src/shared/schemas/orders';
import { createCustomer, DEMO_ACCOUNTS, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { openMailbox } from './support/mailbox';
import { inShopDatabase } from './support/shop-database';

const PRICE = 78_000_00;

/**
 * One of the seller's laptops is priced at ₹78,000, and a customer in Bengaluru, in a browser of
 * her own, buys it and pays by UPI. Returns the order and a way to put the seller's price back.
 */
async function customerInKarnatakaBuysALaptop(browser: Browser) {
  // Set up as someone with database access would: one of the seller's new laptops priced at ₹78,000.
  const offer = await inShopDatabase(async (db) => {
    const found = await db.query<{ id: string; product_id: string; price_paise: number; stock: number }>(
      `select o.id, o.product_id, o.price_paise, o.stock from offers o
         join product_variants pv on pv.id = o.variant_id join products p on p.id = o.product_id join vendors v on v.id = o.vendor_id
        where v.gstin = '27AABCP1234C1Z0' and o.status = 'active' and o.condition = 'new' and p.status = 'active' and pv.status = 'active'
          and p.category = 'Laptop' and pv.mrp_paise >= $1 and o.price_paise between 5000000 and 10000000
        order by o.id limit 1`,
      [PRICE],
    );
    const row = found.rows[0];
    if (row) await db.query('update offers set price_paise = $2, stock = greatest(stock, 3) where id = $1', [row.id, PRICE]);
    return row;
  });
  expect(offer, 'a laptop of the seller priced between ₹50,000 and ₹1,00,000').toBeDefined();

  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  await createCustomer(customerPage.request, 'Kavya Rao');
  const address = await customerPage.request.post('/api/addresses', {
    data: { fullName: 'Kavya Rao', mobile: '9845012345', line1: '44 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
  });
  expect(address.status(), await address.text()).toBe(201);
  const placed = await customerPage.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: offer!.product_id, offerId: offer!.id, quantity: 1 }],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'upi',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: OrderDetail }).order;
  const start = await customerPage.request.post(`/api/orders/${order.id}/payment`);
  expect(start.ok()).toBe(true);
  const { checkout } = (await start.json()) as StartPaymentResponse;
  await customerPage.goto((checkout as { url: string }).url);
  await customerPage.getByLabel('UPI id').fill('success@razorpay');
  await customerPage.locator('#upi').getByRole('button', { name: /^Pay / }).click();
  await expect(customerPage).toHaveURL(new RegExp(`/order-success\\?order=${order.id}`));
  await shopper.close();
  const restorePrice = () =>
    inShopDatabase((db) => db.query('update offers set price_paise = $2 where id = $1', [offer!.id, offer!.price_paise]));
  return { order, restorePrice };
}

test('a seller cannot ship a ₹78,000 laptop to another state until it generates the e-way bill', async ({ page, browser }) => {
  test.slow();
  const seller = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', seller.email, seller.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  const { order, restorePrice } = await customerInKarnatakaBuysALaptop(browser);
  try {
    // The orders list says which parcels still need one.
    await page.goto('/vendor/orders?ewayBill=needed');
    const row = page
      .getByRole('table', { name: /Your orders/ })
      .getByRole('row')
      .filter({ hasText: order.orderNumber });
    await expect(row).toContainText('Needs e-way bill');
    await expectNoAccessibilityViolations(page);

    await row.getByRole('link', { name: order.orderNumber, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    const panel = page.getByRole('region', { name: 'E-way bill' });
    await expect(panel).toContainText('This parcel of ₹78,000.00 to Karnataka is above the ₹50,000.00 limit for a parcel between states');
    await expect(panel).toContainText('URP (unregistered)');
    await expectNoAccessibilityViolations(page);

    // Shipping without it is refused with the reason.
    const steps = page.getByRole('group', { name: 'Steps for this order' });
    await steps.getByRole('button', { name: `Ship order ${order.orderNumber}` }).click();
    const ship = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
    await ship.getByLabel('Enter tracking by hand').check();
    await ship.getByLabel('Courier', { exact: true }).fill('Blue Dart');
    await ship.getByLabel('Tracking number (AWB)').fill('BD7766554433');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship).toContainText('This shipment of ₹78,000.00 to Karnataka needs an e-way bill before it ships.');
    await ship.getByRole('button', { name: 'Not now' }).click();

    // Part A from the invoice; the seller gives the distance and the courier's transporter id.
    await panel.getByRole('button', { name: 'Generate e-way bill' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate e-way bill' });
    await expectNoAccessibilityViolations(page);
    await generate.getByLabel('Approximate distance (km)').fill('5000');
    await generate.getByRole('button', { name: 'Generate e-way bill' }).click();
    await expect(generate).toContainText('The distance can be at most 4,000 km');
    await generate.getByLabel('Approximate distance (km)').fill('840');
    await generate.getByLabel(/Transporter id/).fill('27AABCP1234C1Z0');
    await generate.getByRole('button', { name: 'Generate e-way bill' }).click();
    await expect(generate).toBeHidden();
    await expect(panel).toContainText(/E-way bill\s*\d{4} \d{4} \d{4}/);
    await expect(panel).toContainText('valid until');
    await expect(panel.getByRole('button', { name: 'Cancel e-way bill' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Now it ships, and the e-way bill can no longer be cancelled.
    await steps.getByRole('button', { name: `Ship order ${order.orderNumber}` }).click();
    await ship.getByLabel('Enter tracking by hand').check();
    await ship.getByLabel('Courier', { exact: true }).fill('Blue Dart');
    await ship.getByLabel('Tracking number (AWB)').fill('BD7766554433');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship).toBeHidden();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('shipped with Blue Dart');
    await expect(panel.getByRole('button', { name: 'Cancel e-way bill' })).toBeHidden();

    // The back office sees it on the order.
    const admin = await openMailbox(browser);
    await admin.goto(`/admin/orders/${order.id}`);
    const bills = admin.getByRole('region', { name: 'E-way bills' });
    await expect(bills).toContainText('₹78,000.00');
    await expect(bills).toContainText('Valid');
    await expectNoAccessibilityViolations(admin);
    await admin.context().close();
  } finally {
    await restorePrice();
  }
});
