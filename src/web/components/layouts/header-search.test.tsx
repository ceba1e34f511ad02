import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSearch } from './header-search';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HeaderSearch /> },
      { path: '/search', element: <HeaderSearch /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('HeaderSearch', () => {
  it('puts the URL-encoded text into q of /search and clears the box', async () => {
    const router = renderAt('/');
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await userEvent.type(box, '27" 4K & USB-C/90W{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('27" 4K & USB-C/90W')}`);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('does not search for blank text', async () => {
    const router = renderAt('/');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
  });
});
