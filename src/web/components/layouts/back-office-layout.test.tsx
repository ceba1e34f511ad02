import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Package } from 'lucide-react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { BackOfficeLayout } from './back-office-layout';

function renderConsole() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_QUERY_KEY, { user: null });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <BackOfficeLayout area="Seller centre" navLabel="Seller centre" items={[{ label: 'Products', to: '/products', icon: Package }]} />
        ),
        children: [{ index: true, element: <h1>Products</h1> }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('BackOfficeLayout', () => {
  it('lets a keyboard user skip the sidebar: the first Tab reaches "Skip to content", which leads to the page', async () => {
    renderConsole();
    await screen.findByRole('heading', { name: 'Products' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    // The target can take the focus the link moves to it.
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });
});
