import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginPortal, Profile } from '~/shared/schemas/auth';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);

const vendor: Profile = {
  uid: 'usr_1',
  email: 'aniket@punetechhub.in',
  name: 'Aniket Joshi',
  role: 'vendor',
  createdAt: '2026-01-01T00:00:00.000Z',
  addresses: [],
  vendor: { id: 'ven_1', businessName: 'Pune Tech Hub', status: 'approved' },
  twoFactorEnabled: true,
};

/** The API as the form meets it: each call answered in turn by `answers`; the bodies sent are kept. */
function fakeApi(answers: Record<string, (() => Response)[]>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      sent.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const next = answers[path]?.shift();
      return next ? next() : failure(404, 'NOT_FOUND', `No fake for ${path}`);
    }),
  );
  return sent;
}

function renderLogin(portal: LoginPortal = 'vendor') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm portal={portal} /> },
      { path: '*', element: <p>Landed</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-mail address'), vendor.email);
  await user.type(screen.getByLabelText('Password'), 'PuneTechHub-2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the code step of a sign-in', () => {
  it('asks for the app’s code after a right password, with the focus on a numeric one-time-code field', async () => {
    const sent = fakeApi({
      '/api/auth/login': [() => json({ twoFactorRequired: true })],
      '/api/auth/two-factor': [() => json({ user: vendor })],
    });
    const { router, user } = renderLogin();
    await passwordStep(user);

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendor/dashboard');
    expect(sent.at(-1)).toEqual({ path: '/api/auth/two-factor', body: { code: '123456' } });
  });

  it('puts a wrong code on the field, and refuses a code of the wrong shape before sending it', async () => {
    const wrong = 'That code is not right. Check the time on your phone and try the newest code.';
    const sent = fakeApi({
      '/api/auth/login': [() => json({ twoFactorRequired: true })],
      '/api/auth/two-factor': [() => failure(400, 'VALIDATION', wrong, { code: wrong })],
    });
    const { user } = renderLogin();
    await passwordStep(user);
    const code = await screen.findByLabelText('Authentication code');

    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(sent.filter((s) => s.path === '/api/auth/two-factor')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes a recovery code instead, focused on its own field', async () => {
    const sent = fakeApi({
      '/api/auth/login': [() => json({ twoFactorRequired: true })],
      '/api/auth/two-factor': [() => json({ user: vendor })],
    });
    const { user } = renderLogin();
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));

    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    await user.type(recovery, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ path: '/api/auth/two-factor', body: { recoveryCode: 'abcd-efgh-jkmn' } });
  });

  it('shows the rate limit as too many attempts', async () => {
    fakeApi({
      '/api/auth/login': [() => json({ twoFactorRequired: true })],
      '/api/auth/two-factor': [() => failure(429, 'RATE_LIMITED', 'Too many wrong codes. Please try again in 15 minutes.')],
    });
    const { user } = renderLogin();
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).toHaveTextContent('Too many wrong codes. Please try again in 15 minutes.');
  });

  it('goes back to the password step with the message when the pending sign-in has expired', async () => {
    const expired = 'Your sign-in has expired or had too many wrong codes. Please enter your password again.';
    fakeApi({
      '/api/auth/login': [() => json({ twoFactorRequired: true })],
      '/api/auth/two-factor': [() => failure(401, 'UNAUTHENTICATED', expired)],
    });
    const { user } = renderLogin();
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(screen.getByLabelText('E-mail address')).toHaveValue(vendor.email);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
