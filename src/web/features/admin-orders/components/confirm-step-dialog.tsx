import { useState } from 'react';
import { formatPaise } from '~/shared/money';
import type { OrderDetail } from '~/shared/schemas/orders';
import type { AdminOrderControls } from '~/shared/schemas/admin-orders';
import { ReturnConditionField, useReturnCondition } from '~/web/components/orders/return-condition-field';
import { SerialInputs, useSerialInputs } from '~/web/components/orders/serial-inputs';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { TextField } from '~/web/components/ui/form-fields';
import { toast } from '~/web/lib/toast';
import { useAdminOrderStep } from '../api/admin-orders-queries';
import { bankReferenceProblem } from './bank-reference';
import { RefundTransferTo } from './refund-transfer-to';

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
      description:
        'The returned items arrived and were checked. Items fit to sell go back into stock; damaged ones are written off. The refund is the next step.',
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

const WRITTEN_OFF = 'The return of order {n} is received; the damaged items are written off.';

/**
 * A step asked once more before it is taken. Receiving a return asks what the items were found to be
 * (back on sale, or written off); refunding cash on delivery, the reference of the bank transfer the
 * shop made to the customer.
 */
export function ConfirmStepDialog({
  order,
  refundAccount,
  step,
  onClose,
}: {
  order: OrderDetail;
  /** The account the customer gave for a cash-on-delivery refund (the admin transfers to it). */
  refundAccount: AdminOrderControls['refundAccount'];
  step: ConfirmStep | null;
  onClose: () => void;
}) {
  const mutation = useAdminOrderStep(order.id);
  const [bankReference, setBankReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | undefined>();
  const returned = useReturnCondition();
  const { condition } = returned;
  // Each returned unit's serial, for the lines packed with serials whose parcel is still to come back (decision 72).
  const waiting = new Set(order.shipments.filter((s) => s.status === 'delivered').flatMap((s) => s.itemIds));
  const serialLines = order.items
    .filter((i) => waiting.has(i.id) && (i.units?.length ?? 0) > 0)
    .map((i) => ({ itemId: i.id, name: i.name, units: i.units!.length }));
  const serials = useSerialInputs(serialLines, 'units');
  const words = WORDS[step ?? 'deliver'];
  const n = order.orderNumber;
  const byTransfer = step === 'refund' && order.payment.provider === 'cod';
  const receiving = step === 'return-received';
  const close = () => {
    setBankReference('');
    setReferenceError(undefined);
    returned.reset();
    serials.reset();
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
        const noReference = byTransfer ? bankReferenceProblem(bankReference) : undefined;
        setReferenceError(noReference);
        // Both checked, so that each field shows its own error.
        const chosen = !receiving || returned.check();
        const serialsGiven = !receiving || serials.check();
        return noReference === undefined && chosen && serialsGiven;
      }}
      onConfirm={() =>
        mutation
          .mutateAsync(
            byTransfer
              ? { step: 'refund', body: { bankReference: bankReference.trim() } }
              : receiving
                ? {
                    step: 'return-received',
                    body: { condition: condition!, ...(serialLines.length ? { units: serials.body() } : {}) },
                  }
                : { step: step! as 'deliver' | 'refund' },
          )
          .then(() => toast.success((receiving && condition === 'damaged' ? WRITTEN_OFF : words.done).replace('{n}', n)))
          .catch((e: unknown) => {
            serials.applyServerErrors(e);
            throw e;
          })
      }
    >
      {receiving && (
        <ReturnConditionField
          {...returned.field}
          customerReason={order.returnReason}
          customerPhotos={{ orderId: order.id, photos: order.returnPhotos }}
        />
      )}
      {receiving && serialLines.length > 0 && (
        <SerialInputs lines={serialLines} state={serials} legend="Serial numbers of the units that came back" />
      )}
      {byTransfer && (
        <>
          <p className="text-sm text-slate-800">
            Cash on delivery: transfer the money to the customer’s bank account first, then record it here.
          </p>
          <RefundTransferTo account={refundAccount} removed={order.refundAccountRemoved} />
          <TextField
            label="Bank transfer reference (UTR)"
            autoComplete="off"
            value={bankReference}
            maxLength={40}
            error={referenceError}
            onChange={(e) => {
              setBankReference(e.target.value);
              setReferenceError(undefined);
            }}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
