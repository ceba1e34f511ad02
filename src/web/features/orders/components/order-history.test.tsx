import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAt, summary } from '../test-fixtures';
import { OrderHistory } from './order-history';

afterEach(() => vi.unstubAllGlobals());

describe('OrderHistory', () => {
  it('lists the orders as the API gives them, with date, status, total and a link to each', async () => {
    const fetch = vi.fn(async () =>
      json(200, {
        items: [
          summary({ id: 'ord_2', orderNumber: 'SC-2611-0002', status: 'shipped', totalPaise: 1_23_456_50, itemCount: 3 }),
          summary({ id: 'ord_1', orderNumber: 'SC-2611-0001', status: 'cancelled', expectedBy: '2026-11-26' }),
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt(<OrderHistory page={1} onPageChange={() => undefined} />);

    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Order SC-2611-0002', 'Order SC-2611-0001']);
    expect(cards[0]).toHaveTextContent('Placed on 21 Nov 2026');
    expect(cards[0]).toHaveTextContent('Shipped');
    expect(cards[0]).toHaveTextContent('₹1,23,456.50');
    expect(cards[0]).toHaveTextContent('Arrives by26 Nov 2026');
    // A cancelled order is not on its way, so no delivery date.
    expect(cards[1]).toHaveTextContent('Cancelled');
    expect(cards[1]).not.toHaveTextContent('Arrives by');
    expect(within(cards[0]!).getByRole('link', { name: 'View order SC-2611-0002' })).toHaveAttribute('href', '/order-details/ord_2');
    expect(fetch).toHaveBeenCalledWith('/api/orders?page=1&pageSize=10', expect.anything());
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [], total: 0, page: 1, pageSize: 10 })),
    );
    renderAt(<OrderHistory page={1} onPageChange={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'You have no orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/products');
  });

  it('shows a failed load as an error with Retry, not as an empty list', async () => {
    const fetch = vi.fn(async () => json(503, { error: { code: 'UNAVAILABLE', message: 'The shop is busy. Please try again.' } }));
    vi.stubGlobal('fetch', fetch);
    renderAt(<OrderHistory page={1} onPageChange={() => undefined} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded');
    expect(alert).toHaveTextContent('The shop is busy. Please try again.');
    expect(screen.queryByText('You have no orders yet')).not.toBeInTheDocument();

    fetch.mockImplementation(async () => json(200, { items: [summary()], total: 1, page: 1, pageSize: 10 }));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Order SC-2611-0001' })).toBeInTheDocument();
  });

  it('pages through many orders', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [summary()], total: 25, page: 2, pageSize: 10 })),
    );
    const onPageChange = vi.fn();
    renderAt(<OrderHistory page={2} onPageChange={onPageChange} />);
    const nav = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(nav).toHaveTextContent('11–20 of 25');
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
