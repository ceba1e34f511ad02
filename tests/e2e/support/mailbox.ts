import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './accounts';

/**
 * The development mailbox (/dev/mailbox) keeps the shop's e-mails while no SMTP server is
 * configured; only an admin may read it. These helpers read an e-mail there as a person reads
 * their inbox, and return the link it spells out, to be opened in the addressee's own browser.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/**
 * The demo admin's signed-in cookies, kept for this worker: each sign-in spends an authenticator
 * code (single use, decision 27), so the stories that only read e-mails share one session instead
 * of signing in again and again.
 */
let adminSession: StorageState | undefined;

/** A browser of its own, signed in as the demo admin (on the admin dashboard), for reading the mailbox. */
export async function openMailbox(browser: Browser): Promise<Page> {
  if (adminSession) {
    const context = await browser.newContext({ storageState: adminSession });
    const session = (await (await context.request.get('/api/auth/session')).json()) as { user: { role: string } | null };
    if (session.user?.role === 'admin') {
      const page = await context.newPage();
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
      return page;
    }
    await context.close();
  }
  const page = await (await browser.newContext()).newPage();
  await signIn(page, '/admin/login', DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await expect(page).toHaveURL('/admin/dashboard');
  adminSession = await page.context().storageState();
  return page;
}

/** Opens the newest e-mail to `to` with `subject` and returns the link in its text version. */
export async function linkInEmail(mailbox: Page, to: string, subject: string | RegExp): Promise<string> {
  await mailbox.goto('/dev/mailbox');
  await mailbox.getByRole('link').filter({ hasText: subject }).filter({ hasText: to }).first().click();
  const mail = mailbox.getByRole('article');
  await expect(mail.getByRole('heading', { name: subject })).toBeVisible();
  await mail.getByText('Text version').click();
  const text = await mail.locator('pre').innerText();
  const link = /https?:\/\/\S+[?&](?:token|change)=[\w-]+/.exec(text)?.[0];
  expect(link, `a link in the e-mail "${String(subject)}" to ${to}`).toBeTruthy();
  return link!;
}

/** Whether an e-mail to `to` with `subject` is in the mailbox (its list, newest first). */
export async function expectEmail(mailbox: Page, to: string, subject: string | RegExp) {
  await mailbox.goto('/dev/mailbox');
  await expect(mailbox.getByRole('link').filter({ hasText: subject }).filter({ hasText: to }).first()).toBeVisible();
}

/** The applicant follows the verification link e-mailed at registration, in its own browser. */
export async function verifyEmailFromMailbox(mailbox: Page, applicant: Page, email: string) {
  const link = await linkInEmail(mailbox, email, 'Please verify your e-mail address');
  await applicant.goto(link);
  await expect(applicant.getByText('E-mail address verified')).toBeVisible();
}
