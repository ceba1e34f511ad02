import { readFile } from 'node:fs/promises';
import { devices, type Page } from '@playwright/test';
import { RESET_LINK_SENT_MESSAGE } from '../../src/shared/schemas/account-recovery';
import { DEMO_ACCOUNTS, STRONG_PASSWORD, createCustomer, signIn, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { expectEmail, linkInEmail, openMailbox } from './support/mailbox';

const NEW_PASSWORD = 'Kothrud-Laptop-2027';
const settled = (page: Page) => expect(page.locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]')).toHaveCount(0);
/** What sticks out sideways on a phone (nothing, when the page fits). */
const wideOnThePhone = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  );

test('customer forgets the password and signs in with the new one', async ({ page, browser, request }) => {
  test.slow();
  const customer = await createCustomer(request, 'Gauri Bapat');
  // "Forgot password?" is on every sign-in page.
  for (const login of ['/vendor/login', '/admin/login']) {
    await page.goto(login);
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  }
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // An address without an account gets the very same answer.
  await page.getByLabel('E-mail address').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(RESET_LINK_SENT_MESSAGE);
  await page.getByRole('button', { name: 'try again' }).click();
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText(RESET_LINK_SENT_MESSAGE);
  await expectNoAccessibilityViolations(page);

  // The link from the e-mail opens the page to choose a new password, which applies the rules.
  const mailbox = await openMailbox(browser);
  const link = await linkInEmail(mailbox, customer.email, 'Choose a new password');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(/This link works until/)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toContainText('has been signed out');

  // Every session ended: the one the account had elsewhere is refused from now on.
  expect((await request.get('/api/account')).status()).toBe(401);

  // The old password no longer works; the new one does.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Could not sign in');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu for Gauri Bapat' })).toBeVisible();

  // The owner is told, and the link cannot be used twice: the page says so and leads to a new one.
  await expectEmail(mailbox, customer.email, 'Your password was changed');
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This link does not work' })).toContainText('expired or has already been used');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await mailbox.context().close();
});

test('customer verifies the e-mail address from the link', async ({ page, browser }) => {
  test.slow();
  const email = uniqueEmail('verify');
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Ira Kelkar');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  // Shopping does not wait; the account page asks to verify, with Resend.
  await page.getByRole('button', { name: 'Account menu for Ira Kelkar' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/account/profile');
  const banner = page.getByRole('status').filter({ hasText: 'Please verify your e-mail address' });
  await expect(banner).toContainText(`We sent a link to ${email}.`);
  await settled(page);
  await expectNoAccessibilityViolations(page);

  // Resend works a few times an hour; then the banner says when to ask again.
  const resend = banner.getByRole('button', { name: 'Resend' });
  for (let i = 0; i < 3; i += 1) {
    await resend.click();
    await expect(page.getByText(`We have sent a new verification link to ${email}.`).first()).toBeVisible();
    await expect(resend).toBeEnabled();
  }
  await resend.click();
  // (a time today, or a date and time when the hour ends after midnight)
  await expect(banner).toContainText(/You can ask again at (\d{1,2} \w{3} \d{4}, )?\d{1,2}:\d{2}/);
  await expect(resend).toBeDisabled();

  // The link in the e-mail verifies the address; the banner is gone.
  const mailbox = await openMailbox(browser);
  const link = await linkInEmail(mailbox, email, 'Please verify your e-mail address');
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'E-mail address verified' })).toContainText(`${email} is verified`);
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByText('Please verify your e-mail address')).toHaveCount(0);

  // The same link a second time says it no longer works.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This link does not work' })).toContainText('expired or has already been used');
  await mailbox.context().close();
});

test('customer changes the e-mail address: the new inbox confirms it and the old one is told', async ({ page, browser, request }) => {
  test.slow();
  const customer = await createCustomer(request, 'Omkar Sathe');
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).toHaveURL('/');
  await page.goto('/account/profile');
  const section = page.getByRole('region', { name: 'E-mail address' });
  const newEmail = uniqueEmail('omkar.new');
  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByLabel('Your password, to confirm the new address').fill('not-my-password');
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByText('This password is not correct.')).toBeVisible();
  await section.getByLabel('Your password, to confirm the new address').fill(customer.password);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByRole('status')).toContainText(
    `Your e-mail address changes when you follow it; until then, keep using ${customer.email}.`,
  );
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(customer.email);

  const mailbox = await openMailbox(browser);
  const link = await linkInEmail(mailbox, newEmail, 'Confirm your new e-mail address');
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'E-mail address changed' })).toContainText(
    `Your e-mail address is now ${newEmail}`,
  );
  await page.goto('/account/profile');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(newEmail);
  await expect(page.getByText('Please verify your e-mail address')).toHaveCount(0);
  await expectEmail(mailbox, customer.email, 'Your e-mail address was changed');
  // The account's other session (the one that registered it) has ended.
  expect((await request.get('/api/account')).status()).toBe(401);
  await mailbox.context().close();
});

test('customer signs out a lost phone from the sessions list', async ({ page, browser, request }) => {
  test.slow();
  const customer = await createCustomer(request, 'Tanvi Gokhale');
  const phoneContext = await browser.newContext({ ...devices['iPhone 13'] });
  const phone = await phoneContext.newPage();
  await signIn(phone, '/login', customer.email, customer.password);
  await expect(phone).toHaveURL('/');

  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).toHaveURL('/');
  await page.goto('/account/profile');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  const here = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(here).toContainText('Chrome on Windows');
  await expect(here).toContainText('Local');
  await expect(here).toContainText(/signed in .* · last seen /);
  const lost = sessions.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
  await expect(lost).toHaveCount(1);
  await settled(page);
  await expectNoAccessibilityViolations(page);

  // On a phone the page stacks and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(lost.getByRole('button', { name: 'Sign out Safari on iPhone, Local' })).toBeVisible();
  expect(await wideOnThePhone(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await lost.getByRole('button', { name: 'Sign out Safari on iPhone, Local' }).click();
  await expect(page.getByText('Safari on iPhone has been signed out.')).toBeVisible();
  await expect(lost).toHaveCount(0);

  // Whoever holds the phone is signed out at once: its next page needs the password again.
  await phone.goto('/orders');
  await expect(phone).toHaveURL('/login');

  // "Sign out everywhere else" ends every other session too, and keeps this one.
  await signIn(phone, '/login', customer.email, customer.password);
  await expect(phone).toHaveURL('/orders');
  await page.reload();
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('2 other devices have been signed out.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await phone.goto('/orders');
  await expect(phone).toHaveURL('/login');
  expect((await request.get('/api/account')).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Account menu for Tanvi Gokhale' })).toBeVisible();
  await phoneContext.close();
});

test('customer downloads their data and deletes the account', async ({ page, browser }) => {
  test.slow();
  const customer = await createCustomer(page.request, 'Rutuja Paranjpe');
  const address = await page.request.post('/api/addresses', {
    data: {
      fullName: 'Rutuja Paranjpe',
      mobile: '98220 45678',
      line1: 'Flat 2, Ganga Apartments, Kothrud',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411038',
    },
  });
  expect(address.ok()).toBe(true);
  await page.goto('/account/profile');
  await page.getByRole('region', { name: 'Your details' }).getByLabel('Mobile number').fill('98220 11223');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();

  // "Download my data": a JSON file of the profile, addresses, orders, reviews, wishlist and sessions.
  const yourData = page.getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown[]> & {
    profile: { email: string; phone: string };
    addresses: { city: string }[];
    sessions: { current: boolean }[];
  };
  expect(data.profile).toMatchObject({ email: customer.email, phone: '+919822011223' });
  expect(data.addresses.map((a) => a.city)).toEqual(['Pune']);
  expect(data.orders).toEqual([]);
  expect(data.reviews).toEqual([]);
  expect(data.wishlist).toEqual([]);
  expect(data.sessions.filter((s) => s.current)).toHaveLength(1);

  // "Delete my account" asks for the password, then schedules the erasure 7 days out, with Cancel.
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('erased in 7 days');
  await expectNoAccessibilityViolations(page);
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That is not your current password.')).toBeVisible();
  await dialog.getByLabel('Password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toBeHidden();
  const due = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + 7 * 24 * 3600_000),
  );
  const scheduled = yourData.getByRole('status').filter({ hasText: `Your account will be deleted on ${due}` });
  await expect(scheduled).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Cancel keeps the account; asking again and then signing in cancels it too.
  await scheduled.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(page.getByText('Deletion cancelled. Your account stays.')).toBeVisible();
  await expect(scheduled).toHaveCount(0);
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(scheduled).toBeVisible();
  const mailbox = await openMailbox(browser);
  await expectEmail(mailbox, customer.email, `Your account will be deleted on ${due}`);
  await mailbox.context().close();

  await page.getByRole('button', { name: 'Account menu for Rutuja Paranjpe' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu for Rutuja Paranjpe' })).toHaveCount(0);
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page.getByRole('button', { name: 'Account menu for Rutuja Paranjpe' })).toBeVisible();
  await page.goto('/account/profile');
  await expect(yourData.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expect(yourData.getByText(/will be deleted on/)).toHaveCount(0);
});

test('a vendor and an admin keep their own sign-in accounts from their consoles', async ({ page, browser }) => {
  const vendor = DEMO_ACCOUNTS.khargharVendor;
  await signIn(page, '/vendor/login', vendor.email, vendor.password);
  await expect(page).toHaveURL('/vendor/dashboard');
  await page.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: 'Account & security' }).click();
  await expect(page).toHaveURL('/vendor/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account and security' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(vendor.email);
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' })).toBeVisible();
  await settled(page);
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await wideOnThePhone(page)).toEqual([]);

  // The admin, signed in to the console (with the authenticator code), finds the same in its sidebar.
  const admin = await openMailbox(browser);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Account & security' }).click();
  await expect(admin).toHaveURL('/admin/account');
  await expect(admin.getByRole('heading', { level: 1, name: 'Account and security' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Your details' })).toContainText(DEMO_ACCOUNTS.admin.email);
  await expect(admin.getByRole('region', { name: 'Password', exact: true })).toBeVisible();
  await settled(admin);
  await expectNoAccessibilityViolations(admin);
  await admin.context().close();
});
