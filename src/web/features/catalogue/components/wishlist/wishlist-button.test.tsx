import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '~/shared/constants';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { WishlistButton } from './wishlist-button';

const product = { id: 'prd_thinkpad', name: 'Lenovo ThinkPad E14 Gen 5' };

function jsonResponse(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const profile = (role: UserRole) => ({ uid: 'usr_1', email: 'asha@example.in', name: 'Asha Patil', role });

/** `role` undefined: the session is not known yet (still being asked for). */
function renderButton(role: UserRole | null | undefined, at = '/product/prd_thinkpad?from=home') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (role !== undefined) client.setQueryData(SESSION_QUERY_KEY, { user: role ? profile(role) : null });
  const router = createMemoryRouter(
    [
      { path: '/product/:id', element: <WishlistButton product={product} /> },
      { path: '/login', element: <p>Sign in page</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('WishlistButton', () => {
  it('sends a signed-out visitor to sign in, to come back to the same page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const router = renderButton(null);

    await userEvent.click(screen.getByRole('button', { name: 'Save to wishlist: Lenovo ThinkPad E14 Gen 5' }));

    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/product/prd_thinkpad?from=home' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a saved product as pressed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { productIds: ['prd_thinkpad'] })),
    );
    renderButton('customer');
    const button = await screen.findByRole('button', { name: /^Saved/ });
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns the heart on at once, and back off when the shop refuses', async () => {
    let failPut: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') return new Promise<Response>((resolve) => (failPut = resolve));
        return Promise.resolve(jsonResponse(200, { productIds: [] }));
      }),
    );
    renderButton('customer');
    const button = screen.getByRole('button', { name: /Save to wishlist/ });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/wishlist/ids', expect.anything()));

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleName('Saved: Lenovo ThinkPad E14 Gen 5');

    failPut(jsonResponse(409, { error: { code: 'CONFLICT', message: 'Your wishlist is full.' } }));
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  });

  it('saves for a signed-in customer who clicks before the session has arrived, instead of asking her to sign in', async () => {
    let answerSession: (response: Response) => void = () => undefined;
    const saved: string[] = [];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/auth/session') return new Promise<Response>((resolve) => (answerSession = resolve));
      if (init?.method === 'PUT') saved.push('prd_thinkpad');
      return Promise.resolve(init?.method === 'PUT' ? jsonResponse(204) : jsonResponse(200, { productIds: saved }));
    });
    vi.stubGlobal('fetch', fetch);
    renderButton(undefined);
    const button = screen.getByRole('button', { name: 'Save to wishlist: Lenovo ThinkPad E14 Gen 5' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything()));

    await userEvent.click(button);
    answerSession(jsonResponse(200, { user: profile('customer') }));

    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/wishlist/prd_thinkpad', expect.objectContaining({ method: 'PUT' })));
    expect(await screen.findByRole('button', { name: 'Saved: Lenovo ThinkPad E14 Gen 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Sign in page')).not.toBeInTheDocument();
  });

  it('is not shown to vendors, who have no wishlist', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderButton('vendor');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
