import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '~/shared/orders';
import { StatusBadge, statusTone } from './status-badge';

describe('StatusBadge', () => {
  it('shows an order’s status in the shop’s words, coloured by what it means', () => {
    render(
      <>
        <StatusBadge of="order" status="delivered" />
        <StatusBadge of="order" status="cancelled" />
        <StatusBadge of="order" status="pending_payment" className="mt-1" />
      </>,
    );
    expect(screen.getByText('Delivered')).toHaveClass('badge', 'badge-success');
    expect(screen.getByText('Cancelled')).toHaveClass('badge-danger');
    expect(screen.getByText('Awaiting payment')).toHaveClass('badge-warning', 'mt-1');
  });

  it('speaks for payments, refunds, payouts, products, returns and imports alike', () => {
    render(
      <>
        <StatusBadge of="payment" status="captured" />
        <StatusBadge of="refund" status="failed" />
        <StatusBadge of="payout" status="pending" />
        <StatusBadge of="product" status="hidden" />
        <StatusBadge of="return" status="damaged" />
        <StatusBadge of="import" status="running" />
      </>,
    );
    expect(screen.getByText('Paid')).toHaveClass('badge-success');
    expect(screen.getByText('Failed')).toHaveClass('badge-danger');
    expect(screen.getByText('To be paid')).toHaveClass('badge-warning');
    expect(screen.getByText('Hidden by the shop')).toHaveClass('badge-danger');
    expect(screen.getByText('Written off')).toHaveClass('badge-danger');
    expect(screen.getByText('Importing')).toHaveClass('badge-brand');
  });

  it('has a tone for every order status', () => {
    for (const status of ORDER_STATUSES)
      expect(['neutral', 'success', 'warning', 'danger', 'brand']).toContain(statusTone('order', status));
  });
});
