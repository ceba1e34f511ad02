import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const USED = 'This password reset link has expired or has already been used. Please ask for a new one.';
const TOKEN = 'aB3dE5fG7hJ9kL1mN3pQ5rS7';

function fakeApi(routes: Record<string, (body: unknown) => Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      return routes[key]?.(body) ?? json({ error: { code: 'NOT_FOUND', message: `No fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

function renderForm(token: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ResetPasswordForm token={token} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ResetPasswordForm', () => {
  it('says at once that a used or late link does not work, with the way to a new one', async () => {
    const calls = fakeApi({
      'POST /api/auth/reset-password/check': () => json({ error: { code: 'VALIDATION', message: USED, fields: { token: USED } } }, 400),
    });
    renderForm(TOKEN);
    expect(screen.getByRole('status', { name: 'Checking your link' })).toBeInTheDocument();
    expect(await screen.findByText(USED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls).toEqual([{ key: 'POST /api/auth/reset-password/check', body: { token: TOKEN } }]);
  });

  it('applies the password rules, then changes the password with the token', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'POST /api/auth/reset-password/check': () => json({ expiresAt: new Date(Date.now() + 25 * 60_000).toISOString() }),
      'POST /api/auth/reset-password': () => json({ message: 'Your password has been changed. Sign in with your new password.' }),
    });
    renderForm(TOKEN);
    expect(await screen.findByText(/This link works until/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password12');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too common. Choose one that is harder to guess.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Baner-Monitor-2026');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Baner-Monitor-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText(/Every device that was signed in to your account has been signed out/)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      key: 'POST /api/auth/reset-password',
      body: { token: TOKEN, password: 'Baner-Monitor-2026', confirmPassword: 'Baner-Monitor-2026' },
    });
  });

  it('offers Retry when the link could not be checked', { timeout: 10_000 }, async () => {
    const user = userEvent.setup();
    let down = true;
    fakeApi({
      'POST /api/auth/reset-password/check': () =>
        down
          ? json({ error: { code: 'UNAVAILABLE', message: 'The shop is not answering just now.' } }, 503)
          : json({ expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    });
    renderForm(TOKEN);
    // A failure that is not the link's own is tried twice more (1 s, then 2 s later) before it is shown.
    expect(await screen.findByText('Could not check your link', undefined, { timeout: 6000 })).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it('asks for the link from the e-mail when the page has none', () => {
    renderForm(null);
    expect(screen.getByText(/This page needs the link from the password reset e-mail/)).toBeInTheDocument();
  });
});
