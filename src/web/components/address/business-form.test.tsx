import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { gstinCheckCharacter } from '~/shared/gstin';
import { ApiError } from '~/web/lib/api-client';
import { BusinessForm } from './business-form';

const first14 = '29AAHCN4821K1Z';
const GSTIN = first14 + gstinCheckCharacter(first14);

async function fill(user: ReturnType<typeof userEvent.setup>, gstin: string, state = 'Karnataka') {
  await user.type(screen.getByLabelText('GSTIN'), gstin);
  await user.type(screen.getByLabelText('Legal name'), 'Nimbus Analytics Private Limited');
  await user.type(screen.getByLabelText('Billing address line 1'), '4th Floor, Prestige Tech Park');
  await user.type(screen.getByLabelText('City'), 'Bengaluru');
  await user.selectOptions(screen.getByLabelText('State'), state);
  await user.type(screen.getByLabelText('PIN code'), '560103');
}

describe('BusinessForm', () => {
  it('refuses a GSTIN whose last character does not match, and one of another state, on their fields', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<BusinessForm onSubmit={onSubmit} />);
    await fill(user, first14 + (GSTIN.endsWith('A') ? 'B' : 'A'));
    await user.click(screen.getByRole('button', { name: 'Save business' }));
    expect(await screen.findByText('This GSTIN is not valid: its last character does not match. Please check it.')).toBeInTheDocument();
    expect(screen.getByLabelText('GSTIN')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), GSTIN);
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await user.click(screen.getByRole('button', { name: 'Save business' }));
    expect(await screen.findByText('This GSTIN is registered in another state: a Maharashtra GSTIN starts with 27')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 30_000);

  it("sends the GSTIN in capitals and puts the server's field errors on the fields", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(409, 'CONFLICT', 'Already there.', { gstin: 'This GSTIN is already one of your businesses.' }));
    const user = userEvent.setup({ delay: null });
    render(<BusinessForm onSubmit={onSubmit} />);
    await fill(user, GSTIN.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Save business' }));
    expect(await screen.findByText('This GSTIN is already one of your businesses.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ gstin: GSTIN, state: 'Karnataka', line2: null, pinCode: '560103' }));
  }, 30_000);

  it('opens a business being corrected with its details, and sends the changed ones', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    const business = {
      id: 'biz_1',
      gstin: GSTIN,
      legalName: 'Nimbus Analytics Pvt Ltd',
      billingAddress: { line1: '4th Floor, Prestige Tech Park', line2: null, city: 'Bengaluru', state: 'Karnataka', pinCode: '560103' },
      createdAt: '2026-12-01T05:00:00.000Z',
    };
    render(<BusinessForm initial={business} submitLabel="Save changes" onSubmit={onSubmit} />);
    expect(screen.getByRole('form', { name: 'Edit business' })).toBeInTheDocument();
    expect(screen.getByLabelText('GSTIN')).toHaveValue(GSTIN);
    expect(screen.getByLabelText('State')).toHaveValue('Karnataka');
    await user.clear(screen.getByLabelText('Legal name'));
    await user.type(screen.getByLabelText('Legal name'), 'Nimbus Analytics Private Limited');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ gstin: GSTIN, legalName: 'Nimbus Analytics Private Limited', pinCode: '560103' }),
    );
  }, 30_000);
});
