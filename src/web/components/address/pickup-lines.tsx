import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '~/web/components/ui/form-fields';

interface PickupLinesProps {
  line1: UseFormRegisterReturn;
  line2: UseFormRegisterReturn;
  errors: { line1?: string | undefined; line2?: string | undefined };
  className?: string;
}

/** The street lines of a vendor's pickup address, as the registration and the profile ask them. */
export function PickupLines({ line1, line2, errors, className }: PickupLinesProps) {
  return (
    <>
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        hint="Shop or building, street"
        className={className}
        error={errors.line1}
        {...line1}
      />
      <TextField
        label="Address line 2"
        optional
        autoComplete="address-line2"
        hint="Area, landmark"
        className={className}
        error={errors.line2}
        {...line2}
      />
    </>
  );
}
