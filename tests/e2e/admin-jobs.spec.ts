import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { inShopDatabase } from './support/shop-database';

// The first story sees the failed tab empty; the second makes failed jobs and clears them again.
test.describe.configure({ mode: 'serial' });

async function openBackgroundJobs(page: Page) {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Background jobs/ })
    .click();
  await expect(page).toHaveURL('/admin/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
}

/**
 * A job that has failed for good, as a worker leaves it after its last try. The shop has no way to
 * make one fail on purpose, so it is written as graphile-worker writes it: added, then its tries used up.
 */
async function failedJob(task: string, payload: Record<string, string>, error: string): Promise<string> {
  return inShopDatabase(async (db) => {
    await db.query('begin');
    const added = await db.query<{ id: string }>(
      `select id::text from graphile_worker.add_job($1, $2::json, run_at => now() + interval '1 day', max_attempts => 3)`,
      [task, JSON.stringify(payload)],
    );
    const id = added.rows[0]!.id;
    await db.query(
      `update graphile_worker._private_jobs set attempts = 3, last_error = $2, run_at = now() - interval '20 minutes' where id = $1::bigint`,
      [id, error],
    );
    await db.query('commit');
    return id;
  });
}

test("admin opens Background jobs and sees the shop's scheduled work", async ({ page }) => {
  await openBackgroundJobs(page);
  const tabs = page.getByRole('navigation', { name: 'Job states' });
  await expect(tabs.getByRole('link', { name: 'Failed 0 jobs' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'No failed jobs — everything ran.' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await tabs.getByRole('link', { name: /^Scheduled/ }).click();
  await expect(page).toHaveURL('/admin/jobs?state=scheduled');
  const table = page.getByRole('table', { name: /^Scheduled jobs, soonest first/ });
  // The recurring jobs are always queued for their next run (the 30-second one may be running when the list is read: it refreshes itself).
  const settle = table.getByRole('row').filter({ hasText: 'Settle vendor payouts' });
  await expect(settle).toContainText('The whole shop');
  await expect(settle).toContainText(/Runs in \d+ (second|minute|hour)s?/);
  await expect(settle.getByRole('button', { name: /^Run now: job #\d+ “Settle vendor payouts”/ })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Cancel unpaid orders past their time' })).toBeVisible();

  await page.getByLabel('Job', { exact: true }).selectOption({ label: 'Settle vendor payouts' });
  await expect(page).toHaveURL('/admin/jobs?state=scheduled&task=payouts.settle');
  await expect(table.getByRole('row').filter({ hasText: 'Cancel unpaid orders' })).toHaveCount(0);
  await expect(settle).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // On a phone the table scrolls sideways inside its box; the page itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = page.getByRole('region', { name: /^Scheduled jobs, soonest first/ });
  await expect(box).toBeVisible();
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The sidebar and the tabs are rows that scroll sideways there; opened on a phone, each shows where the admin is.
  await page.reload();
  // (Not quite 1: the open tab's underline overlaps the row's edge by a pixel, which the row clips.)
  await expect(tabs.getByRole('link', { name: /^Scheduled \d+ jobs?$/ })).toBeInViewport({ ratio: 0.95 });
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Background jobs/ })).toBeInViewport({
    ratio: 1,
  });
});

test('admin retries a failed picture job, which runs and goes, and dismisses a failed e-mail job after confirming', async ({
  page,
  context,
}) => {
  const requestId = randomUUID();
  const pictureJob = await failedJob(
    'media.renditions',
    { imageId: `img_gone_${requestId.slice(0, 8)}`, _requestId: requestId },
    'Error: Input file is missing: uploads/originals/img_gone.jpg\n    at Sharp.toBuffer (sharp/lib/output.js:163:17)',
  );
  const mailJob = await failedJob('mail.send', { messageId: `mail_${requestId.slice(0, 8)}` }, 'Error: connect ECONNREFUSED 10.0.4.12:587');

  await openBackgroundJobs(page);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Background jobs 2 failed' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Failed jobs, most recent first (2)' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Failed jobs, most recent first/ });
  const picture = table.getByTestId(`job-${pictureJob}`);
  await expect(picture).toContainText('Resize a product picture');
  await expect(picture).toContainText(`Picture img_gone_${requestId.slice(0, 8)}`);
  await expect(picture).toContainText('3 of 3');
  await expect(picture).toContainText('Error: Input file is missing');
  await expect(picture).not.toContainText('Sharp.toBuffer');

  // The request id is copied to find the job's log lines; the details hold the whole first line of the error.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await picture.getByRole('button', { name: `Copy the request id of job #${pictureJob}` }).click();
  await expect(page.getByText(/^Request id copied/)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(requestId);
  await picture.getByRole('button', { name: `Details of job #${pictureJob} “Resize a product picture”` }).click();
  await expect(page.locator(`#details-${pictureJob}`)).toContainText(`reqId ${requestId}`);
  await expectNoAccessibilityViolations(page);

  await picture.getByRole('button', { name: `Retry: job #${pictureJob} “Resize a product picture”` }).click();
  await expect(page.getByText(`Retrying job #${pictureJob} “Resize a product picture”: it runs again now.`)).toBeVisible();
  await expect(picture).toHaveCount(0);
  // The worker runs it (the picture is gone, so there is nothing to resize) and it leaves the queue.
  await expect
    .poll(async () => {
      const lists = await Promise.all(
        ['failed', 'running', 'waiting', 'scheduled'].map(async (state) => {
          const response = await page.request.get(`/api/admin/jobs?state=${state}&task=media.renditions&pageSize=100`);
          return ((await response.json()) as { items: { id: string }[] }).items;
        }),
      );
      return lists.flat().some((job) => job.id === pictureJob);
    })
    .toBe(false);

  const mail = table.getByTestId(`job-${mailJob}`);
  await mail.getByRole('button', { name: `Dismiss: job #${mailJob} “Send an e-mail”` }).click();
  const dialog = page.getByRole('dialog', { name: `Dismiss job #${mailJob}?` });
  await expect(dialog).toContainText('will not run again');
  await dialog.getByRole('button', { name: 'Dismiss job' }).click();
  await expect(page.getByText(`Dismissed job #${mailJob} “Send an e-mail”. It will not run again.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No failed jobs — everything ran.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Background jobs' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Both steps are in the audit log.
  await page.goto(`/admin/audit?action=job`);
  await expect(
    page.getByRole('row').filter({ hasText: `Retried the job "Resize a product picture" (media.renditions #${pictureJob})` }),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: `Dismissed the failed job "Send an e-mail" (mail.send #${mailJob})` }),
  ).toBeVisible();
});

test("admin follows a failed picture job to its product, and a seller's import job to that seller's products", async ({ page }) => {
  const listed = (await (await page.request.get('/api/catalogue/products?category=Monitor&page_size=1')).json()) as {
    items: { id: string; name: string; vendorName: string }[];
  };
  const product = listed.items[0]!;
  const tag = randomUUID().slice(0, 8);
  const pictureJob = await failedJob(
    'media.renditions',
    { imageId: `img_lost_${tag}`, productId: product.id },
    'Error: Input file is missing',
  );
  const vendorId = await inShopDatabase(
    async (db) => (await db.query<{ vendor_id: string }>('select vendor_id from products where id = $1', [product.id])).rows[0]!.vendor_id,
  );
  const importJob = await failedJob('catalogue.import-csv', { importId: `imp_${tag}`, vendorId }, 'Error: the import was cancelled');

  await openBackgroundJobs(page);
  const table = page.getByRole('table', { name: /^Failed jobs, most recent first/ });
  const picture = table.getByTestId(`job-${pictureJob}`);
  await expect(picture).toContainText(`Picture img_lost_${tag}`);
  await expectNoAccessibilityViolations(page);
  await picture.getByRole('link', { name: `Product ${product.id}` }).click();
  await expect(page).toHaveURL(`/admin/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await page.goBack();
  await table
    .getByTestId(`job-${importJob}`)
    .getByRole('link', { name: `Seller ${vendorId}` })
    .click();
  await expect(page).toHaveURL(`/admin/products?vendorId=${vendorId}`);
  // The Seller filter names the seller, and the list holds its products only.
  await expect(
    page.getByRole('combobox', { name: 'Seller' }).getByRole('option', { name: product.vendorName, selected: true }),
  ).toBeAttached();
  const rows = page.getByRole('table', { name: `Products of ${product.vendorName} (` }).getByRole('row');
  await expect(rows.nth(1)).toContainText(product.vendorName);
  for (const text of await rows.allInnerTexts()) if (text.includes('₹')) expect(text).toContain(product.vendorName);

  // Both are dismissed again, so the console counts no failed jobs of this story.
  for (const id of [pictureJob, importJob]) expect((await page.request.delete(`/api/admin/jobs/${id}`)).status()).toBe(204);
});
