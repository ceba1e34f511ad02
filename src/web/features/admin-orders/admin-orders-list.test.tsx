import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminOrdersPage from '~/web/app/routes/admin/orders';
import { screenOf } from '~/web/test/screen-width';
import { AdminOrdersList } from './components/admin-orders-list';
import { json, summary, withProviders } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('the orders list', () => {
  it('shows each order with its customer, sellers and a late badge, linking to its page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [summary({ late: true, trackingNumbers: ['BD123'] })], total: 1, page: 1, pageSize: 20 })),
    );
    withProviders(<AdminOrdersList filter={{}} filtered={false} onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={vi.fn()} />);
    const row = await screen.findByTestId('admin-order-row');
    expect(within(row).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/admin/orders/ord_1');
    expect(within(row).getByText('Late to ship')).toBeInTheDocument();
    expect(within(row).getByText('Priya Kulkarni')).toBeInTheDocument();
    expect(within(row).getByText('BD123')).toHaveClass('whitespace-nowrap');
    expect(row).toHaveTextContent('AWB BD123');
  });

  it('shows each order as a card on a phone, its figures labelled', async () => {
    screenOf(390);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [summary()], total: 1, page: 1, pageSize: 20 })),
    );
    withProviders(<AdminOrdersList filter={{}} filtered={false} onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={vi.fn()} />);
    const card = await screen.findByTestId('admin-order-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/admin/orders/ord_1');
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Placed', 'Customer', 'Sellers', 'Ship to', 'Payment', 'Status', 'Total']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('-orderDate');
  });

  it('says "1,000+" when the server stopped counting, and pages on', async () => {
    const page = Array.from({ length: 20 }, (_, i) => summary({ id: `ord_${i}`, orderNumber: `SC-1${String(i).padStart(5, '0')}` }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: page, total: 1_000, totalCapped: true, page: 1, pageSize: 20 })),
    );
    const onPageChange = vi.fn();
    withProviders(
      <AdminOrdersList filter={{}} filtered={false} onPageChange={onPageChange} onSortChange={vi.fn()} onClearFilters={vi.fn()} />,
    );
    const pages = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('1–20 of 1,000+');
    expect(screen.getByRole('table')).toHaveAccessibleName(/\(1,000\+ orders\)/);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers to clear the filters when nothing matches, and Retry after an error', async () => {
    const fetch = vi.fn(async () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const clear = vi.fn();
    const { unmount } = withProviders(
      <AdminOrdersList filter={{ q: 'nobody' }} filtered onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={clear} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(clear).toHaveBeenCalled();
    unmount();

    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++calls === 1
          ? json(500, { error: { code: 'INTERNAL', message: 'Database is down' } })
          : json(200, { items: [summary()], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    withProviders(<AdminOrdersList filter={{}} filtered={false} onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('admin-order-row')).toBeInTheDocument();
  });
});

describe('the orders page', () => {
  it('says at the From field that it must be on or before To, without asking the server for a list it would refuse', async () => {
    const fetch = vi.fn(async (url: string) =>
      json(200, url.startsWith('/api/admin/orders') ? { items: [summary()], total: 1, page: 1, pageSize: 20 } : { sellers: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter([{ path: '/admin/orders', element: <AdminOrdersPage /> }], {
      initialEntries: ['/admin/orders?from=2026-11-20&to=2026-11-10'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('From')).toHaveAccessibleDescription(/"From" must be on or before "To"/);
    expect(screen.queryByText('Orders could not be loaded')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/admin/orders'))).toEqual([]);
  });
});
