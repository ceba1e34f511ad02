import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '~/web/lib/toast';
import { Toaster } from './toaster';

describe('Toaster and toast', () => {
  it('shows a toast asked for before the notifications have loaded, with its action', async () => {
    render(<Toaster />);
    let undone = false;
    act(() => toast.success('Removed ThinkPad E14 from your wishlist.', { action: { label: 'Undo', onClick: () => (undone = true) } }));
    expect(await screen.findByText('Removed ThinkPad E14 from your wishlist.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(undone).toBe(true);
  });

  it('shows errors and plain messages too', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Could not sign out: the server did not answer');
      toast('Prices include GST');
    });
    expect(await screen.findByText('Could not sign out: the server did not answer')).toBeInTheDocument();
    expect(await screen.findByText('Prices include GST')).toBeInTheDocument();
  });
});
