import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultShopSettings, type AdminSettingsResponse } from '~/shared/schemas/settings';
import AdminSettingsPage from '~/web/app/routes/admin/settings';
import { formValuesOf, settingsOf } from './settings-form-values';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved: AdminSettingsResponse = {
  settings: defaultShopSettings(30),
  version: 3,
  updatedAt: '2026-11-20T06:30:00.000Z',
  updatedBy: 'ops@sahyadricomputers.in',
};

type Handler = (init: RequestInit) => Response;
function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const handler = routes[`${method} ${path}`];
      return handler ? handler(init) : json({ error: { code: 'NOT_FOUND', message: `No fake for ${method} ${path}` } }, 404);
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/settings', element: <AdminSettingsPage /> }], { initialEntries: ['/admin/settings'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('settings form values', () => {
  it('turns rupees into paise and checks with the server’s schema', () => {
    const values = formValuesOf(saved.settings);
    expect(values.shipping.freeShippingAtPaise).toBe('10000');
    values.shipping.freeShippingAtPaise = '15,000.50';
    const parsed = settingsOf(values);
    expect(parsed.ok && parsed.settings.shipping.freeShippingAtPaise).toBe(15_000_50);

    values.shipping.expressPaise = '50';
    values.returnWindowDays = 'ten';
    const bad = settingsOf(values);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toMatchObject({
      'shipping.expressPaise': 'Express delivery cannot cost less than standard delivery',
      returnWindowDays: 'Enter the return window as a whole number',
    });
  });
});

describe('the shop phone number', () => {
  it('must be an Indian number before the settings are sent', () => {
    const values = formValuesOf(saved.settings);
    values.invoice.phone = '1234 5678';
    const bad = settingsOf(values);
    expect(!bad.ok && bad.errors['invoice.phone']).toBe(
      'Enter an Indian phone number: a mobile, +91 98220 45678, or a landline with its STD code, 020 4567 8910',
    );
    values.invoice.phone = '020 2612 3456';
    expect(settingsOf(values).ok).toBe(true);
  });
});

describe('admin settings page', () => {
  it('shows who saved last and saves the changed threshold with the version it read', async () => {
    const calls = fakeApi({
      'GET /api/admin/settings': () => json(saved),
      'PUT /api/admin/settings': (init) => {
        const body = JSON.parse(init.body as string) as { settings: AdminSettingsResponse['settings'] };
        return json({ ...saved, settings: body.settings, version: 4 });
      },
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the settings' })).toBeInTheDocument();
    const threshold = await screen.findByLabelText('Free standard delivery from (₹)');
    expect(screen.getByText(/Last saved .* by ops@sahyadricomputers.in/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '15,000');
    await userEvent.click(save);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as { version: number; settings: AdminSettingsResponse['settings'] };
    expect(put.version).toBe(3);
    expect(put.settings.shipping.freeShippingAtPaise).toBe(15_000_00);
    expect(put.settings.invoice.gstin).toBe(saved.settings.invoice.gstin);
  });

  it('puts field errors on their fields before sending, and the server’s on theirs', async () => {
    const calls = fakeApi({
      'GET /api/admin/settings': () => json(saved),
      'PUT /api/admin/settings': () =>
        json(
          {
            error: {
              code: 'VALIDATION',
              message: 'Some settings are not valid',
              fields: { 'settings.invoice.gstin': 'This GSTIN is not valid: its last character does not match. Please check it.' },
            },
          },
          400,
        ),
    });
    renderPage();
    const days = await screen.findByLabelText('Return window (days after delivery)');
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Return window must be at most 30 days')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/its last character does not match/)).toBeInTheDocument();
    expect(screen.getByLabelText('GSTIN')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to reload when another admin saved in between', async () => {
    let version = 3;
    fakeApi({
      'GET /api/admin/settings': () => json({ ...saved, version }),
      'PUT /api/admin/settings': () =>
        json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Someone else saved the settings after you opened them. Reload to see their changes, then save again.',
            },
          },
          409,
        ),
    });
    renderPage();
    const timeout = await screen.findByLabelText('Payment timeout (minutes)');
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Someone else saved the settings/)).toBeInTheDocument();
    version = 4;
    await userEvent.click(screen.getByRole('button', { name: 'Reload the settings' }));
    await vi.waitFor(() => expect(screen.queryByText(/Someone else saved the settings/)).not.toBeInTheDocument());
  });

  it('shows an error with Retry when the settings cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/settings': () =>
        fail ? json({ error: { code: 'INTERNAL', message: 'The database is not answering.' } }, 500) : json(saved),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The settings could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Trade name')).toHaveValue(saved.settings.invoice.name);
  });
});
