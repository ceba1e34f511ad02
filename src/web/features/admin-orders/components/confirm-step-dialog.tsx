import { useState } from 'react';
import type { OrderDetail } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
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
  const [error, setError] = useState<string | null>(null);
  const words = step ? WORDS[step] : WORDS.deliver;
  const n = order.orderNumber;
  const close = () => {
    setError(null);
    onClose();
  };
  const take = () => {
    if (!step) return;
    setError(null);
    mutation.mutate(
      { step },
      {
        onSuccess: () => {
          toast.success(words.done.replace('{n}', n));
          close();
        },
        onError: (e) => setError(isApiError(e) ? e.message : 'That did not work. Try again.'),
      },
    );
  };
  return (
    <DialogFrame
      open={step !== null}
      onOpenChange={(next) => !next && close()}
      title={words.title.replace('{n}', n)}
      description={words.description}
    >
      <div className="mt-4 space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button onClick={take} loading={mutation.isPending}>
            {words.button}
          </Button>
        </div>
      </div>
    </DialogFrame>
  );
}
