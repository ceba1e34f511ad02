import { DEMO_ACCOUNTS, openAdminConsole, signIn, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

test('visitor sends a message from the contact page and an admin reads it on the dashboard', async ({ page, browser }) => {
  const email = uniqueEmail('enquiry');
  const text = `Do you have the LG 27UP850 in stock at the Vashi store? Ref ${Date.now().toString(36)}`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+91 20 4567 8910' }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('Full name').fill('Neha Sawant');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/Mobile number/).fill('12345');
  await page.getByLabel('What is it about?').selectOption('Product advice');
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9')).toBeVisible();

  await page.getByLabel(/Mobile number/).fill('+91 90040 12345');
  await page.getByRole('button', { name: 'Send message' }).click();
  const received = page.getByRole('status').filter({ hasText: 'Message received' });
  await expect(received).toContainText('We have received your message and will reply within one working day.');
  await expectNoAccessibilityViolations(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdminConsole(admin);
  await expect(admin).toHaveURL('/admin/dashboard');
  // The dashboard counts unanswered messages; the Messages page lists them.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
  const message = admin.getByRole('row').filter({ hasText: text });
  await expect(message).toBeVisible();
  await expect(message).toContainText(email);
  await expect(message).toContainText('New');
  await adminContext.close();
});

test('a signed-in customer finds name and e-mail already filled in on the contact form', async ({ page }) => {
  const customer = DEMO_ACCOUNTS.customer;
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).toHaveURL('/');
  await page.goto('/contact');
  await expect(page.getByLabel('Full name')).toHaveValue(customer.name);
  await expect(page.getByLabel('E-mail address')).toHaveValue(customer.email);
});

for (const [path, heading] of [
  ['/about', 'About Sahyadri Computers'],
  ['/returns', 'Returns & Refunds'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms & Conditions'],
] as const) {
  test(`visitor reads ${heading}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`Sahyadri Computers`));
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
    await expectNoAccessibilityViolations(page);
  });
}

test('the shop works on a narrow phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/contact', '/returns', '/register', '/vendor/register', '/cart']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});
