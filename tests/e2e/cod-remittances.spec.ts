import type { VendorProductsResponse } from '../../src/shared/schemas/catalogue';
import type { CourierShipment } from '../../src/shared/schemas/shipping';
import { createCustomer, DEMO_ACCOUNTS, openAdminConsole, signIn } from './support/accounts';
import { placeCodOrder } from './support/checkout';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { inShopDatabase } from './support/shop-database';

const rupees = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

test('a COD remittance releases the seller’s payout', async ({ page, browser }) => {
  test.slow();
  // The seller ships a customer's cash-on-delivery order with the test courier, and the courier delivers it.
  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  await signIn(sellerPage, '/vendor/login', DEMO_ACCOUNTS.khargharVendor.email, DEMO_ACCOUNTS.khargharVendor.password);
  await expect(sellerPage).toHaveURL('/vendor/dashboard');
  const products = (await (
    await sellerPage.request.get('/api/vendor/products?status=active&sort=price&pageSize=50')
  ).json()) as VendorProductsResponse;
  const product = products.items.find((p) => p.stock >= 2 && p.pricePaise < 40_000_00)!;
  const shopper = await browser.newContext();
  await createCustomer(shopper.request, 'Asha Naik');
  const order = await placeCodOrder(
    shopper.request,
    {
      fullName: 'Asha Naik',
      mobile: '9820011229',
      line1: 'C-7, Sector 15',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '400614',
    },
    product.id,
  );
  await shopper.close();
  const quote = (await (await sellerPage.request.get(`/api/vendor/orders/${order.id}/courier-rates`)).json()) as {
    quote: { rates: { courierId: string }[] };
  };
  const bought = await sellerPage.request.post(`/api/vendor/orders/${order.id}/courier-shipment`, {
    data: { courierId: quote.quote.rates[0]!.courierId },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const shipment = ((await bought.json()) as { shipment: CourierShipment }).shipment;
  expect((await sellerPage.request.post(`/api/vendor/orders/${order.id}/deliver`)).status()).toBe(200);

  // The seller's ledger: the sale waits for the courier's cash; the courier's charge is deducted with its GST.
  await sellerPage.goto(`/vendor/payouts?q=${order.orderNumber}`);
  const ledger = sellerPage.getByRole('table', { name: /Your delivered lines/ });
  await expect(ledger.getByRole('row').filter({ hasText: '1 ×' })).toContainText("Waiting for the courier's cash");
  await expect(ledger.getByRole('row').filter({ hasText: `AWB ${shipment.awb}` })).toContainText('incl. GST');

  // The admin sees what the courier still owes, and uploads the courier's remittance file.
  await openAdminConsole(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'COD remittances' }).click();
  await expect(page).toHaveURL('/admin/cod-remittances');
  await expect(page.getByRole('heading', { level: 1, name: 'COD remittances' })).toBeVisible();
  const owed = page.getByRole('table', { name: /whose cash is not in/ });
  await expect(owed.getByRole('row').filter({ hasText: shipment.awb })).toContainText(order.orderNumber);
  await expect(page.getByRole('table', { name: 'What each courier still owes' })).toContainText(shipment.courierName);
  await expectNoAccessibilityViolations(page);

  const reference = `UTR${Date.now()}`;
  await page.getByLabel('Courier’s remittance file (CSV)').setInputFiles({
    name: 'remittance.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `AWB,Amount,UTR,Remittance Date\n${shipment.awb},${rupees(shipment.codAmountPaise!)},${reference},${new Date().toISOString().slice(0, 10)}\nTE9999999999,100.00,${reference},${new Date().toISOString().slice(0, 10)}\n`,
    ),
  });
  await page.getByRole('button', { name: 'Upload and reconcile' }).click();
  await expect(page.getByText(/1 parcel’s cash received/).first()).toBeVisible();
  const outcome = page.getByRole('table', { name: 'Each row of the file and what became of it' });
  await expect(outcome.getByRole('row').filter({ hasText: shipment.awb })).toContainText('Cash received');
  await expect(outcome.getByRole('row').filter({ hasText: 'TE9999999999' })).toContainText('Unknown AWB');
  await expect(page.getByRole('table', { name: /remittances, newest first/ })).toContainText(reference);
  await expect(
    page
      .getByRole('table', { name: /whose cash is not in/ })
      .getByRole('row')
      .filter({ hasText: shipment.awb }),
  ).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // A week after the customer's return window closed, the sale is payable: the next weekly payout pays it.
  await inShopDatabase((db) =>
    db.query(
      `update vendor_ledger_entries set delivered_at = delivered_at - interval '10 days', payable_at = payable_at - interval '10 days'
        where order_id = $1 and kind = 'sale'`,
      [order.id],
    ),
  );
  await sellerPage.reload();
  await expect(ledger.getByRole('row').filter({ hasText: '1 ×' })).toContainText('Payable');
  await expectNoAccessibilityViolations(sellerPage);
  await seller.close();
});
