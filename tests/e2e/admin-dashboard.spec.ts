import type { AdminDashboard } from '../../src/shared/schemas/dashboard';
import { openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const pad = (n: number) => String(n).padStart(2, '0');

test("admin compares this month's sales with last month's and opens the orders late to ship", async ({ page }) => {
  await openAdminConsole(page);
  await expect(page).toHaveURL('/admin/dashboard');
  const figures = page.getByRole('region', { name: 'Figures of the period' });
  await expect(figures.getByText('GMV', { exact: true })).toBeVisible();

  // This month so far, beside as many days before it.
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'This month' }).click();
  await expect(page).toHaveURL('/admin/dashboard?range=month');
  await expect(page.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Other stories place orders meanwhile: compare with what the API answers, reloading until they agree.
  let month: AdminDashboard | undefined;
  await expect(async () => {
    month = (await (await page.request.get('/api/admin/dashboard?range=month')).json()) as AdminDashboard;
    const shown = await figures.getByText('GMV', { exact: true }).locator('xpath=..').textContent();
    if (!shown?.includes(rupees.format(month.current.gmvPaise / 100))) await page.reload();
    expect(shown).toContain(rupees.format(month.current.gmvPaise / 100));
  }).toPass({ timeout: 20_000 });
  const days = month!.period.days;
  await expect(figures).toContainText('Cart-to-order conversion: not measured');
  if (month!.current.orders > 0 || month!.previous.orders > 0) {
    const chart = page.getByRole('figure', { name: `Daily GMV, beside the previous ${days === 1 ? 'day' : `${days} days`} (dashed)` });
    await expect(chart).toBeVisible();
    // The numbers behind the area are a table, for screen readers and on request.
    await expect(chart.getByRole('table').getByRole('row')).toHaveCount(days + 1);
    await page.getByRole('button', { name: 'Show the numbers as tables' }).click();
    await expect(chart.getByRole('table')).toBeVisible();
  }
  await expectNoAccessibilityViolations(page);

  // Last month, whole: a custom period.
  const today = month!.period.to;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastMonth = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const first = `${lastMonth.y}-${pad(lastMonth.m)}-01`;
  const last = `${lastMonth.y}-${pad(lastMonth.m)}-${pad(new Date(Date.UTC(lastMonth.y, lastMonth.m, 0)).getUTCDate())}`;
  await page.getByRole('button', { name: 'Custom' }).click();
  const form = page.getByRole('form', { name: 'Custom period' });
  await form.getByLabel('From').fill(first);
  await form.getByLabel('To').fill(last);
  await form.getByRole('button', { name: 'Show period' }).click();
  await expect(page).toHaveURL(`/admin/dashboard?range=custom&from=${first}&to=${last}`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const previous = (await (await page.request.get(`/api/admin/dashboard?range=custom&from=${first}&to=${last}`)).json()) as AdminDashboard;
  await expect(figures).toContainText(rupees.format(previous.current.gmvPaise / 100));
  await expect(figures).toContainText(`${previous.period.days} days`);

  // What needs attention leads to its list: the orders late to ship.
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const late = attention.getByRole('link', { name: /Orders late to ship/ });
  await expect(late).toContainText(String(previous.attention.lateToShip));
  await late.click();
  await expect(page).toHaveURL('/admin/orders?late=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Late to ship only' })).toBeChecked();

  // Back on a phone: the figures stack and nothing sticks out of the screen.
  await page.goBack();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(figures.getByText('Orders', { exact: true })).toBeVisible();
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('[aria-hidden="true"], .sr-only'))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}px`),
  );
  expect(wide).toEqual([]);
});
