import type { OrderDetail } from '~/shared/schemas/orders';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { toast } from '~/web/lib/toast';
import { useAdminOrderStep } from '../api/admin-orders-queries';

export type ConfirmStep = 'deliver' | 'return-received' | 'refund';

const WORDS: Record<ConfirmStep, { title: string; description: string; button: string; done: string }> = {
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
    description:
      'Everything left of the payment goes back: through the payment provider for a prepaid order, or as a bank transfer for cash on delivery. A credit note is issued.',
    button: 'Refund in full',
    done: 'Order {n} is refunded.',
  },
};

/** A step that needs no input, asked once more before it is taken. */
export function ConfirmStepDialog({ order, step, onClose }: { order: OrderDetail; step: ConfirmStep | null; onClose: () => void }) {
  const mutation = useAdminOrderStep(order.id);
  const words = WORDS[step ?? 'deliver'];
  const n = order.orderNumber;
  return (
    <ConfirmDialog
      open={step !== null}
      onClose={onClose}
      title={words.title.replace('{n}', n)}
      description={words.description}
      confirmLabel={words.button}
      pending={mutation.isPending}
      onConfirm={() => mutation.mutateAsync({ step: step! }).then(() => toast.success(words.done.replace('{n}', n)))}
    />
  );
}
