import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview, AdminReviewsResponse } from '~/shared/schemas/reviews';
import AdminReviewsPage from '~/web/app/routes/admin/reviews';
import { toast } from '~/web/lib/toast';

vi.mock('~/web/lib/toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: 'rev_1',
    rating: 1,
    title: 'Call me for a better price',
    body: 'Call 98220 45678 for the same laptop cheaper elsewhere.',
    createdAt: '2026-11-21T06:30:00.000Z',
    product: { id: 'prd_1', name: 'Lenovo ThinkPad E14 Gen 5' },
    author: { id: 'usr_1', name: 'Kavya Iyer', email: 'kavya@example.in' },
    hidden: null,
    ...overrides,
  };
}
const page = (items: AdminReview[]): AdminReviewsResponse => ({ items, total: items.length, page: 1, pageSize: 20 });

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/reviews', element: <AdminReviewsPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('admin reviews page', () => {
  it('lists the reviews of the filter in the address, with their product, customer and status', async () => {
    const fetch = vi.fn(async () =>
      json(
        page([
          review(),
          review({
            id: 'rev_2',
            rating: 5,
            title: 'Great for college',
            hidden: { at: '2026-11-22T06:30:00.000Z', reason: 'About delivery, not the product', byEmail: 'admin@example.in' },
          }),
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/reviews?rating=5&visibility=hidden');
    const table = await screen.findByRole('table', { name: 'Product reviews, newest first (2)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/reviews?page=1&pageSize=20&rating=5&visibility=hidden', expect.anything());
    expect(screen.getByLabelText('Stars')).toHaveValue('5');
    expect(screen.getByLabelText('Status')).toHaveValue('hidden');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Lenovo ThinkPad E14 Gen 5' })).toHaveAttribute('href', '/product/prd_1');
    expect(within(first!).getByRole('link', { name: 'Kavya Iyer' })).toHaveAttribute('href', '/admin/users/usr_1');
    expect(first).toHaveTextContent('1 of 5 stars');
    expect(first).toHaveTextContent('Shown');
    expect(second).toHaveTextContent('Hidden');
    expect(second).toHaveTextContent('About delivery, not the product');
    expect(within(second!).getByRole('button', { name: /^Show again/ })).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), '');
    expect(router.state.location.search).toBe('?rating=5');
  });

  it('hides a review only with a reason: the form checks it, then the server gets it and the list is fetched again', async () => {
    let hidden = false;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        hidden = true;
        const reason = JSON.parse(String(init.body)).reason as string;
        return json({
          review: review({ hidden: { at: '2026-11-22T06:30:00.000Z', reason, byEmail: 'admin@example.in' } }),
          productRating: { average: 4.2, count: 11 },
        });
      }
      return json(
        page([hidden ? review({ hidden: { at: '2026-11-22T06:30:00.000Z', reason: 'Shares a phone number', byEmail: null } }) : review()]),
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/admin/reviews');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Hide the review “Call me for a better price”/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText(/Give the reason for hiding this review/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/hide'), expect.anything());

    await user.type(within(dialog).getByLabelText('Reason'), 'Shares a phone number');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/reviews/rev_1/hide',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ reason: 'Shares a phone number' }) }),
    );
    expect(await screen.findByRole('button', { name: /^Show again/ })).toBeInTheDocument();
  });

  it('confirms the review hidden although the list of shown reviews fetched again no longer holds it', async () => {
    let hidden = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return json(page(hidden ? [] : [review()]));
        hidden = true;
        const reason = JSON.parse(String(init.body)).reason as string;
        return json({
          review: review({ hidden: { at: '2026-11-22T06:30:00.000Z', reason, byEmail: 'admin@example.in' } }),
          productRating: { average: 4.2, count: 11 },
        });
      }),
    );
    renderAt('/admin/reviews?visibility=visible');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Hide the review “Call me for a better price”/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Shares a phone number');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Review hidden. Lenovo ThinkPad E14 Gen 5 now has an average of 4.2 stars from 11 reviews.',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'No reviews match' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("puts the server's word on the reason field when it refuses it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json({ error: { code: 'VALIDATION', message: 'Check the fields', fields: { reason: 'At most 300 characters' } } }, 400)
          : json(page([review()])),
      ),
    );
    renderAt('/admin/reviews');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Hide the review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam from a reseller');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('At most 300 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to clear the filters when nothing matches, and retries after an error', async () => {
    const fetch = vi.fn(async () => json({ error: { code: 'UNAVAILABLE', message: 'The shop is busy.' } }, 503));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/admin/reviews?q=nothing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded');
    fetch.mockImplementation(async () => json(page([])));
    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
  });
});
