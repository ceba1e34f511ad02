import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '~/shared/schemas/auth';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { TwoFactorSetup } from './two-factor-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const admin: Profile = {
  uid: 'usr_admin',
  email: 'sunita.rao@sahyadricomputers.in',
  name: 'Sunita Rao',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  addresses: [],
  vendor: null,
  twoFactorEnabled: false,
};
const KEY = 'KNQWQ6LBMRZGSLKEMVWW6LKBMRWWS3RB';
const CODES = ['ABCD-EFGH-JKMN', 'PQRS-TUVW-XYZ2', ...Array.from({ length: 8 }, (_, i) => `CODE-NUMB-ER0${i + 2}`)];

function fakeApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/auth/two-factor/setup') {
        return body.password === 'Right-Password-1'
          ? json({ otpauthUri: `otpauth://totp/Sahyadri%20Computers:${admin.email}?secret=${KEY}`, key: KEY })
          : json(
              {
                error: { code: 'VALIDATION', message: 'That password is not right.', fields: { password: 'That password is not right.' } },
              },
              400,
            );
      }
      if (path === '/api/auth/two-factor/confirm') return json({ recoveryCodes: CODES });
      if (path === '/api/auth/session') return json({ user: { ...admin, twoFactorEnabled: true } });
      return json({ error: { code: 'NOT_FOUND', message: `No fake for ${path}` } }, 404);
    }),
  );
  return calls;
}

function renderSetup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, { user: admin });
  const onDone = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <TwoFactorSetup headingLevel="h2" onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone, user, client };
}

async function toScanStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your password'), 'Right-Password-1');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('heading', { name: /Step 2 of 3/ });
}

describe('setting up two-step sign-in', () => {
  it('asks for the password first and puts a wrong one on its field', async () => {
    fakeApi();
    const { user } = renderSetup();
    const password = screen.getByLabelText('Your password');
    await vi.waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'Wrong-Password-9');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('shows the QR code and the key to type by hand, then takes the first code', async () => {
    const calls = fakeApi();
    const { user } = renderSetup();
    const heading = await toScanStep(user);
    expect(heading).toHaveFocus();
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('KNQW Q6LB MRZG SLKE MVWW 6LKB MRWW S3RB')).toBeInTheDocument();

    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/two-factor/confirm')).toBe(false);

    await user.clear(code);
    await user.type(code, '482913');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { name: /save your recovery codes/ })).toHaveFocus();
    expect(calls.find((c) => c.path === '/api/auth/two-factor/confirm')?.body).toEqual({ code: '482913' });
  });

  it('shows the ten recovery codes once, to copy or download, and goes on only when they are saved', async () => {
    const calls = fakeApi();
    const { user, onDone, client } = renderSetup();
    await toScanStep(user);
    await user.type(screen.getByLabelText('Code from the app'), '482913');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const copied = await navigator.clipboard.readText();
    for (const code of CODES) expect(copied).toContain(code);
    expect(copied).toContain(admin.email);

    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:recovery-codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('sahyadri-computers-recovery-codes.txt');
    });
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(clicked).toHaveBeenCalledOnce();
    const text = await saved!.text();
    expect(text).toContain('Sahyadri Computers: recovery codes for two-step sign-in');
    expect(text).toContain(' 1. ABCD-EFGH-JKMN');
    expect(text).toContain(`Account: ${admin.email}`);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Save the codes first, then tick this box.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('I have saved my recovery codes somewhere safe'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    // The session is read again: it now says two-step sign-in is on (the admin pages open).
    expect(calls.some((c) => c.path === '/api/auth/session')).toBe(true);
    expect(client.getQueryData<{ user: Profile }>(SESSION_QUERY_KEY)?.user.twoFactorEnabled).toBe(true);
  });
});
