import type { AdminPaymentsResponse } from '../../src/shared/schemas/payments';
import { openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

test('an admin reviews payments and finds the refunded ones', async ({ page }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Payments' }).click();
  await expect(page).toHaveURL('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage payments' })).toBeVisible();

  // Every payment, newest first, under the money figures (other stories add orders meanwhile: no exact totals).
  const table = page.getByRole('table', { name: /Payments, newest first/ });
  const rows = table.getByTestId('payment-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  for (const label of ['Money received', 'Refunded', 'Net', 'Failed attempts', 'Not paid yet', 'Cash on delivery, open orders'])
    await expect(page.getByTestId('payments-summary-card').filter({ hasText: label }).first()).toBeVisible();
  await expect(page.getByTestId('payments-summary-card').first()).toContainText('₹');
  await expect(page.getByRole('navigation', { name: 'Payment pages' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The Not paid yet card counts what the list's Not paid yet filter shows, cash on delivery included.
  const notPaidCard = page.getByTestId('payments-summary-card').filter({ hasText: 'Not paid yet' });
  await expect(notPaidCard).toContainText(/\d+ online, \d+ cash on delivery/);
  await notPaidCard.getByRole('button', { name: /^List the \d+ not paid yet$/ }).click();
  await expect(page).toHaveURL('/admin/payments?status=created');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('created');
  const notPaidCount = Number((await notPaidCard.locator('dd').first().textContent())!.replace(/\D/g, ''));
  expect(notPaidCount).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('table', { name: `Payments, newest first (${notPaidCount} in all)` })).toBeVisible();
  for (const status of await rows.locator('td:nth-of-type(5)').allTextContents()) expect(status).toBe('Not paid yet');
  await page.goBack();
  await expect(page).toHaveURL('/admin/payments');

  // Only the refunded ones: the same payments the API lists for that filter.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Refunded' });
  await expect(page).toHaveURL('/admin/payments?status=refunded');
  let refunded: AdminPaymentsResponse | undefined;
  await expect(async () => {
    const res = await page.request.get('/api/admin/payments?status=refunded&page=1&pageSize=20');
    expect(res.status()).toBe(200);
    refunded = (await res.json()) as AdminPaymentsResponse;
    const shown = await rows.getByRole('rowheader').allTextContents();
    if (shown.length !== refunded.items.length) await page.reload();
    expect(shown.map((s) => s.match(/SC-\d+/)?.[0])).toEqual(refunded.items.map((p) => p.orderNumber));
  }).toPass({ timeout: 15_000 });
  expect(refunded!.total).toBeGreaterThanOrEqual(1);
  for (const status of await rows.locator('td:nth-of-type(5)').allTextContents()) expect(status).toBe('Refunded');

  // One of them opened: its refund, amount and reason.
  const first = refunded!.items[0]!;
  const toggle = page.getByRole('button', { name: `Details of payment for order ${first.orderNumber}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(details).toContainText(first.refunds[0]!.reason);
  await expect(details).toContainText(
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(first.refunds[0]!.amountPaise / 100),
  );
  await expectNoAccessibilityViolations(page);

  // The filter is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('refunded');

  // On a phone each payment is a card (its order, its figures labelled, its details under it); the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page
    .getByRole('region', { name: /Payments, newest first/ })
    .getByRole('listitem')
    .first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(card.getByRole('term').filter({ hasText: 'Amount' })).toBeVisible();
  // (Screen-reader-only text inside the box must not push the page wider either.)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('admin sorts payments by amount and the order survives a reload', async ({ page }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto('/admin/payments');
  const table = page.getByRole('table', { name: /Payments, newest first/ });
  await expect(table.getByTestId('payment-row').first()).toBeVisible();

  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(page).toHaveURL('/admin/payments?sort=-amount');
  const sorted = page.getByRole('table', { name: /Payments, largest first/ });
  await expect(sorted.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  const amounts = async () =>
    (await sorted.getByTestId('payment-row').locator('td:nth-of-type(6)').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
  await expect(async () => {
    const shown = await amounts();
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
  }).toPass();

  await page.reload();
  await expect(page.getByRole('table', { name: /Payments, largest first/ }).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await page
    .getByRole('table', { name: /Payments, largest first/ })
    .getByRole('button', { name: 'Amount' })
    .click();
  await expect(page).toHaveURL('/admin/payments?sort=amount');
  await expect(page.getByRole('table', { name: /Payments, smallest first/ })).toBeVisible();
  // The previous page stays dimmed (aria-busy) until the new order has arrived; check the page as it then stands.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});

test('admin looks at failed and stuck payments and the refunds list, each linked to its order', async ({ page }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto('/admin/payments');
  const views = page.getByRole('navigation', { name: 'Payment views' });
  await expect(views.getByRole('link', { name: 'All payments' })).toHaveAttribute('aria-current', 'page');

  await views.getByRole('link', { name: 'Failed' }).click();
  await expect(page).toHaveURL('/admin/payments?problem=failed');
  await expect(views.getByRole('link', { name: 'Failed' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const failed = page.getByTestId('payment-row');
  if ((await failed.count()) > 0)
    for (const status of await failed.locator('td:nth-of-type(5)').allTextContents()) expect(status).toBe('Failed');
  else await expect(page.getByRole('heading', { name: 'No failed payments' })).toBeVisible();

  await views.getByRole('link', { name: 'Stuck' }).click();
  await expect(page).toHaveURL('/admin/payments?problem=stuck');
  await expect(page.getByText(/neither captured nor failed 30 minutes after/)).toBeVisible();
  await expect(
    page
      .getByTestId('payment-row')
      .or(page.getByRole('heading', { name: 'No stuck payments' }))
      .first(),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await views.getByRole('link', { name: 'Refunds' }).click();
  await expect(page).toHaveURL('/admin/payments?view=refunds');
  const refunds = page.getByRole('table', { name: /Refunds, newest first/ });
  const first = refunds.getByTestId('refund-row').first();
  await expect(first).toBeVisible();
  await expect(page.getByTestId('refunds-summary-card').first()).toContainText('₹');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Refund status').selectOption({ label: 'Processed' });
  await expect(page).toHaveURL('/admin/payments?status=processed&view=refunds');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const orderLink = refunds
    .getByTestId('refund-row')
    .first()
    .getByRole('link', { name: /SC-\d+/ });
  await expect(orderLink).toHaveAttribute('href', /^\/admin\/orders\/.+/);
});
