import { formatPaise } from '~/shared/money';
import type { VendorOrder } from '~/shared/schemas/orders';
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
    description: () => 'The returned items reached you and you checked them: they go back into your stock. The refund is the next step.',
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
  const words = WORDS[step ?? 'deliver'];
  const n = order.orderNumber;
  return (
    <ConfirmDialog
      open={step !== null}
      onClose={onClose}
      title={words.title.replace('{n}', n)}
      description={words.description(formatPaise(order.amountPaise))}
      confirmLabel={words.button}
      pending={action.isPending}
      onConfirm={() => action.mutateAsync({ action: step! }).then(() => toast.success(words.done.replace('{n}', n)))}
    />
  );
}
