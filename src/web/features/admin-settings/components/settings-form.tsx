import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { formatPaise } from '~/shared/money';
import type { AdminSettingsResponse } from '~/shared/schemas/settings';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { TextareaField, TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { adminSettingsQueryOptions, useSaveSettings } from '../api/admin-settings-queries';
import { formValuesOf, SETTINGS_FORM_FIELDS, settingsOf, type SettingsFormField, type SettingsFormValues } from './settings-form-values';

/** One group of settings: a heading, what it affects, its fields. */
function Section({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading the settings" className="space-y-4">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-48 w-full" />
      ))}
    </div>
  );
}

/** The settings page's content: loads the saved settings, then the form. */
export function ShopSettingsPanel() {
  const settings = useQuery(adminSettingsQueryOptions());
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError)
    return <ErrorState title="The settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />;
  // A new key after each save starts the form from what was saved (and its version).
  return <SettingsForm key={settings.data.version} saved={settings.data} onReload={() => void settings.refetch()} />;
}

/**
 * Every setting in one form, checked with the server's schema before sending. Saving sends the
 * version the form was loaded at: when another admin saved in between, the server refuses (409) and
 * the form offers to reload rather than overwrite their change.
 */
function SettingsForm({ saved, onReload }: { saved: AdminSettingsResponse; onReload: () => void }) {
  const save = useSaveSettings();
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null);
  const resolver: Resolver<SettingsFormValues> = async (values) => {
    const parsed = settingsOf(values);
    if (parsed.ok) return { values, errors: {} };
    const errors: FieldErrors<SettingsFormValues> = {};
    for (const [field, message] of Object.entries(parsed.errors)) {
      // `shipping.standardPaise` → errors.shipping.standardPaise, as react-hook-form nests them.
      const parts = field.split('.');
      let node = errors as Record<string, unknown>;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[parts.at(-1)!] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsFormValues>({ resolver, defaultValues: formValuesOf(saved.settings) });

  const submit = handleSubmit((values) => {
    setFormError(null);
    const parsed = settingsOf(values);
    if (!parsed.ok) return;
    save.mutate(
      { settings: parsed.settings, version: saved.version },
      {
        onSuccess: () => toast.success('Settings saved. Quotes, new orders and invoices use them from now on.'),
        onError: (error) => {
          let unplaced = !isApiError(error);
          if (isApiError(error)) {
            for (const [path, message] of Object.entries(error.fields)) {
              const field = path.replace(/^settings\./, '') as SettingsFormField;
              if ((SETTINGS_FORM_FIELDS as readonly string[]).includes(field)) setError(field, { type: 'server', message });
              else unplaced = true;
            }
            if (Object.keys(error.fields).length === 0) unplaced = true;
          }
          if (unplaced)
            setFormError({
              message: error instanceof Error ? error.message : 'The settings could not be saved.',
              conflict: isApiError(error) && error.status === 409,
            });
        },
      },
    );
  });

  const e = errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Shop settings">
      {formError && (
        <Alert tone="error">
          <p>{formError.message}</p>
          {formError.conflict && (
            <Button type="button" variant="secondary" className="mt-2" onClick={onReload}>
              Reload the settings
            </Button>
          )}
        </Alert>
      )}
      <Section
        title="Invoices and credit notes"
        description="Who issues them: printed at the top of every invoice and credit note of orders placed from now on. Orders already placed keep the details they were placed with."
      >
        <TextField label="Trade name" autoComplete="organization" error={e.invoice?.name?.message} {...register('invoice.name')} />
        <TextField
          label="Legal name"
          optional
          hint="The registered name, when it differs from the trade name"
          error={e.invoice?.legalName?.message}
          {...register('invoice.legalName')}
        />
        <TextareaField
          label="Registered address"
          hint="2 to 5 lines; the last with the city, state and PIN code"
          error={e.invoice?.address?.message}
          className="sm:col-span-2"
          rows={4}
          {...register('invoice.address')}
        />
        <TextField
          label="GSTIN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={15}
          className="[&_input]:uppercase"
          error={e.invoice?.gstin?.message}
          {...register('invoice.gstin')}
        />
        <TextField label="E-mail" type="email" autoComplete="email" error={e.invoice?.email?.message} {...register('invoice.email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={e.invoice?.phone?.message} {...register('invoice.phone')} />
        <TextField
          label="E-invoicing applies from"
          type="date"
          optional
          hint="When the shop's aggregate turnover exceeded ₹5 crore: its B2B invoices from this date are registered with the Invoice Registration Portal. Empty when e-invoicing does not apply."
          error={e.eInvoicingFrom?.message}
          {...register('eInvoicingFrom')}
        />
      </Section>

      <Section
        title="Grievance officer"
        description="The officer who answers customers' complaints, as the Consumer Protection (E-Commerce) Rules 2020 require: shown on the public grievance officer page and signing the complaint e-mails."
      >
        <TextField
          label="Officer’s name"
          autoComplete="off"
          error={e.grievanceOfficer?.name?.message}
          {...register('grievanceOfficer.name')}
        />
        <TextField label="Designation" error={e.grievanceOfficer?.designation?.message} {...register('grievanceOfficer.designation')} />
        <TextareaField
          label="Postal address"
          hint="2 to 5 lines; the last with the city, state and PIN code"
          error={e.grievanceOfficer?.address?.message}
          className="sm:col-span-2"
          rows={4}
          {...register('grievanceOfficer.address')}
        />
        <TextField
          label="Officer’s phone"
          type="tel"
          hint="+91 and the number"
          error={e.grievanceOfficer?.phone?.message}
          {...register('grievanceOfficer.phone')}
        />
        <TextField
          label="Officer’s e-mail"
          type="email"
          error={e.grievanceOfficer?.email?.message}
          {...register('grievanceOfficer.email')}
        />
        <TextField
          label="Working hours"
          hint="Like Monday to Friday, 10:00 to 18:00 IST"
          className="sm:col-span-2"
          error={e.grievanceOfficer?.hours?.message}
          {...register('grievanceOfficer.hours')}
        />
      </Section>

      <Section
        title="Delivery charges"
        description="What checkout charges for delivery from the next quote on. Orders already placed keep the charge they were placed with."
      >
        <TextField
          label="Standard delivery (₹)"
          inputMode="decimal"
          hint="Below the free-delivery threshold"
          error={e.shipping?.standardPaise?.message}
          {...register('shipping.standardPaise')}
        />
        <TextField
          label="Express delivery (₹)"
          inputMode="decimal"
          hint="Whatever the order's value"
          error={e.shipping?.expressPaise?.message}
          {...register('shipping.expressPaise')}
        />
        <TextField
          label="Free standard delivery from (₹)"
          inputMode="decimal"
          hint="Order value after discounts; 0 makes standard delivery always free"
          error={e.shipping?.freeShippingAtPaise?.message}
          {...register('shipping.freeShippingAtPaise')}
        />
      </Section>

      <Section
        title="Payments and returns"
        description="Cash on delivery, how long an unpaid online order holds its stock, and how long customers may ask for a return."
      >
        <TextField
          label="Cash on delivery up to (₹)"
          inputMode="decimal"
          hint={`Orders above this pay online; 0 turns cash on delivery off. Default ${formatPaise(50_000_00)}.`}
          error={e.codLimitPaise?.message}
          {...register('codLimitPaise')}
        />
        <TextField
          label="Payment timeout (minutes)"
          inputMode="numeric"
          hint="An online order not paid by then is cancelled and its items go back on sale (5 to 1440)"
          error={e.paymentTimeoutMinutes?.message}
          {...register('paymentTimeoutMinutes')}
        />
        <TextField
          label="Return window (days after delivery)"
          inputMode="numeric"
          hint="For orders placed from now on (0 to 30); sellers are paid for a line once its window closes"
          error={e.returnWindowDays?.message}
          {...register('returnWindowDays')}
        />
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {saved.updatedAt
            ? `Last saved ${formatDateTime(saved.updatedAt)}${saved.updatedBy ? ` by ${saved.updatedBy}` : ''}. Every change is in the audit log.`
            : 'The shop runs on its default settings: nothing has been saved yet.'}
        </p>
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
