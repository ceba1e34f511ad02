import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { readCompare } from '../../compare-store';
import { CompareToggle } from './compare-toggle';

const monitors = [1, 2, 3, 4, 5].map((n) => ({ id: `prd_mon${n}`, name: `Monitor ${n}`, category: 'Monitor' as const }));
const laptop = { id: 'prd_lap1', name: 'ThinkPad E14', category: 'Laptop' as const };

function renderToggles() {
  render(
    <>
      {[...monitors, laptop].map((p) => (
        <CompareToggle key={p.id} product={p} />
      ))}
      <Toaster />
    </>,
  );
}

describe('CompareToggle', () => {
  beforeEach(() => window.localStorage.clear());

  it('adds and removes a product, and refuses a fifth with a message', async () => {
    const user = userEvent.setup();
    renderToggles();
    for (const m of monitors.slice(0, 4)) await user.click(screen.getByRole('checkbox', { name: `Compare ${m.name}` }));
    expect(readCompare()).toEqual({ category: 'Monitor', ids: ['prd_mon1', 'prd_mon2', 'prd_mon3', 'prd_mon4'] });
    expect(screen.getByRole('checkbox', { name: 'Compare Monitor 4' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Compare Monitor 5' }));
    expect(await screen.findByText(/You can compare up to 4 products at a time/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Compare Monitor 5' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Compare Monitor 1' }));
    expect(readCompare().ids).toEqual(['prd_mon2', 'prd_mon3', 'prd_mon4']);
  });

  it('asks before replacing the list with a product of another category', async () => {
    const user = userEvent.setup();
    renderToggles();
    await user.click(screen.getByRole('checkbox', { name: 'Compare Monitor 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare ThinkPad E14' }));
    const ask = screen.getByRole('alertdialog', { name: 'Compare laptops instead?' });
    expect(ask).toHaveTextContent('Your compare list holds monitors.');

    await user.click(within(ask).getByRole('button', { name: 'Keep my list' }));
    expect(readCompare()).toEqual({ category: 'Monitor', ids: ['prd_mon1'] });

    await user.click(screen.getByRole('checkbox', { name: 'Compare ThinkPad E14' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Start a new list' }));
    expect(readCompare()).toEqual({ category: 'Laptop', ids: ['prd_lap1'] });
    expect(screen.getByRole('checkbox', { name: 'Compare ThinkPad E14' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Compare Monitor 1' })).not.toBeChecked();
  });
});
