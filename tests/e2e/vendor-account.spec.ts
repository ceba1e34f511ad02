import { DEMO_ACCOUNTS, openAdminConsole, signIn, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { verifyEmailFromMailbox } from './support/mailbox';

test('business owner registers as a vendor, verifies the e-mail address, waits for approval, and is approved by an admin', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('vendor');
  const business = `Baner Laptop Studio ${Date.now().toString(36)}`;
  await page.goto('/vendor/register');
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Your full name').fill('Sameer Kulkarni');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Mobile number').fill('98220 45678');
  await page.getByLabel(/GSTIN/).fill('27AAPFU0939F1ZA');
  await page.getByLabel('Address line 1').fill('Office 9, Baner Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State or union territory').selectOption('Maharashtra');
  await page.getByLabel('PIN code').fill('411045');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();

  // The browser checks the GSTIN's check character with the server's own schema.
  await expect(page.getByText('This GSTIN is not valid: its last character does not match. Please check it.')).toBeVisible();
  await page.getByLabel(/GSTIN/).fill('');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();

  await expect(page).toHaveURL('/vendor/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Your vendor account awaits approval' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Please verify your e-mail address' })).toContainText(
    'We can approve your application only once it is verified.',
  );
  await expect(page.getByText('+91 98220 45678')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu for Sameer Kulkarni' }).click();
  await expect(page.getByRole('menuitem', { name: 'Vendor Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The account page has the mobile given at registration, and says what each password field is for.
  await page.goto('/vendor/account');
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('Mobile number')).toHaveValue('+91 98220 45678');
  await expect(
    page.getByRole('region', { name: 'E-mail address' }).getByLabel('Your password, to confirm the new address', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Password', exact: true }).getByLabel('Current password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(1);

  // An admin approves the new vendor in Manage Users.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdminConsole(admin);
  await expect(admin).toHaveURL('/admin/dashboard');
  await admin.goto('/admin/users?role=vendor');
  await admin.getByLabel('Name, e-mail, mobile or business').fill(business);
  await admin.getByRole('button', { name: 'Search' }).click();
  // Not before the applicant has shown the address is theirs.
  const row = admin.getByRole('row').filter({ hasText: business });
  await expect(row).toContainText('E-mail not verified');
  await expect(row.getByRole('button', { name: `Approve ${business}` })).toBeDisabled();

  // The owner opens the link e-mailed at registration; the banner is gone.
  await verifyEmailFromMailbox(admin, page, email);
  await page.goto('/vendor/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Your vendor account awaits approval' })).toBeVisible();
  await expect(page.getByText('Please verify your e-mail address')).toHaveCount(0);

  await admin.goto('/admin/users?role=vendor');
  await admin.getByLabel('Name, e-mail, mobile or business').fill(business);
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(row).not.toContainText('E-mail not verified');
  await row.getByRole('button', { name: `Approve ${business}` }).click();
  await admin
    .getByRole('dialog', { name: `Approve ${business}?` })
    .getByRole('button', { name: 'Approve vendor' })
    .click();
  await expect(admin.getByText(`${business} approved.`)).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Your vendor account is approved' })).toBeVisible();
});

test('the demo vendor awaiting approval sees that on the dashboard', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.pendingVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await expect(page.getByText('Your vendor account awaits approval')).toBeVisible();
  await expect(page.getByText(vendor.businessName).first()).toBeVisible();
});

test('a visitor opening the vendor dashboard is sent to the vendor login', async ({ page }) => {
  await page.goto('/vendor/dashboard');
  await expect(page).toHaveURL('/vendor/login');
});
