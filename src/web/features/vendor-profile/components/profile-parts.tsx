import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '~/web/components/ui/cn';
import { FieldShell } from '~/web/components/ui/form-fields';

/** One titled part of the profile (a region screen readers can jump to). */
export function ProfileSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `profile-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A saved value, read only. */
export function ProfileDetail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The 10-digit mobile number with +91 shown before it (the server stores +91…). */
export function MobileField({ error, registration }: { error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <FieldShell label="Mobile number" error={error} hint="10-digit Indian mobile, for couriers and our team">
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
