import { DEMO_ACCOUNTS, createCustomer, signIn } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

const ADMIN_PAGES = ['/admin', '/admin/dashboard', '/admin/users', '/admin/products', '/admin/payments', '/admin/jobs'];

test('a visitor opening any admin page is sent to the admin login', async ({ page }) => {
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  }
});

test('a signed-in customer opening an admin page is sent to the admin login', async ({ page }) => {
  await createCustomer(page.request);
  for (const path of ['/admin', '/admin/users']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/admin/login');
  }
  // The server refuses too, whatever the browser shows.
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});

test('a signed-in vendor opening an admin page is sent to the admin login', async ({ page }) => {
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
  expect((await page.request.get('/api/admin/overview')).status()).toBe(403);
});

test('a customer signing in at the admin login is refused with a clear message', async ({ page }) => {
  const customer = await createCustomer(page.request);
  await page.context().clearCookies();
  await signIn(page, '/admin/login', customer.email, customer.password);
  await expect(page.getByRole('alert')).toContainText('This account does not have admin access.');
  await expect(page).toHaveURL('/admin/login');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
});

test('admin signs in, finds the sidebar of the seed first and in order, and logs out to the admin login', async ({ page }) => {
  const admin = DEMO_ACCOUNTS.admin;
  await page.goto('/admin/login');
  await expectNoAccessibilityViolations(page);
  await signIn(page, '/admin/login', admin.email, admin.password);
  await expect(page).toHaveURL('/admin/dashboard');

  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Manage Users',
    'Manage Products',
    'Manage Payments',
    'Orders',
    'Vendor payouts',
    'COD remittances',
    'Coupons',
    'Reviews',
    'Messages',
    // With a count beside it when complaints are past a deadline ("Grievances 1 overdue").
    /^Grievances/,
    'Reports',
    'Audit log',
    // With a count beside it when jobs have failed ("Background jobs 2 failed").
    /^Background jobs/,
    'E-invoices',
    'Settings',
    'Account & security',
  ]);
  await expect(sidebar.getByRole('button')).toHaveText(['Logout']);

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Customers', { exact: true })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'New accounts per day, last 30 days' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/dashboard');

  await sidebar.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage users' })).toBeVisible();
  await page.getByLabel('Role').selectOption('vendor');
  await expect(page.getByRole('cell', { name: DEMO_ACCOUNTS.pendingVendor.email })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Manage Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage products' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Manage Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage payments' })).toBeVisible();

  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/admin/login');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
});
