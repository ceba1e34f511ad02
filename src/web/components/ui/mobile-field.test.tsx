import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MobileField } from './mobile-field';

function Form({ error }: { error?: string }) {
  const { register } = useForm({ defaultValues: { mobile: '' } });
  return <MobileField error={error} hint="10-digit Indian mobile, for the delivery partner" registration={register('mobile')} />;
}

describe('MobileField', () => {
  it('is a phone box named Mobile number, with +91 shown before it and the hint read with it', async () => {
    render(<Form />);
    const box = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(box).toHaveAttribute('type', 'tel');
    expect(box).toHaveAttribute('autocomplete', 'tel-national');
    expect(box).toHaveAccessibleDescription(/10-digit Indian mobile, for the delivery partner/);
    expect(screen.getByText('+91')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.type(box, '9822012345');
    expect(box).toHaveValue('9822012345');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('marks the box invalid and reads out the error', () => {
    render(<Form error="Enter a 10-digit Indian mobile number" />);
    const box = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(/Enter a 10-digit Indian mobile number/);
  });
});
