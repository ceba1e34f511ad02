import { useId, useState, type FormEvent } from 'react';
import type { ParcelTracking } from '~/shared/schemas/shipping';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useAnswerFailedAttempt } from '../api/order-queries';

/**
 * A failed delivery attempt asks the customer (decision 79): deliver again on one of the next three days, or
 * with a corrected address line or phone. The answer goes to the courier.
 */
export function ReattemptForm({ orderId, parcel, days }: { orderId: string; parcel: ParcelTracking; days: string[] }) {
  const answer = useAnswerFailedAttempt(orderId, parcel.awb);
  const [kind, setKind] = useState<'reattempt' | 'correct'>('reattempt');
  const [on, setOn] = useState(days[0]!);
  const [addressLine, setAddressLine] = useState('');
  const [phone, setPhone] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFormError(null);
    answer.mutate(kind === 'reattempt' ? { kind, on } : { kind, addressLine, phone }, {
      onSuccess: () =>
        toast.success(
          kind === 'reattempt'
            ? `We asked ${parcel.courierName} to deliver on ${formatDate(on)}.`
            : `We sent your corrections to ${parcel.courierName}.`,
        ),
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) setFields(error.fields);
        else setFormError(error instanceof Error ? error.message : 'Something went wrong.');
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Your answer to the failed delivery of parcel ${parcel.awb}`}
      className="mt-3 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3"
    >
      <p className="text-sm font-semibold text-slate-900">The courier could not deliver your parcel. What should it do?</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <fieldset className="space-y-2">
        <legend className="sr-only">What the courier should do</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-kind`} checked={kind === 'reattempt'} onChange={() => setKind('reattempt')} />
          Deliver again on a day I choose
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-kind`} checked={kind === 'correct'} onChange={() => setKind('correct')} />
          Correct my address or phone number
        </label>
      </fieldset>
      {kind === 'reattempt' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Day of the next attempt</legend>
          <div className="flex flex-wrap gap-2">
            {days.map((day) => (
              <label key={day} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm">
                <input type="radio" name={`${id}-day`} value={day} checked={on === day} onChange={() => setOn(day)} />
                {formatDate(day)}
              </label>
            ))}
          </div>
          {fields.on && <p className="text-sm text-red-700">{fields.on}</p>}
        </fieldset>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Corrected address line"
            optional
            value={addressLine}
            onChange={(e) => setAddressLine(e.target.value)}
            error={fields.addressLine}
            autoComplete="address-line1"
            maxLength={200}
          />
          <TextField
            label="Corrected mobile number"
            optional
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={fields.phone}
            inputMode="tel"
            autoComplete="tel-national"
          />
        </div>
      )}
      <Button type="submit" loading={answer.isPending}>
        Send to the courier
      </Button>
    </form>
  );
}
