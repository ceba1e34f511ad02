import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PRICING } from '../../src/shared/pricing';
import type { ProductListResponse } from '../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { createCustomer, openAdminConsole, signIn, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { expectEmail, openMailbox } from './support/mailbox';

/** A product for sale that cash on delivery can pay for (never a hard-coded id). */
async function codProduct(request: APIRequestContext) {
  const response = await request.get('/api/catalogue/products?category=Monitor&in_stock=true&page_size=48&sort=price_asc');
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as ProductListResponse).items.filter(
    (p) => p.stock >= 3 && p.pricePaise + PRICING.standardShippingPaise <= PRICING.codLimitPaise,
  );
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

/** A fresh customer signed in, with one cash-on-delivery order placed through the API. */
async function customerWithOrder(page: Page, request: APIRequestContext) {
  const customer = await createCustomer(request, 'Meera Kulkarni');
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  const address = await page.request.post('/api/addresses', {
    data: {
      fullName: 'Meera Kulkarni',
      mobile: '9822012345',
      line1: 'Flat 7, Sai Residency, Baner Road',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411045',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const product = await codProduct(request);
  const placed = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: ((await address.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { customer, order: ((await placed.json()) as { order: OrderDetail }).order };
}

test('a customer raises a complaint about an order and the grievance officer resolves it', async ({ page, browser, request }) => {
  const { customer, order } = await customerWithOrder(page, request);
  const itemName = order.items[0]!.name;

  // The order page: "Raise a complaint" about its one item.
  await page.goto(`/order-details/${order.id}`);
  const complaints = page.getByRole('region', { name: 'Complaints' });
  await expect(complaints).toContainText('grievance officer');
  await complaints.getByRole('button', { name: 'Raise a complaint' }).click();
  const dialog = page.getByRole('dialog', { name: `Raise a complaint about order ${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Send complaint' }).click();
  await expect(dialog.getByText('Choose what the complaint is about')).toBeVisible();
  await dialog.getByLabel('Which item? (optional)').selectOption({ label: `${itemName} (×1)` });
  await dialog.getByLabel('What is it about?').selectOption({ label: 'Product defect' });
  await dialog
    .getByLabel('Describe the problem')
    .fill('The monitor has a line of dead pixels down the middle and the seller has not replied.');
  await dialog.getByRole('button', { name: 'Send complaint' }).click();
  const filed = dialog.getByTestId('complaint-filed');
  await expect(filed).toContainText(/Complaint received: ticket GRV-\d{4}-\d{6}/);
  await expect(filed).toContainText('Acknowledgement by');
  await expect(filed).toContainText('Resolution by');
  const ticket = /GRV-\d{4}-\d{6}/.exec((await filed.textContent()) ?? '')![0];
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(complaints.getByRole('link', { name: ticket })).toBeVisible();
  await expect(complaints).toContainText('Received');

  // The officer's desk: the complaint, acknowledged, then resolved.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await openAdminConsole(officer);
  await officer
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Grievances/ })
    .click();
  await expect(officer.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible();
  await officer.getByLabel('Ticket, name, e-mail, order or words').fill(ticket);
  await officer.getByLabel('Ticket, name, e-mail, order or words').press('Enter');
  const row = officer.getByTestId(`grievance-${ticket}`);
  await expect(row).toContainText('Product defect');
  await expect(row).toContainText('Received');
  await expectNoAccessibilityViolations(officer);
  await officer.getByRole('button', { name: `Open complaint ${ticket}` }).click();
  const panel = officer.getByRole('region', { name: `Complaint ${ticket}` });
  await expect(panel).toContainText('dead pixels');
  await expect(panel).toContainText('Acknowledgement due by');
  await panel.getByRole('button', { name: 'Acknowledge complaint' }).click();
  await expect(panel).toContainText('Acknowledged');
  await expectNoAccessibilityViolations(officer);
  await panel
    .getByRole('textbox', { name: 'Resolution' })
    .fill('The seller replaces the monitor; the courier collects the faulty one on Thursday.');
  await panel.getByRole('button', { name: 'Resolve complaint' }).click();
  await expect(panel.getByText('The seller replaces the monitor').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close complaint' })).toBeVisible();
  await officerContext.close();

  // The customer was e-mailed at each step.
  const mailbox = await openMailbox(browser);
  await expectEmail(mailbox, customer.email, `We received your complaint ${ticket}`);
  await expectEmail(mailbox, customer.email, `Complaint ${ticket} acknowledged`);
  await expectEmail(mailbox, customer.email, `Complaint ${ticket} resolved`);
  await mailbox.context().close();

  // "My complaints": the resolution, and no more replies on a resolved complaint; on a phone too.
  await page.goto('/account/complaints');
  await expect(page.getByRole('heading', { level: 1, name: 'My complaints' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your complaints' })).toContainText('Resolved');
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: ticket }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Complaint ${ticket}` })).toBeVisible();
  await expect(page.getByText('The seller replaces the monitor').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reply to the grievance officer' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAccessibilityViolations(page);
});

test('a visitor reads the grievance officer page and files a complaint from the contact page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Grievance officer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance officer' })).toBeVisible();
  const details = page.getByRole('article');
  await expect(details).toContainText('Designation');
  await expect(details).toContainText('Working hours');
  await expect(page.getByRole('link', { name: /^\+91/ }).first()).toHaveAttribute('href', /^tel:\+91/);
  await expect(page.getByText('within 48 hours')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'contact page' }).click();
  await page.getByLabel('What is it about?').selectOption('Complaint (grievance)');
  const form = page.getByRole('form', { name: 'Complaint form' });
  await expect(form).toBeVisible();
  await page.getByLabel('Full name').fill('Ravi Shinde');
  await page.getByLabel('E-mail address').fill(uniqueEmail('ravi'));
  await page.getByLabel('Complaint about').selectOption({ label: 'Delivery' });
  await page.getByLabel(/Order number/).fill('SC-100042');
  await page.getByLabel('Describe the problem').fill('My parcel shows delivered but it never reached me in Nashik.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByText('Enter your mobile number')).toBeVisible();
  await page.getByLabel(/Mobile number/).fill('9822012345');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByTestId('complaint-filed')).toContainText(/ticket GRV-\d{4}-\d{6}/);
  await expectNoAccessibilityViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/grievance-officer');
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance officer' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
