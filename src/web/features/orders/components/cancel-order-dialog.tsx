import { useState, type FormEvent } from 'react';
import { formatPaise } from '~/shared/money';
import { CANCEL_REASONS, refundTime } from '~/shared/orders';
import { cancelOrderSchema, type OrderDetail } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextareaField } from '~/web/components/ui/form-fields';
import { toast } from '~/web/lib/toast';
import { useCancelOrder } from '../api/order-queries';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { NoWrap } from '~/web/components/ui/no-wrap';

const MAX_REASON = 300;

/** Asks why, then cancels the order; an online payment is refunded in full. */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const paid = order.payment.status === 'captured' || order.payment.status === 'partially_refunded';

  const change = (next: boolean) => {
    if (!next) {
      cancel.reset();
      setFieldError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setFieldError('Choose a reason for cancelling');
    if (reason === 'Other' && !details.trim()) return setFieldError('Tell us why you are cancelling');
    const text = details.trim() ? `${reason}: ${details.trim()}` : reason;
    const parsed = cancelOrderSchema.safeParse({ reason: text.slice(0, MAX_REASON) });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    cancel.mutate(parsed.data.reason, {
      onSuccess: (updated) => {
        const refund = updated.refunds.reduce((n, r) => n + (r.status === 'failed' ? 0 : r.amountPaise), 0);
        toast.success(refund > 0 ? `Order cancelled. Refund of ${formatPaise(refund)} initiated.` : 'Order cancelled.');
        change(false);
      },
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={
        <>
          Cancel order <NoWrap>{order.orderNumber}</NoWrap>?
        </>
      }
      description={
        paid
          ? `We refund ${formatPaise(order.payment.amountPaise - order.payment.amountRefundedPaise)} to the way you paid, usually within ${refundTime(order.payment.paidWith ?? order.payment.method)}.`
          : 'Nothing has been charged, so there is nothing to refund.'
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {cancel.isError && <Alert tone="error">{cancel.error.message}</Alert>}
        <SelectField
          label="Reason for cancelling"
          options={CANCEL_REASONS}
          placeholder="Choose a reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fieldError && !reason ? fieldError : undefined}
          required
        />
        <TextareaField
          label={reason === 'Other' ? 'Tell us more' : 'Anything else? (optional)'}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          maxLength={MAX_REASON - 40}
          error={fieldError && reason ? fieldError : undefined}
          className="[&_textarea]:min-h-20"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep the order</Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={cancel.isPending}>
            Cancel order
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
