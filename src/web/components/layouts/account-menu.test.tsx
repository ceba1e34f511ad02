import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Profile } from '~/shared/schemas/auth';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { AccountMenu } from './account-menu';

const customer: Profile = {
  uid: 'usr_1',
  email: 'asha@example.in',
  name: 'Asha Patil',
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  addresses: [],
  vendor: null,
  twoFactorEnabled: false,
};

function renderMenu(user: Profile | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(SESSION_QUERY_KEY, { user });
  const page = (
    <>
      <AccountMenu />
      <button type="button">Elsewhere</button>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '*', element: page },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const menuButton = (name = 'Account menu') => screen.getByRole('button', { name });

describe('AccountMenu', () => {
  it('opens from the keyboard on the first entry, moves with the arrows and closes with Escape back on the button', async () => {
    const user = userEvent.setup();
    renderMenu(null);
    expect(menuButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    menuButton().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAttribute('aria-controls', menu.id);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Login', 'Register', 'Vendor Login']);
    await waitFor(() => expect(items[0]).toHaveFocus());

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('l');
    expect(items[0]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the last entry with Up Arrow and follows a link with Enter', async () => {
    const user = userEvent.setup();
    const router = renderMenu(null);
    menuButton().focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Vendor Login' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/vendor/login');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows who is signed in and closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderMenu(customer);
    await user.click(menuButton('Account menu for Asha Patil'));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Asha Patil');
    expect(menu).toHaveTextContent('Customer');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'My Orders',
      'Wishlist',
      'My Profile',
      'Back-in-stock alerts',
      'Logout',
    ]);

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes when Tab moves focus on', async () => {
    const user = userEvent.setup();
    renderMenu(null);
    menuButton().focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Login' })).toHaveFocus());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
