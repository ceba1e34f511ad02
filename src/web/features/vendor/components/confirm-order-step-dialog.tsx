import { formatPaise } from '~/shared/money';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { ReturnConditionField, useReturnCondition } from '~/web/components/orders/return-condition-field';
import { SerialInputs, useSerialInputs } from '~/web/components/orders/serial-inputs';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { toast } from '~/web/lib/toast';
import { useVendorOrderAction } from '../api/vendor-lists';

export type VendorOrderStep = 'deliver' | 'return-received' | 'refund';

const WORDS: Record<VendorOrderStep, { title: string; description: (amount: string) => string; button: string; done: string }> = {
  deliver: {
    title: 'Mark your items of order {n} delivered',
    description: () => 'The courier handed them to the customer. Their return window starts now, and cash on delivery counts as collected.',
    button: 'Mark delivered',
    done: 'Order {n}: your items are marked delivered.',
  },
  'return-received': {
    title: 'Receive the return of order {n}',
    description: () =>
      'The returned items reached you and you checked them. Items fit to sell go back into your stock; damaged ones are written off. The refund is the next step.',
    button: 'Return received',
    done: 'Order {n}: the returned items are back in your stock.',
  },
  refund: {
    title: 'Refund the return of order {n}',
    description: (amount) =>
      `The customer gets back ${amount} for your items through the payment provider. It comes off your next payout, and a credit note is issued. This cannot be undone.`,
    button: 'Refund',
    done: 'Order {n}: the customer is refunded for your items.',
  },
};

const WRITTEN_OFF = 'Order {n}: the return is received; the damaged items are written off.';

/**
 * A step on a seller's order that needs no input but moves goods or money (delivered, return
 * received, refund), asked once more before it is taken: one tap in a table scrolled sideways on a
 * phone must not refund a customer.
 */
export function ConfirmOrderStepDialog({
  order,
  step,
  onClose,
}: {
  order: VendorOrder;
  step: VendorOrderStep | null;
  onClose: () => void;
}) {
  const action = useVendorOrderAction(order.id);
  const returned = useReturnCondition();
  const { condition } = returned;
  // Each returned unit's serial, matched to those shipped (decision 72); a line packed without serials asks for none.
  const serialLines = order.lines
    .filter((l) => (l.serialsPacked ?? 0) > 0)
    .map((l) => ({ itemId: l.itemId, name: l.name, units: l.serialsPacked! }));
  const serials = useSerialInputs(serialLines, 'units');
  const words = WORDS[step ?? 'deliver'];
  const n = order.orderNumber;
  const receiving = step === 'return-received';
  const close = () => {
    returned.reset();
    serials.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={step !== null}
      onClose={close}
      title={words.title.replace('{n}', n)}
      description={words.description(formatPaise(order.amountPaise))}
      confirmLabel={words.button}
      pending={action.isPending}
      canConfirm={() => !receiving || [returned.check(), serials.check()].every(Boolean)}
      onConfirm={() =>
        action
          .mutateAsync(
            receiving
              ? { action: 'return-received', body: { condition, ...(serialLines.length ? { units: serials.body() } : {}) } }
              : { action: step! },
          )
          .then(() => toast.success((condition === 'damaged' && receiving ? WRITTEN_OFF : words.done).replace('{n}', n)))
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
    </ConfirmDialog>
  );
}
