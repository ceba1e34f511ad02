import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StockAlertLinkResult } from './stock-alert-link-result';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderLink(kind: 'confirm' | 'stop', token: string | null, answer: () => Response) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <StockAlertLinkResult kind={kind} token={token} />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetch;
}

const TOKEN = 'c2lnbmVkLXRva2VuLW9mLWFuLWFsZXJ0';

describe('StockAlertLinkResult', () => {
  it('confirms once on arrival and leads to the product', async () => {
    const fetch = renderLink('confirm', TOKEN, () =>
      json({
        message: 'You are on the list: we will e-mail asha@example.in once when Dell Inspiron 15 3530 is back in stock.',
        product: { id: 'prd_inspiron', name: 'Dell Inspiron 15 3530' },
        inStock: false,
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your alert…');
    expect(await screen.findByText('Alert confirmed')).toBeInTheDocument();
    expect(screen.getByText(/You are on the list/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Dell Inspiron 15 3530' })).toHaveAttribute('href', '/product/prd_inspiron');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/stock-alerts/confirm',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: TOKEN }) }),
    );
  });

  it('shows the shop’s message for a used link, with the way home', async () => {
    const message = 'This link has expired or has already been used. Ask again from the product page.';
    renderLink('confirm', TOKEN, () => json({ error: { code: 'VALIDATION', message, fields: { token: message } } }, 400));
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('stops the alerts of the e-mail’s address', async () => {
    renderLink('stop', TOKEN, () =>
      json({
        message: 'Done: we will send no more back-in-stock e-mails to this address (one alert stopped).',
        product: { id: 'prd_inspiron', name: 'Dell Inspiron 15 3530' },
        inStock: false,
      }),
    );
    expect(await screen.findByText('Alerts stopped')).toBeInTheDocument();
    expect(screen.getByText(/one alert stopped/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('says so when the link has no token, without asking the shop', () => {
    const fetch = renderLink('stop', null, () => json({}));
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(fetch).not.toHaveBeenCalled();
  });
});
