import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/web/lib/api-client';
import { ErrorState } from './feedback';

describe('ErrorState', () => {
  it('says a record that is not there was not found, with the way back the page gives, and offers no Retry', () => {
    render(
      <ErrorState
        title="The order could not be loaded"
        error={new ApiError(404, 'NOT_FOUND', 'We could not find this order among your orders.')}
        onRetry={() => undefined}
        notFound={{ title: 'Order not found', action: <a href="/vendor/orders">Back to your orders</a> }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(screen.getByText('We could not find this order among your orders.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says "Not found" with the server’s words where the page gave none, still without Retry', () => {
    render(<ErrorState error={new ApiError(404, 'NOT_FOUND', 'There is no such message.')} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeVisible();
    expect(screen.getByText('There is no such message.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry for a failure on the shop’s side or the network', () => {
    for (const error of [new ApiError(500, 'INTERNAL', 'Something went wrong.'), new ApiError(0, 'NETWORK', 'Could not reach the shop.')]) {
      const { unmount } = render(<ErrorState title="The order could not be loaded" error={error} onRetry={() => undefined} />);
      expect(screen.getByRole('alert')).toHaveTextContent('The order could not be loaded');
      expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
      unmount();
    }
  });
});
