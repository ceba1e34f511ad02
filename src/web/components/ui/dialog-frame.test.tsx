import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogClose, DialogFrame } from './dialog-frame';

function ShipButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Ship…
      </button>
      <DialogFrame open={open} onOpenChange={setOpen} title="Ship the order" description="Courier and tracking number.">
        <DialogClose>Cancel</DialogClose>
      </DialogFrame>
    </>
  );
}

describe('a dialog opened from a button', () => {
  it('gives focus back to that button when Escape closes it, so a keyboard user goes on from there', async () => {
    const user = userEvent.setup();
    render(<ShipButton />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ship…' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Ship the order' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ship…' })).toHaveFocus();
  });

  it('gives focus back to it when its Cancel button closes it', async () => {
    const user = userEvent.setup();
    render(<ShipButton />);
    await user.click(screen.getByRole('button', { name: 'Ship…' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ship…' })).toHaveFocus();
  });
});
