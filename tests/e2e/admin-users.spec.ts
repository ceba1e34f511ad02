import { randomInt } from 'node:crypto';
import { gstinCheckCharacter } from '../../src/shared/gstin';
import { createCustomer, openAdminConsole, signIn, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { verifyEmailFromMailbox } from './support/mailbox';

function firmGstin(): string {
  const letter = () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26));
  const first14 = `27${letter()}${letter()}${letter()}F${letter()}${String(randomInt(10_000)).padStart(4, '0')}${letter()}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

test('admin approves a vendor who then lists a product', async ({ page, browser }) => {
  // Three people in two browsers, and a product form: longer than one page's story.
  test.slow();
  // A business applies, in a browser of its own.
  const seller = await browser.newContext();
  const businessName = `Hinjewadi Notebooks ${Date.now().toString(36)}`;
  const email = uniqueEmail('vendor');
  const mobile = `98${String(randomInt(10_000_000, 99_999_999))}`;
  const gstin = firmGstin();
  const registered = await seller.request.post('/api/vendors/register', {
    data: {
      name: 'Sameer Kale',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile,
      gstin,
      pickupLine1: 'Shop 2, Laxmi Road',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411057',
    },
  });
  expect(registered.status()).toBe(201);
  await seller.clearCookies();

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  // An application is approved only once its address is verified: the business opens the e-mailed link.
  await verifyEmailFromMailbox(page, await seller.newPage(), email);

  // The admin finds it by its mobile, typed as a person would, and approves it from the list.
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Users' }).click();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('pending');
  const search = page.getByRole('searchbox', { name: 'Name, e-mail, mobile or business' });
  await search.fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: businessName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Vendor pending');
  await expectNoAccessibilityViolations(page);
  await row.getByRole('button', { name: `Approve ${businessName}` }).click();
  // The approval asks first, with the GSTIN the business gave.
  const approval = page.getByRole('dialog', { name: `Approve ${businessName}?` });
  await expect(approval).toContainText(`GSTIN on file: ${gstin}`);
  await approval.getByRole('button', { name: 'Approve vendor' }).click();
  await expect(page.getByText(`${businessName} approved.`)).toBeVisible();

  // Its page shows the business, approved, with the way to its commission plan.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('approved');
  await page.getByRole('link', { name: 'Sameer Kale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sameer Kale' })).toBeVisible();
  const business = page.getByRole('region', { name: 'Business' });
  await expect(business).toContainText(businessName);
  await expect(business).toContainText('Vendor approved');
  await expect(business.getByRole('link', { name: 'Commission plan and payouts' })).toHaveAttribute(
    'href',
    /\/admin\/payouts\?vendor=ven_/,
  );
  await expectNoAccessibilityViolations(page);
  // The admin trusts the business, so the products it lists go on sale without the review queue (decision 70).
  const trusted = page.getByRole('switch', { name: 'Trusted seller' });
  await expect(trusted).toHaveAttribute('aria-checked', 'false');
  await trusted.click();
  await expect(page.getByText(`${businessName} is a trusted seller: its new products go on sale at once.`)).toBeVisible();
  await expect(trusted).toHaveAttribute('aria-checked', 'true');
  // On a phone its tables scroll sideways, in boxes the keyboard reaches.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Sessions of Sameer Kale that have not ended' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize(desktop);

  // The vendor signs in and lists a monitor, which the shop then shows.
  const vendorPage = await seller.newPage();
  await signIn(vendorPage, '/vendor/login', email, STRONG_PASSWORD);
  await expect(vendorPage).toHaveURL('/vendor/dashboard');
  await expect(vendorPage.getByText('Your vendor account is approved')).toBeVisible();
  await vendorPage.goto('/vendor/products/new');
  await expect(vendorPage.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
  const name = `Lumacrest ${Date.now().toString(36)} 27 inch IPS Monitor`;
  await vendorPage.getByRole('combobox', { name: 'Category' }).selectOption('Monitor');
  await vendorPage.getByRole('textbox', { name: 'Brand' }).fill('LG');
  await vendorPage.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const specs = vendorPage.getByRole('region', { name: 'Monitor specifications' });
  await specs.getByLabel('Screen size (inches)').fill('27');
  await specs.getByLabel('Resolution', { exact: true }).fill('2560 x 1440');
  await specs.getByLabel('Resolution name').fill('QHD');
  await specs.getByLabel('Panel type').fill('IPS');
  await specs.getByLabel('Refresh rate (Hz)').fill('75');
  await specs.getByLabel('Ports').fill('HDMI, DisplayPort');
  await vendorPage
    .getByRole('textbox', { name: 'Description' })
    .fill('A 27-inch QHD IPS monitor for office work and photo editing, with thin bezels and a tilting stand.');
  await vendorPage.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('18,990');
  await vendorPage.getByRole('textbox', { name: 'MRP (₹)', exact: true }).fill('24,990');
  await vendorPage.getByRole('textbox', { name: 'Stock', exact: true }).fill('4');
  await vendorPage.getByRole('textbox', { name: 'Packed weight (kg)' }).fill('6.5');
  await vendorPage.getByRole('textbox', { name: 'Box length (cm)' }).fill('70');
  await vendorPage.getByRole('textbox', { name: 'Box width (cm)' }).fill('20');
  await vendorPage.getByRole('textbox', { name: 'Box height (cm)' }).fill('45');
  // Where it is made and who imports it, as a product going on sale must say (decision 73).
  const origin = vendorPage.getByRole('region', { name: 'Origin' });
  await origin.getByLabel('Country of origin').fill('China');
  await origin.getByLabel('Importer (made abroad)').fill('LG Electronics India Ltd');
  await origin.getByLabel("Importer's address").fill('A-24/6, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044');
  await vendorPage.getByRole('radio', { name: /On sale/ }).check();
  await vendorPage.getByRole('button', { name: 'Save product' }).click();
  await expect(vendorPage.getByRole('heading', { level: 1, name })).toBeVisible();

  await vendorPage.goto('/');
  await vendorPage.getByRole('combobox', { name: 'Search products' }).fill(name.split(' ').slice(0, 2).join(' '));
  await vendorPage.keyboard.press('Enter');
  await expect(vendorPage.getByRole('link', { name: new RegExp(name.slice(0, 20)) }).first()).toBeVisible();
  await seller.close();
});

test('admin suspends a customer whose session ends', async ({ page, browser }) => {
  test.slow();
  // The customer is signed in, in a browser of their own.
  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  const customer = await createCustomer(customerPage.request, 'Tanvi Ghorpade');
  await shopper.clearCookies();
  await signIn(customerPage, '/login', customer.email, customer.password);
  await expect(customerPage).not.toHaveURL(/\/login/);
  await customerPage.goto('/orders');
  await expect(customerPage.getByRole('heading', { name: 'My orders' })).toBeVisible();

  // The admin finds the account, opens its page and suspends it with a reason.
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto('/admin/users');
  const search = page.getByRole('searchbox', { name: 'Name, e-mail, mobile or business' });
  await search.fill(customer.email);
  await search.press('Enter');
  await page.getByRole('link', { name: 'Tanvi Ghorpade' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tanvi Ghorpade' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sessions of Tanvi Ghorpade that have not ended' })).toContainText(/Chrome on \w+/);
  await page.getByRole('button', { name: 'Suspend account of Tanvi Ghorpade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Tanvi Ghorpade' });
  await dialog.getByLabel('Reason').fill('Abusive messages to delivery staff');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByText(/Tanvi Ghorpade is suspended and signed out/)).toBeVisible();
  await expect(page.getByText('This account is suspended')).toBeVisible();
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The customer's next page finds them signed out, and signing in is refused with the reason why.
  await customerPage.goto('/orders');
  await expect(customerPage).toHaveURL('/login');
  await customerPage.getByLabel('E-mail address').fill(customer.email);
  await customerPage.getByLabel('Password', { exact: true }).fill(customer.password);
  await customerPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(customerPage.getByText('This account has been suspended. Please contact support@sahyadricomputers.in.')).toBeVisible();
  await expect(customerPage).toHaveURL('/login');

  // Reactivated, the customer may sign in again.
  await page.getByRole('button', { name: 'Reactivate account of Tanvi Ghorpade' }).click();
  const again = page.getByRole('dialog', { name: 'Reactivate Tanvi Ghorpade' });
  await again.getByLabel('Reason').fill('Apologised; cleared by support');
  await again.getByRole('button', { name: 'Reactivate account' }).click();
  await expect(page.getByText('Tanvi Ghorpade can sign in again.')).toBeVisible();
  await signIn(customerPage, '/login', customer.email, customer.password);
  await expect(customerPage).not.toHaveURL(/\/login/);
  await shopper.close();
});

test("an admin resends a pending seller's verification e-mail and approves it once verified", async ({ page, browser }) => {
  test.slow();
  // A business applies without a GSTIN and loses the e-mail it was sent.
  const seller = await browser.newContext();
  const businessName = `Chakan Compute ${Date.now().toString(36)}`;
  const email = uniqueEmail('vendor');
  const registered = await seller.request.post('/api/vendors/register', {
    data: {
      name: 'Nilesh Jagtap',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName,
      mobile: `97${String(randomInt(10_000_000, 99_999_999))}`,
      pickupLine1: 'Gat 14, Chakan MIDC',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '410501',
    },
  });
  expect(registered.status()).toBe(201);
  await seller.clearCookies();

  // The admin opens its page: Approve waits for the e-mail, and says so beside it.
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto('/admin/users?role=vendor');
  const search = page.getByRole('searchbox', { name: 'Name, e-mail, mobile or business' });
  await search.fill(email);
  await search.press('Enter');
  await page.getByRole('link', { name: 'Nilesh Jagtap' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nilesh Jagtap' })).toBeVisible();
  const approve = page.getByRole('button', { name: `Approve ${businessName}` });
  await expect(approve).toBeDisabled();
  await expect(page.getByText('E-mail not verified: approve once the vendor verifies it')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: `Resend verification e-mail to ${businessName}` }).click();
  await expect(
    page.getByText(`A new verification link is on its way to ${email}. ${businessName} can be approved once it follows it.`),
  ).toBeVisible();
  const userPage = page.url();

  // The seller opens the new link in its own browser.
  await verifyEmailFromMailbox(page, await seller.newPage(), email);
  await seller.close();

  // Back on its page, Approve asks first and warns that the seller has no GSTIN.
  await page.goto(userPage);
  await expect(page.getByText('E-mail not verified')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Resend verification e-mail to ${businessName}` })).toHaveCount(0);
  await approve.click();
  const approval = page.getByRole('dialog', { name: `Approve ${businessName}?` });
  await expect(approval.getByText('No GSTIN on file')).toBeVisible();
  await expect(approval).toContainText('TCS return (GSTR-8)');
  await expectNoAccessibilityViolations(page);
  await approval.getByRole('button', { name: 'Approve vendor' }).click();
  await expect(page.getByText(`${businessName} approved.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business' })).toContainText('Vendor approved');

  // The audit log names the admin's resend.
  await page.goto(`/admin/audit?q=${encodeURIComponent(businessName)}`);
  await expect(
    page.getByRole('row').filter({ hasText: `Resent the e-mail verification link of ${businessName} to ${email}` }),
  ).toBeVisible();
});
