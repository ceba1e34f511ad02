import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from './cn';
import { FieldShell } from './form-fields';

/**
 * An Indian mobile number: the 10 digits typed after a +91 shown before them (the server stores +91…).
 * The hint says who the number is for.
 */
export function MobileField({
  error,
  hint,
  registration,
}: {
  error: string | undefined;
  hint: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FieldShell label="Mobile number" error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div
          className={cn(
            'flex w-full overflow-hidden rounded-md border bg-white shadow-xs focus-within:ring-2 focus-within:ring-brand-500',
            invalid ? 'border-red-600' : 'border-slate-300',
          )}
        >
          <span
            aria-hidden="true"
            className="flex items-center border-r border-slate-300 bg-slate-50 px-3 text-base text-slate-700 sm:text-sm"
          >
            +91
          </span>
          <input
            id={id}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="w-full px-3 py-2 text-base text-slate-900 outline-none sm:text-sm"
            {...registration}
          />
        </div>
      )}
    </FieldShell>
  );
}
