import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon } from '~/shared/schemas/coupons';
import AdminCouponsPage from '~/web/app/routes/admin/coupons';
import { couponBodyOf, formValuesOf } from './coupon-form-values';
import { toast } from '~/web/lib/toast';

vi.mock('~/web/lib/toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const monitor10: AdminCoupon = {
  code: 'MONITOR10',
  description: '10% off monitors worth ₹8,000 or more, up to ₹3,000.',
  kind: 'percent',
  value: 10,
  minOrderPaise: 8_000_00,
  maxDiscountPaise: 3_000_00,
  startsAt: '2026-06-01T00:00:00.000Z',
  expiresAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  usedCount: 3,
  active: true,
  status: 'active',
  category: 'Monitor',
  vendorId: null,
  vendorName: null,
  scope: 'Monitors only',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
};

type Handler = (init: RequestInit) => Response | Promise<Response>;
function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const key = Object.keys(routes).find((k) => `${method} ${path}`.startsWith(k));
    return key ? routes[key]!(init) : json({ error: { code: 'NOT_FOUND', message: `No fake for ${method} ${path}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/coupons', element: <AdminCouponsPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the coupons page', () => {
  it('lists coupons with what they give, on what, their uses and status, and opens one to its redemptions', async () => {
    fakeApi({
      'GET /api/admin/coupons/MONITOR10/redemptions': () =>
        json({
          items: [
            {
              orderId: 'ord_1',
              orderNumber: 'SC-100321',
              orderStatus: 'placed',
              customerName: 'Rohan Kulkarni',
              customerEmail: 'rohan@example.in',
              redeemedAt: '2026-11-20T10:00:00.000Z',
              discountPaise: 1_299_90,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        }),
      'GET /api/admin/coupons?': () => json({ items: [monitor10], total: 1, page: 1, pageSize: 20 }),
    });
    const router = renderAt('/admin/coupons?status=active');
    const table = await screen.findByRole('table', { name: 'Coupons, newest first (1)' });
    const row = within(table).getAllByTestId('coupon-row')[0]!;
    expect(row).toHaveTextContent('MONITOR10');
    expect(row).toHaveTextContent('10% off, up to ₹3,000');
    expect(row).toHaveTextContent('Monitors only');
    expect(row).toHaveTextContent('3 of 100');
    expect(row).toHaveTextContent('Active');

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Redemptions of MONITOR10' }));
    const redemptions = await screen.findByRole('table', { name: 'Redemptions of MONITOR10, newest first (1)' });
    expect(within(redemptions).getByRole('link', { name: 'SC-100321' })).toHaveAttribute('href', '/admin/orders/ord_1');
    expect(redemptions).toHaveTextContent('Rohan Kulkarni');
    expect(redemptions).toHaveTextContent('₹1,299.90');

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paused');
    expect(router.state.location.search).toBe('?status=paused');
  });

  it('shows a coupon ended before its start as one that never ran, not as ending before it starts', async () => {
    const ended: AdminCoupon = {
      ...monitor10,
      code: 'BLACKFRIDAY',
      startsAt: '2026-11-29T00:00:00.000Z',
      expiresAt: '2026-11-28T10:00:00.000Z',
      active: true,
      status: 'expired',
    };
    fakeApi({ 'GET /api/admin/coupons?': () => json({ items: [ended, monitor10], total: 2, page: 1, pageSize: 20 }) });
    renderAt('/admin/coupons');
    const [row, running] = await screen.findAllByTestId('coupon-row');
    expect(row).toHaveTextContent('Expired');
    expect(row).toHaveTextContent('Never ran: ended before its start');
    expect(row).toHaveTextContent('Ended 28 Nov 2026');
    expect(row).not.toHaveTextContent('From');
    expect(row).not.toHaveTextContent('Until');
    expect(running).toHaveTextContent('From 1 Jun 2026');
    expect(running).toHaveTextContent('No end');
  });

  it('confirms a coupon paused although the list of active coupons fetched again no longer holds its row', async () => {
    let paused = false;
    const noRedemptions = () => json({ items: [], total: 0, page: 1, pageSize: 10 });
    fakeApi({
      'POST /api/admin/coupons/MONITOR10/pause': () => {
        paused = true;
        return json({ coupon: { ...monitor10, active: false, status: 'paused' } });
      },
      // Read again after the pause, the opened redemptions answer after the list (another request).
      'GET /api/admin/coupons/MONITOR10/redemptions': () =>
        paused ? new Promise<Response>((resolve) => setTimeout(() => resolve(noRedemptions()), 50)) : noRedemptions(),
      'GET /api/admin/coupons?': () => json({ items: paused ? [] : [monitor10], total: paused ? 0 : 1, page: 1, pageSize: 20 }),
    });
    renderAt('/admin/coupons?status=active');
    const user = userEvent.setup();
    const row = (await screen.findAllByTestId('coupon-row'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Redemptions of MONITOR10' }));
    expect(await screen.findByRole('heading', { name: 'No orders have used MONITOR10 yet' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Pause MONITOR10' }));

    expect(await screen.findByRole('heading', { name: 'No coupons match' })).toBeInTheDocument();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon MONITOR10 paused: checkout refuses it until you resume it.'));
  });

  it('creates a coupon from rupees and dates, and shows the server’s field error on its field', async () => {
    const calls = fakeApi({
      'GET /api/admin/coupons/vendors': () => json({ items: [{ id: 'ven_1', name: 'Kharghar Computer Mart' }] }),
      'GET /api/admin/coupons?': () => json({ items: [], total: 0, page: 1, pageSize: 20 }),
      'POST /api/admin/coupons': () =>
        json(
          {
            error: {
              code: 'CONFLICT',
              message: 'There is a coupon FLAT500 already.',
              fields: { code: 'There is a coupon FLAT500 already.' },
            },
          },
          409,
        ),
    });
    renderAt('/admin/coupons');
    await screen.findByText('No coupons yet');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'New coupon' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText('Code'), 'flat500');
    await user.type(within(dialog).getByLabelText('Description for customers'), '₹500 off Kharghar monitors');
    await user.click(within(dialog).getByLabelText('Flat amount off'));
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('Enter the amount off, at least ₹1')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Amount off (₹)'), '500');
    await user.clear(within(dialog).getByLabelText('Minimum order (₹)'));
    await user.type(within(dialog).getByLabelText('Minimum order (₹)'), '10,000');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Monitor');
    await within(dialog).findByRole('option', { name: 'Kharghar Computer Mart' });
    await user.selectOptions(within(dialog).getByLabelText('Seller'), 'Kharghar Computer Mart');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('There is a coupon FLAT500 already.')).toBeVisible();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    const sent = calls.find((c) => c.method === 'POST')!.body;
    expect(sent).toMatchObject({
      code: 'FLAT500',
      kind: 'flat',
      value: 500_00,
      minOrderPaise: 10_000_00,
      maxDiscountPaise: null,
      category: 'Monitor',
      vendorId: 'ven_1',
      expiresAt: null,
      usageLimit: null,
      perCustomerLimit: 1,
    });
  });

  it('says when the coupons could not be loaded, with Retry', async () => {
    fakeApi({ 'GET /api/admin/coupons?': () => json({ error: { code: 'INTERNAL', message: 'Something broke on our side.' } }, 500) });
    renderAt('/admin/coupons');
    expect(await screen.findByRole('heading', { name: 'The coupons could not be loaded' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('the coupon form’s values', () => {
  it('checks percent, end and limits with the server’s schema, and keeps an edit’s code out of the body', () => {
    const values = { ...formValuesOf(monitor10), value: '95', expiresAt: '2026-05-01T10:00' };
    const bad = couponBodyOf(values, 'edit');
    expect(bad).toEqual({
      ok: false,
      errors: { value: 'A percent coupon gives 1% to 90% off', expiresAt: 'The end must be after the start' },
    });
    const good = couponBodyOf({ ...formValuesOf(monitor10), value: '12' }, 'edit');
    expect(good.ok && good.body).toMatchObject({ value: 12, minOrderPaise: 8_000_00, maxDiscountPaise: 3_000_00, category: 'Monitor' });
    expect(good.ok && 'code' in good.body).toBe(false);
    expect(couponBodyOf({ ...formValuesOf(null), code: 'NEW10', description: 'Ten', value: '10', usageLimit: 'lots' }, 'create')).toEqual({
      ok: false,
      errors: { description: 'Description must be at least 5 characters', usageLimit: 'Enter the total uses as a whole number' },
    });
  });
});
