import { useId, useState, type FormEvent } from 'react';
import { RETURN_REASONS } from '~/shared/orders';
import { returnRequestSchema, type OrderDetail } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useUploads } from '~/web/lib/use-uploads';
import { useRequestReturn } from '../api/order-queries';
import { ReturnPhotosField, usePendingReturnPhotos } from './return-photos-field';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { NoWrap } from '~/web/components/ui/no-wrap';

/** Asks for a return of a delivered order within the return window, with photos of the item if the customer adds them. */
export function ReturnOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const request = useRequestReturn(order.id);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string; photos?: string }>({});
  const errorId = useId();
  const deadline = order.actions.returnDeadline;
  const photos = usePendingReturnPhotos(order.id, open);
  const uploads = useUploads();

  const change = (next: boolean) => {
    if (!next) {
      request.reset();
      setErrors({});
      uploads.clear();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const photoIds = (photos.data ?? []).map((p) => p.id);
    const parsed = returnRequestSchema.safeParse({
      reason,
      details: details.trim() || undefined,
      ...(photoIds.length > 0 ? { photoIds } : {}),
    });
    if (!parsed.success) {
      const next: { reason?: string; details?: string } = {};
      for (const issue of parsed.error.issues) next[issue.path[0] === 'details' ? 'details' : 'reason'] ??= issue.message;
      return setErrors(next);
    }
    if (uploads.sending > 0) return setErrors({ photos: 'Wait until your photos have uploaded, or remove the ones still going.' });
    setErrors({});
    request.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Return requested. We will e-mail you the pickup details.');
        change(false);
      },
      // A photo removed meanwhile (in another tab, or swept): show what the server still keeps.
      onError: () => void photos.refetch(),
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={
        <>
          Return order <NoWrap>{order.orderNumber}</NoWrap>
        </>
      }
      description={
        deadline
          ? `You can ask for a return until ${formatDateTime(deadline)}. We pick the parcel up and refund you once it reaches us.`
          : 'We pick the parcel up and refund you once it reaches us.'
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {request.isError && <Alert tone="error">{request.error.message}</Alert>}
        {errors.photos && <Alert tone="error">{errors.photos}</Alert>}
        <fieldset aria-describedby={errors.reason ? errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">Why are you returning it?</legend>
          <div className="mt-2 space-y-2">
            {RETURN_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="return-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4"
                />
                {r}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <TextareaField
          label="Details (optional)"
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          maxLength={500}
          error={errors.details}
          hint="What is wrong, and anything the courier should know."
          className="[&_textarea]:min-h-20"
        />
        <ReturnPhotosField orderId={order.id} photos={photos} uploads={uploads} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" loading={request.isPending}>
            Request return
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
