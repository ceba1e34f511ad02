import { formatPaise } from '~/shared/money';
import type { OrderDetail } from '~/shared/schemas/orders';
import { useState } from 'react';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { TextField } from '~/web/components/ui/form-fields';
import { toast } from '~/web/lib/toast';
import { useAdminOrderStep } from '../api/admin-orders-queries';

export type ConfirmStep = 'deliver' | 'return-received' | 'refund';

const WORDS: Record<ConfirmStep, { title: string; description: string | ((order: OrderDetail) => string); button: string; done: string }> =
  {
    deliver: {
      title: 'Mark order {n} delivered',
      description:
        'Every seller’s items reached the customer. Cash on delivery counts as collected now, and the order’s return window starts.',
      button: 'Mark delivered',
      done: 'Order {n} is delivered.',
    },
    'return-received': {
      title: 'Receive the return of order {n}',
      description: 'The returned items arrived and were checked: they go back into stock. The refund is the next step.',
      button: 'Return received',
      done: 'The return of order {n} is received; the items are back in stock.',
    },
    refund: {
      title: 'Refund order {n} in full',
      description: (order) => {
        const { amountPaise, amountRefundedPaise } = order.payment;
        const left = formatPaise(amountPaise - amountRefundedPaise);
        const of = amountRefundedPaise > 0 ? `what is left of the ${formatPaise(amountPaise)} paid` : 'all that was paid';
        return `${left} goes back to the customer, ${of}, delivery charge included: through the payment provider for a prepaid order, or as a bank transfer for cash on delivery. A credit note is issued.`;
      },
      button: 'Refund in full',
      done: 'Order {n} is refunded.',
    },
  };

/**
 * A step asked once more before it is taken. Refunding cash on delivery also asks the reference of
 * the bank transfer the shop made to the customer.
 */
export function ConfirmStepDialog({ order, step, onClose }: { order: OrderDetail; step: ConfirmStep | null; onClose: () => void }) {
  const mutation = useAdminOrderStep(order.id);
  const [bankReference, setBankReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | undefined>();
  const words = WORDS[step ?? 'deliver'];
  const n = order.orderNumber;
  const byTransfer = step === 'refund' && order.payment.provider === 'cod';
  const close = () => {
    setBankReference('');
    setReferenceError(undefined);
    onClose();
  };
  return (
    <ConfirmDialog
      open={step !== null}
      onClose={close}
      title={words.title.replace('{n}', n)}
      description={typeof words.description === 'string' ? words.description : words.description(order)}
      confirmLabel={words.button}
      pending={mutation.isPending}
      canConfirm={() => {
        const problem = byTransfer && bankReference.trim().length < 4 ? 'Enter the bank transfer reference (UTR)' : undefined;
        setReferenceError(problem);
        return problem === undefined;
      }}
      onConfirm={() =>
        mutation
          .mutateAsync(
            step === 'refund' && byTransfer ? { step: 'refund', body: { bankReference: bankReference.trim() } } : { step: step! },
          )
          .then(() => toast.success(words.done.replace('{n}', n)))
      }
    >
      {byTransfer && (
        <>
          <p className="text-sm text-slate-800">
            Cash on delivery: transfer the money to the customer’s bank account first, then record it here.
          </p>
          <TextField
            label="Bank transfer reference (UTR)"
            autoComplete="off"
            value={bankReference}
            maxLength={40}
            error={referenceError}
            onChange={(e) => setBankReference(e.target.value)}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
