import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { VendorProfileDetails, VendorProfileResponse } from '~/shared/schemas/vendor';
import { ApiError } from '~/web/lib/api-client';
import { vendorProfileDetails } from '~/web/test/vendor-account';
import { VendorProfile } from './vendor-profile';

const approved = vendorProfileDetails();

function renderProfile(
  profile: VendorProfileDetails,
  onSubmit = vi.fn().mockResolvedValue(profile),
  changes: VendorProfileResponse['changes'] = [],
) {
  render(<VendorProfile data={{ profile, changes }} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const save = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Save profile' }));

describe('the vendor profile form', () => {
  it('starts from the saved profile, the sign-in account as contact, and the account number masked', () => {
    renderProfile(approved);
    expect(screen.getByLabelText('Business name')).toHaveValue('Kharghar Computers');
    expect(screen.getByLabelText('Contact name')).toHaveValue('Rohan Deshmukh');
    expect(screen.getByLabelText('Contact e-mail')).toHaveValue('rohan@kharghar.in');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9822045678');
    const bank = screen.getByRole('region', { name: 'Bank account' });
    expect(within(bank).getByText('XXXXXX4321')).toBeInTheDocument();
    expect(within(bank).queryByLabelText('Account number')).not.toBeInTheDocument();
    expect(within(bank).getByText(/A change is recorded and e-mailed to your sign-in address/)).toBeInTheDocument();
  });

  it('names a wrong GSTIN, a PAN that is not the GSTIN’s and a PIN code of another state before sending anything', async () => {
    const { onSubmit, user } = renderProfile(approved);
    const gstin = screen.getByLabelText(/^GSTIN/);
    await user.clear(gstin);
    await user.type(gstin, '27AAPFU0939F1ZW');
    await user.clear(screen.getByLabelText(/^PAN/));
    await user.type(screen.getByLabelText(/^PAN/), 'AAGCB7383J');
    const pin = screen.getByLabelText('PIN code');
    await user.clear(pin);
    await user.type(pin, '110001');
    await save(user);

    expect(await screen.findByText('This GSTIN is not valid: its last character does not match. Please check it.')).toBeInTheDocument();
    expect(screen.getByText('PIN codes in Maharashtra start with 4. Please check the PIN code or the state.')).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    const describedBy = gstin.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'This GSTIN is not valid: its last character does not match. Please check it.',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    // With a right GSTIN the PAN is compared with it.
    await user.clear(gstin);
    await user.type(gstin, '27AAPFU0939F1ZV');
    await save(user);
    expect(
      await screen.findByText('This PAN does not match your GSTIN: characters 3–12 of the GSTIN are the PAN (AAPFU0939F)'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens the new bank account’s fields on "Change bank account", checks them and sends them', async () => {
    const { onSubmit, user } = renderProfile(approved);
    await user.click(screen.getByRole('button', { name: 'Change bank account' }));
    expect(screen.getByLabelText('Account holder’s name')).toHaveFocus();
    await user.type(screen.getByLabelText('Account holder’s name'), 'Kharghar Computers');
    await user.type(screen.getByLabelText('IFSC'), 'sbin005678');
    await user.type(screen.getByLabelText('Account number'), '001234567890');
    await user.type(screen.getByLabelText('Account number again'), '001234567809');
    await save(user);
    expect(await screen.findByText('The account numbers do not match')).toBeInTheDocument();
    expect(screen.getByText(/^IFSC must be 11 characters/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'sbin0005678');
    await user.clear(screen.getByLabelText('Account number again'));
    await user.type(screen.getByLabelText('Account number again'), '001234567890');
    await save(user);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        bankAccount: {
          holderName: 'Kharghar Computers',
          ifsc: 'sbin0005678',
          accountNumber: '001234567890',
          confirmAccountNumber: '001234567890',
        },
      }),
    );
    // Saved: the fields close and the number leaves the form.
    expect(await screen.findByRole('button', { name: 'Change bank account' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
  });

  it('opens the bank account’s fields at once when the seller comes to add one (the Payouts page links to #bank-account)', async () => {
    window.history.replaceState(null, '', '/vendor/profile#bank-account');
    try {
      renderProfile({ ...approved, bankAccount: null });
      const bank = screen.getByRole('region', { name: 'Bank account' });
      expect(await within(bank).findByLabelText('Account holder’s name')).toHaveFocus();
      expect(within(bank).getByText('No bank account yet: payouts wait until you add one.')).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps the saved account when the vendor changes its mind, and sends no bank account', async () => {
    const { onSubmit, user } = renderProfile(approved);
    await user.click(screen.getByRole('button', { name: 'Change bank account' }));
    await user.type(screen.getByLabelText('Account number'), '12');
    await user.click(screen.getByRole('button', { name: 'Keep the current account' }));
    expect(screen.getByRole('button', { name: 'Change bank account' })).toHaveFocus();
    await save(user);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('bankAccount');
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ contactName: 'Rohan Deshmukh', gstin: '27AAPFU0939F1ZV' });
  });

  it("puts the server's field errors on the fields", async () => {
    const message = 'Another seller has registered this GSTIN. Check it, or contact us if it is yours.';
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(409, 'CONFLICT', message, { gstin: message }));
    const { user } = renderProfile(approved, onSubmit);
    await save(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^GSTIN/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the recent changes with who made them', () => {
    renderProfile(approved, undefined, [
      {
        id: 'vpc_1',
        field: 'bank_account',
        from: 'XXXXXX1111 · HDFC0001234 · K C',
        to: 'XXXXXX4321 · HDFC0001234 · K C',
        changedAt: '2026-11-24T06:30:00.000Z',
        byYou: true,
      },
    ]);
    const changes = screen.getByRole('region', { name: 'Recent changes of bank account and GSTIN' });
    expect(within(changes).getByText('Bank account changed on 24 Nov 2026 by you')).toBeInTheDocument();
    expect(within(changes).getByText(/XXXXXX1111/)).toBeInTheDocument();
  });

  it('shows a suspended vendor its details read only, and why', () => {
    renderProfile({
      ...approved,
      status: 'suspended',
      statusReason: 'Three orders shipped late',
      editable: false,
      lockedReason: 'Your seller account is suspended: you can read your profile but change nothing. Contact us to resolve it.',
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your profile cannot be changed');
    expect(screen.getByRole('status')).toHaveTextContent('Reason given: Three orders shipped late');
    expect(screen.getByText('XXXXXX4321')).toBeInTheDocument();
    expect(screen.getByText('27AAPFU0939F1ZV')).toBeInTheDocument();
  });
});
