import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestResponse } from '~/shared/schemas/catalogue';
import { suggestQueryKey } from '~/web/lib/search/suggest-query';
import { HeaderSearch, moveHighlight, suggestionOptions } from './header-search';

const thinkpads: SuggestResponse = {
  products: [
    { id: 'prd_e14', name: 'Lenovo ThinkPad E14 Gen 5', brand: 'Lenovo', category: 'Laptop', pricePaise: 6_899_000, image: null },
    { id: 'prd_t14', name: 'Lenovo ThinkPad T14 Gen 4', brand: 'Lenovo', category: 'Laptop', pricePaise: 11_499_000, image: null },
  ],
  categories: [{ category: 'Laptop', count: 7 }],
  correctedQuery: null,
};

function renderAt(path: string, suggestions: Record<string, SuggestResponse> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Suggestions the API would give, put in the cache: the component reads them as if fetched.
  for (const [q, data] of Object.entries(suggestions)) client.setQueryData(suggestQueryKey(q), data);
  const router = createMemoryRouter(
    [
      { path: '/', element: <HeaderSearch /> },
      { path: '/search', element: <HeaderSearch /> },
      { path: '/product/:id', element: <HeaderSearch /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const box = () => screen.getByRole('combobox', { name: 'Search products' });

beforeEach(() => {
  // Nothing here may reach the network: suggestions come from the cache or not at all.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no network in component tests'))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('HeaderSearch', () => {
  it('puts the URL-encoded text into q of /search and clears the box', async () => {
    const router = renderAt('/');
    await userEvent.type(box(), '27" 4K & USB-C/90W{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('27" 4K & USB-C/90W')}`);
    expect(box()).toHaveValue('');
  });

  it('searches what was typed before the app took the page over, and clears the box', async () => {
    function Address() {
      const { pathname, search } = useLocation();
      return <p data-testid="address">{pathname + search}</p>;
    }
    const app = (client: QueryClient) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HeaderSearch />
          <Address />
        </MemoryRouter>
      </QueryClientProvider>
    );
    // The server's page, shown before its script runs: the shopper types into it.
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(new QueryClient()));
    document.body.append(container);
    container.querySelector('input')!.value = 'ThinkPad E14';

    const root = await act(async () => hydrateRoot(container, app(new QueryClient())));
    try {
      expect(box()).toHaveValue('ThinkPad E14');
      await userEvent.type(box(), '{Enter}');
      expect(screen.getByTestId('address')).toHaveTextContent('/search?q=ThinkPad%20E14');
      expect(box()).toHaveValue('');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('does not search for blank text', async () => {
    const router = renderAt('/');
    await userEvent.type(box(), '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists suggestions as a listbox, moves with the arrow keys and opens the highlighted product with Enter', async () => {
    const user = userEvent.setup();
    const router = renderAt('/', { thinkp: thinkpads });
    await user.type(box(), 'thinkp');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions for thinkp' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Lenovo ThinkPad E14 Gen 5₹68,990.00',
      'Lenovo ThinkPad T14 Gen 4₹1,14,990.00',
      '“thinkp” in Laptops · 7 products',
      'See all results for “thinkp”',
    ]);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/product/prd_t14');
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list with Escape and keeps the text', async () => {
    const user = userEvent.setup();
    renderAt('/', { thinkp: thinkpads });
    await user.type(box(), 'thinkp');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('thinkp');
  });
});

describe('suggestion options', () => {
  it('end with "See all results", and category options search within the category', () => {
    const options = suggestionOptions('dell 27', { products: [], categories: [{ category: 'Monitor', count: 3 }], correctedQuery: null });
    expect(options.map((o) => o.href)).toEqual(['/search?q=dell%2027&category=Monitor', '/search?q=dell%2027']);
  });

  it('arrow keys wrap through the text box', () => {
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(2, 1, 3)).toBe(-1);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
    expect(moveHighlight(0, -1, 3)).toBe(-1);
    expect(moveHighlight(-1, 1, 0)).toBe(-1);
  });
});
