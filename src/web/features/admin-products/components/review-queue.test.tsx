import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueuedProduct } from '~/shared/schemas/product-review';
import AdminProductReviewPage from '~/web/app/routes/admin/product-review';
import { Toaster } from '~/web/components/ui/toaster';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const queued: QueuedProduct = {
  id: 'prd_new',
  name: 'LG 24MR400 24-inch Monitor (Chakan)',
  brand: 'LG',
  model: '24MR400',
  category: 'Monitor',
  description: 'A 24-inch monitor.',
  pricePaise: 8_000_00,
  mrpPaise: 11_000_00,
  stock: 6,
  vendor: { id: 'ven_9', name: 'Chakan Displays' },
  submittedAt: '2026-12-06T06:30:00.000Z',
  images: [],
  specs: [{ label: 'Screen size', value: '24 inch' }],
  eans: [],
  duplicates: [
    {
      id: 'prd_old',
      name: 'LG 24MR400 24-inch Monitor',
      brand: 'LG',
      model: '24MR400',
      status: 'active',
      sellerName: 'Pune Tech Hub',
      reasons: ['same_model'],
    },
  ],
};

type Call = [string, RequestInit | undefined];

function renderQueue(answer: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (u: string, init?: RequestInit) => answer(u, init));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/products/review', element: <AdminProductReviewPage /> }], {
    initialEntries: ['/admin/products/review'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { posts: () => (fetch.mock.calls as Call[]).filter(([, init]) => init?.method === 'POST') };
}

describe('the review queue', () => {
  it('shows each product with its seller, specifications and likely duplicates; approves one and rejects one with a reason', async () => {
    const { posts } = renderQueue((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/approve')) return json({ id: queued.id, status: 'active' });
      if (init?.method === 'POST' && url.endsWith('/reject')) return json({ id: queued.id, status: 'draft' });
      return json({ items: [queued], total: 1, page: 1, pageSize: 20 });
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: queued.name });
    expect(card).toHaveTextContent('Chakan Displays');
    expect(card).toHaveTextContent('Screen size');
    const duplicates = within(card).getByRole('region', { name: `Likely duplicates of ${queued.name}` });
    expect(duplicates).toHaveTextContent('LG 24MR400 24-inch Monitor');
    expect(duplicates).toHaveTextContent('Same brand and model');

    await user.click(within(card).getByRole('button', { name: `Approve ${queued.name}` }));
    expect(await screen.findByText(`${queued.name} is approved and on sale.`)).toBeInTheDocument();
    expect(posts()[0]![0]).toBe('/api/admin/products/prd_new/approve');

    await user.click(within(card).getByRole('button', { name: `Reject ${queued.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Send ${queued.name} back?` });
    await user.type(within(dialog).getByLabelText('Reason'), 'The pictures show another model');
    await user.click(within(dialog).getByRole('button', { name: 'Reject product' }));
    expect(await screen.findByText(`${queued.name} is back with its seller.`)).toBeInTheDocument();
    const [url, init] = posts()[1]!;
    expect(url).toBe('/api/admin/products/prd_new/reject');
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'The pictures show another model' });
  });

  it('says when nothing waits, and offers Retry when the queue cannot be loaded', async () => {
    let fail = true;
    renderQueue(() =>
      fail
        ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500)
        : json({ items: [], total: 0, page: 1, pageSize: 20 }),
    );
    const user = userEvent.setup();
    const retry = await screen.findByRole('button', { name: /Retry/ });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Nothing awaits review' })).toBeInTheDocument();
  });
});
