import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartOffer } from '~/shared/schemas/coupons';
import { CouponBox } from './coupon-box';

const offer = (code: string, extra: Partial<CartOffer> = {}): CartOffer => ({
  code,
  description: `${code} description`,
  minOrderPaise: 0,
  expiresAt: null,
  scope: null,
  applicable: true,
  reason: null,
  ...extra,
});

const items = [{ productId: 'prd_laptop', quantity: 1 }];

function renderBox(offers: CartOffer[] | 'error', onApply = vi.fn(async () => null)) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return offers === 'error'
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }), { status: 500 })
        : new Response(JSON.stringify({ items: offers }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CouponBox items={items} applied={null} onApply={onApply} onRemove={() => undefined} error={null} />
    </QueryClientProvider>,
  );
  return { calls, onApply };
}

afterEach(() => vi.unstubAllGlobals());

describe('The offers under the coupon box', () => {
  it('lists the offers this cart can use with Apply, the others greyed with the reason in words and no Apply', async () => {
    const { calls, onApply } = renderBox([
      offer('WELCOME10', { minOrderPaise: 5_000_00, description: '10% off, up to ₹2,000' }),
      offer('MONITOR10', { scope: 'Monitors only', applicable: false, reason: 'For monitors only' }),
      offer('BIGSAVE', { minOrderPaise: 1_00_000_00, applicable: false, reason: 'On orders of ₹1,00,000.00 or more: add ₹55,010.00 more' }),
      offer('FLAT1500', { applicable: false, reason: 'You have used this offer already' }),
    ]);

    const usable = await screen.findByRole('list', { name: 'Offers you can use' });
    expect(calls).toEqual([{ path: '/api/coupons/for-cart', body: { items } }]);
    const [welcome] = within(usable).getAllByRole('listitem');
    expect(welcome).toHaveTextContent('WELCOME10 · 10% off, up to ₹2,000');
    expect(welcome).toHaveTextContent('On orders of ₹5,000.00 or more');

    const others = within(screen.getByRole('list', { name: 'Not for this cart' })).getAllByRole('listitem');
    expect(others.map((li) => li.querySelector('code')?.textContent)).toEqual(['MONITOR10', 'BIGSAVE', 'FLAT1500']);
    // The reason is words (read out after "Not for this cart"), not a colour.
    expect(others[0]).toHaveTextContent('Not for this cart: For monitors only');
    expect(others[1]).toHaveTextContent('Not for this cart: On orders of ₹1,00,000.00 or more: add ₹55,010.00 more');
    expect(others[2]).toHaveTextContent('Not for this cart: You have used this offer already');
    for (const li of others) expect(within(li).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Apply [A-Z]/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Apply WELCOME10']);

    await userEvent.setup().click(within(welcome!).getByRole('button', { name: 'Apply WELCOME10' }));
    expect(onApply).toHaveBeenCalledWith('WELCOME10');
  });

  it('shows only the group there is: no "Offers you can use" heading when none fits the cart', async () => {
    renderBox([offer('MONITOR10', { applicable: false, reason: 'For monitors only' })]);
    expect(await screen.findByRole('list', { name: 'Not for this cart' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Offers you can use' })).not.toBeInTheDocument();
  });

  it('says when the offers could not be loaded, with Retry', async () => {
    renderBox('error');
    expect(await screen.findByText('The offers could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
