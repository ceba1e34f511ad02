import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountResponse, AccountSession } from '~/shared/schemas/account';
import { AccountSecurity } from './account-security';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const account: AccountResponse = {
  uid: 'usr_1',
  name: 'Asha Patil',
  email: 'asha@example.in',
  phone: '+919822045678',
  role: 'customer',
  createdAt: '2026-01-10T06:30:00.000Z',
  deletion: null,
};
const sessions: AccountSession[] = [
  {
    id: 'ses_here',
    device: 'Chrome on Windows',
    place: 'This network',
    signedInAt: '2026-11-20T06:30:00.000Z',
    lastSeenAt: '2026-11-21T06:30:00.000Z',
    current: true,
  },
  {
    id: 'ses_phone',
    device: 'Safari on iPhone',
    place: '203.0.113.x',
    signedInAt: '2026-11-18T06:30:00.000Z',
    lastSeenAt: '2026-11-19T06:30:00.000Z',
    current: false,
  },
];

type Handler = (body: unknown) => Response;
function fakeApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      const handler = routes[key];
      if (!handler) return json({ error: { code: 'NOT_FOUND', message: `No fake for ${key}` } }, 404);
      const res = handler(body);
      return res;
    }),
  );
  return calls;
}

function renderSections() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountSecurity twoFactor={<section aria-label="Two-step sign-in">slot</section>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AccountSecurity', () => {
  it('shows the details, e-mail, password, sessions, the two-step slot and your data; signs out the other device', async () => {
    const user = userEvent.setup();
    let live = sessions;
    const calls = fakeApi({
      'GET /api/account': () => json(account),
      'GET /api/account/sessions': () => json({ sessions: live }),
      'DELETE /api/account/sessions/ses_phone': () => {
        live = sessions.filter((s) => s.current);
        return new Response(null, { status: 204 });
      },
    });
    renderSections();
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('+91 98220 45678');
    // Each password field says what it is for: one confirms a new e-mail address, the other is the one being changed.
    expect(
      within(screen.getByRole('region', { name: 'E-mail address' })).getByLabelText('Your password, to confirm the new address'),
    ).toHaveAttribute('type', 'password');
    expect(within(screen.getByRole('region', { name: 'Password' })).getByLabelText('Current password')).toHaveAttribute('type', 'password');
    expect(screen.getAllByLabelText(/current password/i)).toHaveLength(1);
    for (const heading of ['E-mail address', 'Password', 'Where you are signed in', 'Your data']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/account/export');

    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const here = within(list).getByText('Chrome on Windows').closest('li')!;
    expect(here).toHaveTextContent('This device');
    expect(within(here).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone, 203.0.113.x' }));
    await vi.waitFor(() => expect(within(list).queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls.map((c) => c.key)).toContain('DELETE /api/account/sessions/ses_phone');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('saves the name and a mobile typed as a person types it, with the server’s field errors on the fields', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/account': () => json(account),
      'GET /api/account/sessions': () => json({ sessions }),
      'PATCH /api/account': () => json(account),
    });
    renderSections();
    const mobile = await screen.findByLabelText(/^Mobile number/);
    await user.clear(mobile);
    await user.type(mobile, '12345');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    // The mobile's rule on the field (its hint also says "Indian mobile"; a schema's 'Invalid input' showed before).
    expect(await screen.findByText('Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9')).toBeInTheDocument();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.key === 'PATCH /api/account')).toBe(false);

    await user.clear(mobile);
    await user.type(mobile, '098220 11111');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === 'PATCH /api/account')?.body).toEqual({ name: 'Asha Patil', phone: '+919822011111' }),
    );
  });

  it('shows a scheduled deletion with its date and Cancel; a vendor who cannot leave yet is told why', async () => {
    const user = userEvent.setup();
    const blocked =
      'Your business still has 2 open orders to ship or settle. You can delete your account once every order is settled and your last payout is made.';
    let current: AccountResponse = { ...account, deletion: { requestedAt: '2026-11-20T06:30:00.000Z', dueAt: '2026-11-27T06:30:00.000Z' } };
    fakeApi({
      'GET /api/account': () => json(current),
      'GET /api/account/sessions': () => json({ sessions }),
      'DELETE /api/account/deletion': () => {
        current = { ...current, role: 'vendor', deletion: null };
        return json(current);
      },
      'POST /api/account/deletion': () => json({ error: { code: 'CONFLICT', message: blocked } }, 409),
    });
    renderSections();
    expect(await screen.findByText('Your account will be deleted on 27 Nov 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel deletion' }));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'PuneTechHub-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your account cannot be deleted yet')).toBeInTheDocument();
    expect(within(dialog).getByText(blocked)).toBeInTheDocument();
  });

  it('offers Retry when the account cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      'GET /api/account': () =>
        fail ? json({ error: { code: 'UNAVAILABLE', message: 'The shop is not answering just now.' } }, 503) : json(account),
      'GET /api/account/sessions': () => json({ sessions }),
    });
    renderSections();
    expect(await screen.findByText('Your account could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
  });
});
