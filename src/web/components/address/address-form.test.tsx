import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/web/lib/api-client';
import { AddressForm } from './address-form';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Priya Kulkarni');
  await user.type(screen.getByLabelText('Mobile number'), '98220 45678');
  await user.type(screen.getByLabelText('Address line 1'), 'Flat 12, Karve Road');
  await user.type(screen.getByLabelText('City'), 'Pune');
  await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
}

describe('AddressForm', () => {
  it('checks the PIN code against the state before sending', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm onSubmit={onSubmit} />);
    await fillValid(user);
    await user.type(screen.getByLabelText('PIN code'), '110001');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('PIN codes in Maharashtra start with 4. Please check the PIN code or the state.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends +91 numbers and puts the server's field errors on the fields", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'VALIDATION', 'Some fields are not valid.', { city: 'We do not deliver here' }));
    const user = userEvent.setup();
    render(<AddressForm onSubmit={onSubmit} />);
    await fillValid(user);
    await user.type(screen.getByLabelText('PIN code'), '411004');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('We do not deliver here')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ mobile: '+919822045678', line2: null, state: 'Maharashtra', pinCode: '411004' }),
    );
  });
});
