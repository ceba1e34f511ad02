import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorStatus } from '~/shared/schemas/two-factor';
import { sessionQueryOptions } from '~/web/lib/session/session';
import { TwoFactorSection } from './two-factor-section';
import { toast } from '~/web/lib/toast';

vi.mock('~/web/lib/toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The status answers in turn (the last one repeats); `disable` answers the turn-off; `session`, when
 * given, answers the session (as late as it likes).
 */
function fakeApi(
  statuses: (TwoFactorStatus | 'down')[],
  disable?: () => Response,
  newCodes?: () => Response,
  session?: () => Promise<Response>,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (path === '/api/auth/two-factor/status') {
        const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
        return next === 'down' ? json({ error: { code: 'UNAVAILABLE', message: 'The shop is busy. Please retry.' } }, 503) : json(next);
      }
      if (path === '/api/auth/two-factor/disable' && disable) return disable();
      if (path === '/api/auth/two-factor/recovery-codes' && newCodes) return newCodes();
      if (path === '/api/auth/session') return session ? session() : json({ user: null });
      return json({ error: { code: 'NOT_FOUND', message: `No fake for ${path}` } }, 404);
    }),
  );
  return calls;
}

/** What the page's header does: it reads the session, so turning it off fetches that again too. */
function SessionReader() {
  useQuery(sessionQueryOptions);
  return null;
}

function renderSection({ withSession = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {withSession && <SessionReader />}
      <TwoFactorSection />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), section: () => screen.getByRole('region', { name: /Two-step sign-in/ }) };
}

describe('the two-step sign-in section', () => {
  it('offers to turn it on when it is off, with the set-up flow and a way back', async () => {
    fakeApi([{ enabled: false, required: false, recoveryCodesLeft: 0 }]);
    const { user, section } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(within(section()).getByRole('heading', { name: /Step 1 of 3/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeInTheDocument();
  });

  it('shows the recovery codes left and turns it off with the password and a code', async () => {
    const calls = fakeApi(
      [
        { enabled: true, required: false, recoveryCodesLeft: 2 },
        { enabled: false, required: false, recoveryCodesLeft: 0 },
      ],
      () => new Response(null, { status: 204 }),
    );
    const { user, section } = renderSection();
    expect(await within(section()).findByText('On')).toBeInTheDocument();
    expect(section()).toHaveTextContent('Recovery codes left: 2 of 10');
    expect(section()).toHaveTextContent('Only a few recovery codes are left.');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const form = screen.getByRole('form', { name: 'Turn off two-step sign-in' });
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(form).findByText('Enter the 6-digit code or a recovery code')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/two-factor/disable')).toBe(false);

    await user.type(within(form).getByLabelText('Your password'), 'Rohan-Shops-2026');
    await user.type(within(form).getByLabelText('Code from the app, or a recovery code'), '482913');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section()).findByText('Off')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/two-factor/disable')?.body).toEqual({ password: 'Rohan-Shops-2026', code: '482913' });
    expect(screen.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeInTheDocument();
  });

  it('confirms turning it off although the status read again takes the form away before the session answers', async () => {
    let off = false;
    fakeApi(
      [
        { enabled: true, required: false, recoveryCodesLeft: 8 },
        { enabled: false, required: false, recoveryCodesLeft: 0 },
      ],
      () => {
        off = true;
        return new Response(null, { status: 204 });
      },
      undefined,
      // The session read again after turning it off answers after the status (another request).
      async () => {
        if (off) await new Promise((resolve) => setTimeout(resolve, 50));
        return json({ user: null });
      },
    );
    const { user, section } = renderSection({ withSession: true });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const form = screen.getByRole('form', { name: 'Turn off two-step sign-in' });
    await user.type(within(form).getByLabelText('Your password'), 'Rohan-Shops-2026');
    await user.type(within(form).getByLabelText('Code from the app, or a recovery code'), '482913');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));

    expect(await within(section()).findByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Turn off two-step sign-in' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-step sign-in is off. Your password alone signs you in now.'));
  });

  it('puts a wrong code on its field when turning it off', async () => {
    const wrong = 'That code is not right. Check the time on your phone and try the newest code.';
    fakeApi([{ enabled: true, required: false, recoveryCodesLeft: 10 }], () =>
      json({ error: { code: 'VALIDATION', message: wrong, fields: { code: wrong } } }, 400),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Your password'), 'Rohan-Shops-2026');
    await user.type(screen.getByLabelText('Code from the app, or a recovery code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the app, or a recovery code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows admins that it is required, with no way to turn it off', async () => {
    fakeApi([{ enabled: true, required: true, recoveryCodesLeft: 9 }]);
    const { section } = renderSection();
    expect(await within(section()).findByText('On, and required for admin accounts.')).toBeInTheDocument();
    expect(section()).toHaveTextContent('Recovery codes left: 9 of 10');
    expect(within(section()).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('makes ten new recovery codes after the password, shown once, and counts them', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `NEWC-ODES-00${i}A`);
    const calls = fakeApi(
      [
        { enabled: true, required: true, recoveryCodesLeft: 1 },
        { enabled: true, required: true, recoveryCodesLeft: 10 },
      ],
      undefined,
      () => json({ recoveryCodes: fresh }),
    );
    const { user, section } = renderSection();
    expect(await within(section()).findByText(/Only a few recovery codes are left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const form = screen.getByRole('form', { name: 'New recovery codes' });
    await vi.waitFor(() => expect(within(form).getByLabelText('Your password')).toHaveFocus());
    await user.type(within(form).getByLabelText('Your password'), 'Sahyadri-Admin-2026');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByRole('heading', { name: 'Your new recovery codes' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(calls.find((c) => c.path === '/api/auth/two-factor/recovery-codes')?.body).toEqual({ password: 'Sahyadri-Admin-2026' });
    await user.click(screen.getByLabelText('I have saved my recovery codes somewhere safe'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(section()).toHaveTextContent('Recovery codes left: 10 of 10'));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('says when the status could not be loaded and retries', async () => {
    fakeApi(['down', { enabled: false, required: false, recoveryCodesLeft: 0 }]);
    const { user } = renderSection();
    expect(await screen.findByText('Two-step sign-in could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Turn on two-step sign-in' })).toBeInTheDocument();
  });
});
