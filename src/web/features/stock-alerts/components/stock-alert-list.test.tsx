import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockAlertItem } from '~/shared/schemas/stock-alerts';
import { Toaster } from '~/web/components/ui/toaster';
import { StockAlertList } from './stock-alert-list';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const waiting: StockAlertItem = {
  id: 'sal_wait',
  productId: 'prd_inspiron',
  status: 'waiting',
  email: 'asha@example.in',
  createdAt: '2026-11-21T06:30:00.000Z',
  notifiedAt: null,
  product: { id: 'prd_inspiron', name: 'Dell Inspiron 15 3530', onSale: true, inStock: false, pricePaise: 52_990_00, image: null },
};
const notified: StockAlertItem = {
  id: 'sal_sent',
  productId: 'prd_lg27',
  status: 'notified',
  email: 'asha@example.in',
  createdAt: '2026-11-02T06:30:00.000Z',
  // 11:00 pm in India on 9 November is 10 November there.
  notifiedAt: '2026-11-09T18:30:00.000Z',
  product: { id: 'prd_lg27', name: 'LG 27UP850 27-inch 4K Monitor', onSale: true, inStock: true, pricePaise: 31_499_00, image: null },
};

function renderList(items: StockAlertItem[]) {
  let live = items;
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET' && path === '/api/stock-alerts') return json({ items: live });
    const stopped = /^\/api\/stock-alerts\/(\w+)$/.exec(path)?.[1];
    if (init.method === 'DELETE' && stopped) {
      live = live.filter((a) => a.id !== stopped);
      return new Response(null, { status: 204 });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'No fake' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StockAlertList />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('StockAlertList', () => {
  it('lists each alert with its product, status and dates in Indian format, and Stop takes a waiting one off', async () => {
    const user = userEvent.setup();
    const fetch = renderList([waiting, notified]);

    const list = await screen.findByRole('list', { name: 'Your back-in-stock alerts' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Dell Inspiron 15 3530' })).toHaveAttribute('href', '/product/prd_inspiron');
    expect(first).toHaveTextContent('₹52,990');
    expect(first).toHaveTextContent('Out of stock');
    expect(first).toHaveTextContent('Waiting since 21 Nov 2026');
    expect(second).toHaveTextContent('In stock now');
    expect(second).toHaveTextContent('E-mailed on 10 Nov 2026 to asha@example.in');
    expect(within(second!).queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Stop the alert for Dell Inspiron 15 3530' }));
    expect(await screen.findByText('Alert stopped: we will not e-mail you about Dell Inspiron 15 3530.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/stock-alerts/sal_wait', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByRole('link', { name: 'Dell Inspiron 15 3530' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('does not link a product that is no longer on sale', async () => {
    renderList([{ ...waiting, product: { ...waiting.product, onSale: false, pricePaise: null } }]);
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Dell Inspiron 15 3530');
    expect(item).toHaveTextContent('No longer on sale');
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says how alerts work when there are none', async () => {
    renderList([]);
    expect(await screen.findByRole('heading', { name: 'No back-in-stock alerts' })).toBeInTheDocument();
    expect(screen.getByText(/choose “Notify me when it’s back” on its page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
