import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '~/shared/schemas/auth';
import type { StockAlert } from '~/shared/schemas/stock-alerts';
import { AppProvider } from '~/web/app/provider';
import { Toaster } from '~/web/components/ui/toaster';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { stockAlertKeys } from '../api/stock-alert-queries';
import { LazyNotifyMe } from './lazy-notify-me';
import { NotifyMe } from './notify-me';

afterEach(() => vi.unstubAllGlobals());

const product = { id: 'prd_inspiron', name: 'Dell Inspiron 15 3530' };
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
const alert: StockAlert = {
  id: 'sal_1',
  productId: product.id,
  status: 'waiting',
  email: 'asha@example.in',
  createdAt: '2026-11-21T06:30:00.000Z',
  notifiedAt: null,
};
const NOTIFY = 'Notify me when it’s back';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: unknown) => Response;
/** The shop's API as fetch sees it: each call answered by its handler (or 404), and kept for the asserts. */
function fakeApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      const handler = routes[key];
      return handler ? handler(body) : json({ error: { code: 'NOT_FOUND', message: `No fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

/** A query client as the app has it: the session known (`undefined`: still being asked for). */
function clientWith(user: Profile | null | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (user !== undefined) client.setQueryData(SESSION_QUERY_KEY, { user });
  return client;
}

function tree(client: QueryClient, children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/product/${product.id}`]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

/** The app as it hydrates a page the server rendered (decision 29). */
function serverRenderedTree(client: QueryClient, children: ReactNode) {
  return (
    <AppProvider queryClient={client} serverRendered>
      <MemoryRouter initialEntries={[`/product/${product.id}`]}>{children}</MemoryRouter>
    </AppProvider>
  );
}

function renderControl(user: Profile | null) {
  render(
    tree(
      clientWith(user),
      <>
        <NotifyMe product={product} />
        <Toaster />
      </>,
    ),
  );
}

describe('NotifyMe, signed in', () => {
  it('turns the alert on with one click, says where the e-mail goes, and Stop turns it off', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      [`GET /api/stock-alerts/product/${product.id}`]: () => json({ alert: null }),
      'POST /api/stock-alerts': () => json({ status: 'waiting', alert }),
      'DELETE /api/stock-alerts/sal_1': () => new Response(null, { status: 204 }),
      'GET /api/stock-alerts': () => json({ items: [] }),
    });
    renderControl(customer);

    const notify = screen.getByRole('button', { name: NOTIFY });
    await waitFor(() => expect(notify).toBeEnabled());
    expect(screen.queryByLabelText('Your e-mail address')).not.toBeInTheDocument();
    await user.click(notify);

    expect(await screen.findByRole('status')).toHaveTextContent('We’ll e-mail you at asha@example.in when it’s back in stock.');
    expect(calls.find((c) => c.key === 'POST /api/stock-alerts')?.body).toEqual({ productId: product.id });
    expect(await screen.findByText('We’ll e-mail asha@example.in when Dell Inspiron 15 3530 is back.')).toBeInTheDocument();
    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(stop).toHaveFocus();

    await user.click(stop);
    expect(await screen.findByRole('button', { name: NOTIFY })).toHaveFocus();
    expect(calls.some((c) => c.key === 'DELETE /api/stock-alerts/sal_1')).toBe(true);
    expect(await screen.findByText('Alert stopped: we will not e-mail you about Dell Inspiron 15 3530.')).toBeInTheDocument();
  });

  it('shows an alert that is already on without asking again', async () => {
    fakeApi({ [`GET /api/stock-alerts/product/${product.id}`]: () => json({ alert }) });
    renderControl(customer);
    expect(await screen.findByText(/We’ll e-mail you at/)).toHaveTextContent('asha@example.in');
    expect(screen.queryByRole('button', { name: NOTIFY })).not.toBeInTheDocument();
  });

  it('says in a message when the product came back meanwhile', async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/stock-alerts/product/${product.id}`]: () => json({ alert: null }),
      'POST /api/stock-alerts': () =>
        json({ error: { code: 'CONFLICT', message: 'Good news: Dell Inspiron 15 3530 is in stock now. Add it to your cart.' } }, 409),
    });
    renderControl(customer);
    const notify = screen.getByRole('button', { name: NOTIFY });
    await waitFor(() => expect(notify).toBeEnabled());
    await user.click(notify);
    expect(await screen.findByText('Good news: Dell Inspiron 15 3530 is in stock now. Add it to your cart.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NOTIFY })).toBeEnabled();
  });
});

describe('NotifyMe, a visitor', () => {
  it('asks for an address, shows the rule’s and the shop’s field errors under it, then says to check the inbox', async () => {
    const user = userEvent.setup();
    const answers = [
      json({ error: { code: 'VALIDATION', message: 'Check the form', fields: { email: 'This address cannot receive e-mail' } } }, 400),
      json({ status: 'confirmation_sent', message: 'Check your inbox: we have e-mailed you a link to confirm the alert.' }, 202),
    ];
    const calls = fakeApi({ 'POST /api/stock-alerts': () => answers.shift()! });
    renderControl(null);

    const field = screen.getByLabelText('Your e-mail address');
    await user.click(screen.getByRole('button', { name: NOTIFY }));
    expect(await screen.findByText('Enter a valid e-mail address, like name@example.com')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await user.type(field, 'Asha@Example.in');
    await user.click(screen.getByRole('button', { name: NOTIFY }));
    expect(await screen.findByText('This address cannot receive e-mail')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('This address cannot receive e-mail');
    expect(calls[0]?.body).toEqual({ productId: product.id, email: 'asha@example.in' });

    await user.click(screen.getByRole('button', { name: NOTIFY }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Check your inbox');
    expect(done).toHaveTextContent('we have e-mailed you a link to confirm the alert.');
    expect(screen.queryByLabelText('Your e-mail address')).not.toBeInTheDocument();
  });

  it('shows a refusal without a field (too many requests) as a message', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/stock-alerts': () => json({ error: { code: 'RATE_LIMITED', message: 'Too many back-in-stock requests.' } }, 429),
    });
    renderControl(null);
    await user.type(screen.getByLabelText('Your e-mail address'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: NOTIFY }));
    expect(await screen.findByText('Too many back-in-stock requests.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveValue('asha@example.in');
  });
});

describe('NotifyMe on a page the server rendered', () => {
  it('renders the plain button on the server, hydrates without a mismatch and then shows the signed-in state', async () => {
    fakeApi({ [`GET /api/stock-alerts/product/${product.id}`]: () => json({ alert }) });
    // The server knows no session; the browser may know it (and the alert) by the time the control hydrates.
    const html = renderToString(
      serverRenderedTree(clientWith(undefined), <LazyNotifyMe productId={product.id} productName={product.name} />),
    );
    expect(html).toContain(NOTIFY);
    expect(html).toContain('disabled');
    expect(html).not.toContain('e-mail address');

    const browser = clientWith(customer);
    browser.setQueryData(stockAlertKeys.product(product.id), alert);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, serverRenderedTree(browser, <LazyNotifyMe productId={product.id} productName={product.name} />), {
        onRecoverableError: recoverable,
      }),
    );

    await waitFor(() => expect(container).toHaveTextContent('We’ll e-mail you at asha@example.in'));
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('shows the disabled button until the session is known, then the visitor’s form', async () => {
    fakeApi({ 'GET /api/auth/session': () => json({ user: null }) });
    render(tree(clientWith(undefined), <LazyNotifyMe productId={product.id} productName={product.name} />));
    expect(screen.getByRole('button', { name: NOTIFY })).toBeDisabled();
    expect(await screen.findByLabelText('Your e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NOTIFY })).toBeEnabled();
  });
});
