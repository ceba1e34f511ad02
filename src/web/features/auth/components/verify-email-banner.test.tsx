import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push(key);
      return routes[key]?.() ?? json({ error: { code: 'NOT_FOUND', message: `No fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

function renderBanner(note?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VerifyEmailBanner note={note} />
    </QueryClientProvider>,
  );
}

const unverified = () => json({ email: 'asha@example.in', emailVerified: false });

describe('VerifyEmailBanner', () => {
  it('asks an unverified account to verify, with the note, and resends the link', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/auth/email-verification': unverified,
      'POST /api/auth/email-verification/resend': () => json({ message: 'We have sent a new verification link to asha@example.in.' }),
    });
    renderBanner('We can approve your application only once it is verified.');
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Please verify your e-mail address');
    expect(banner).toHaveTextContent('We sent a link to asha@example.in.');
    expect(banner).toHaveTextContent('We can approve your application only once it is verified.');

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A new link is on its way; it works for 24 hours.')).toBeInTheDocument();
    expect(calls).toContain('POST /api/auth/email-verification/resend');
  });

  it('says when to ask again once the resends of the hour are used up, and keeps Resend off until then', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/auth/email-verification': unverified,
      'POST /api/auth/email-verification/resend': () =>
        json(
          {
            error: {
              code: 'RATE_LIMITED',
              message: 'You have asked for the verification e-mail too many times. Please try again in 20 minutes.',
              retryAfterSeconds: 1200,
            },
          },
          429,
        ),
    });
    renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/You can ask again at/)).toBeInTheDocument();
    const at = screen.getByText(/\d{1,2}:\d{2}/, { selector: 'time' });
    const minutes = (Date.parse(at.getAttribute('datetime')!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(19);
    expect(minutes).toBeLessThanOrEqual(20);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });

  it('shows nothing once the address is verified, and Retry when the check fails', async () => {
    const calls = fakeApi({ 'GET /api/auth/email-verification': () => json({ email: 'asha@example.in', emailVerified: true }) });
    renderBanner();
    await waitFor(() => expect(calls).toEqual(['GET /api/auth/email-verification']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('Please verify your e-mail address')).not.toBeInTheDocument();
    vi.unstubAllGlobals();

    fakeApi({ 'GET /api/auth/email-verification': () => json({ error: { code: 'INTERNAL', message: 'The shop is busy.' } }, 500) });
    renderBanner();
    expect(await screen.findByText('Could not check whether your e-mail address is verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
