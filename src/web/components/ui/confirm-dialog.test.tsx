import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/web/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';

function Refund({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      title="Refund order SC-100018 in full"
      description="Everything left of the payment goes back."
      confirmLabel="Refund in full"
      pending={false}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('takes the step only when confirmed, and closes once it is taken', async () => {
    const user = userEvent.setup();
    let taken = 0;
    render(<Refund onConfirm={async () => void taken++} />);
    expect(taken).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Refund in full' }));
    expect(taken).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the shop’s reason when the step is refused', async () => {
    const user = userEvent.setup();
    render(<Refund onConfirm={() => Promise.reject(new ApiError(409, 'CONFLICT', 'This order was refunded already.'))} />);
    await user.click(screen.getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('This order was refunded already.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Refund order SC-100018 in full' })).toBeInTheDocument();
  });
});
