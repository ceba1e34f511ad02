import type { Browser } from '@playwright/test';
import type { ProductDetail, ProductListResponse, ReviewsResponse } from '../../src/shared/schemas/catalogue';
import type { OrdersResponse } from '../../src/shared/schemas/orders';
import { DEMO_ACCOUNTS, openAdminConsole, signIn, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

/** What a visitor sees on a product page, in a browser of their own (nothing cached from before). */
async function visitorSees(browser: Browser, product: { id: string; name: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/product/${encodeURIComponent(product.id)}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible({ timeout: 30_000 });
  const reviews = page.locator('section#reviews');
  await expect(reviews.getByRole('article').first()).toBeVisible();
  const ratings = (await reviews.getByText(/^\d[\d,]* ratings?$/).textContent())!;
  const titles = await reviews.getByRole('article').getByRole('heading').allTextContents();
  await context.close();
  return { ratings, titles };
}

/** Ids of the products in the demo customer's delivered orders. */
async function deliveredToDemoCustomer(browser: Browser): Promise<Set<string>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, '/login', DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  const { items } = (await (await page.request.get('/api/orders?page=1&pageSize=50')).json()) as OrdersResponse;
  await context.close();
  return new Set(items.filter((o) => o.status === 'delivered').flatMap((o) => o.items.map((i) => i.productId)));
}

test('admin hides a review: the product page loses it and its rating changes; showing it again brings it back', async ({
  page,
  browser,
}) => {
  // A reviewed monitor, and its newest review, from the API. The customers' review story writes on laptops; the
  // merge story has the demo customer review a monitor delivered to them, and merges it away: not that one.
  const theirs = await deliveredToDemoCustomer(browser);
  const list = (await (await page.request.get('/api/catalogue/products?category=Monitor&sort=rating')).json()) as ProductListResponse;
  const monitor = list.items.find((p) => p.ratingCount >= 3 && !theirs.has(p.id));
  expect(monitor, 'a demo monitor with reviews').toBeDefined();
  const { product } = (await (await page.request.get(`/api/catalogue/products/${monitor!.id}`)).json()) as { product: ProductDetail };
  const { items } = (await (await page.request.get(`/api/catalogue/products/${monitor!.id}/reviews`)).json()) as ReviewsResponse;
  const target = items[0]!;
  const before = await visitorSees(browser, product);
  expect(before.titles).toContain(target.title);
  expect(before.ratings).toBe(`${product.ratingCount} ratings`);

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Product or customer' });
  await search.fill(product.name);
  await search.press('Enter');
  await page.getByRole('button', { name: `Hide the review “${target.title}” by ${target.authorName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review' });
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(dialog.getByText(/Give the reason for hiding this review/)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Talks about the courier, not the monitor');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText(`Review hidden. ${product.name} now has`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: target.title });
  await expect(row).toContainText('Hidden');
  await expect(row).toContainText('Talks about the courier, not the monitor');

  const hidden = await visitorSees(browser, product);
  expect(hidden.titles).not.toContain(target.title);
  expect(hidden.ratings).toBe(`${product.ratingCount - 1} ${product.ratingCount - 1 === 1 ? 'rating' : 'ratings'}`);

  await row.getByRole('button', { name: `Show again the review “${target.title}” by ${target.authorName}` }).click();
  await expect(page.getByText(`Review shown again. ${product.name} now has`)).toBeVisible();
  await expect(row).toContainText('Shown');
  const back = await visitorSees(browser, product);
  expect(back.titles[0]).toBe(target.title);
  expect(back.ratings).toBe(before.ratings);
  await expectNoAccessibilityViolations(page);

  // On a phone the list scrolls in its own box and the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('admin replies to a contact message: the reply is in the mailbox and the message is replied', async ({ page, browser }) => {
  // A visitor writes from the contact page's API, in a browser of their own.
  const visitor = await browser.newContext();
  const email = uniqueEmail('contact');
  const words = `Kharadi office ${Date.now().toString(36)}`;
  const sent = await visitor.request.post('/api/contact', {
    data: {
      name: 'Sneha Patil',
      email,
      topic: 'Business or bulk purchase',
      message: `We need 12 desktops for our ${words}. Can you quote with GST?`,
    },
  });
  expect(sent.status()).toBe(201);
  await visitor.close();

  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Name, e-mail or words' });
  await search.fill(words);
  await search.press('Enter');
  // The message's own row (once opened, its thread is a row of its own under it).
  const row = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('button', { name: /^Open the message from/ }) });
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: 'Open the message from Sneha Patil' }).click();
  const thread = page.getByRole('region', { name: 'Message from Sneha Patil' });
  await expect(thread).toContainText(words);
  const reply = 'Thank you. The quotation for 12 desktops with GST is attached; delivery to Kharadi takes 4 days.';
  await thread.getByLabel('Your reply').fill(reply);
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Reply sent to ${email}.`)).toBeVisible();
  await expect(thread.getByRole('list', { name: 'Replies sent' })).toContainText(reply);
  await expect(row).toContainText('Replied');
  await expectNoAccessibilityViolations(page);

  // Among the new messages it is no more; among the replied ones it is.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('new');
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('replied');
  await expect(row).toContainText('Replied');

  // The e-mail went to the sender, with the reply in it.
  await page.goto('/dev/mailbox');
  await page.getByRole('link').filter({ hasText: email }).first().click();
  const mail = page.getByRole('article');
  await expect(mail.getByRole('heading', { name: 'Re: your message about business or bulk purchase' })).toBeVisible();
  await mail.getByText('Text version').click();
  await expect(mail.locator('pre')).toContainText(reply);
  await expect(mail.locator('pre')).toContainText(`> We need 12 desktops for our ${words}. Can you quote with GST?`);
});
