import { useState } from 'react';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { SerialInputs, useSerialInputs } from '~/web/components/orders/serial-inputs';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useVendorOrderAction } from '../api/vendor-lists';

/** The seller's lines of an order packed with a serial per unit (every computer and monitor, decision 72). */
const serialLinesOf = (order: VendorOrder) =>
  order.lines
    .filter((l) => l.quantity > l.cancelledQuantity && l.needsSerials === true)
    .map((l) => ({ itemId: l.itemId, name: l.name, units: l.quantity - l.cancelledQuantity }));

/**
 * Packing the seller's items of an order: the serial number of each unit, typed or scanned, then the order
 * moves to "to ship". The server refuses a serial entered twice or already on another order's unit, on that unit.
 */
export function PackOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: VendorOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const lines = serialLinesOf(order);
  const serials = useSerialInputs(lines, 'lines');
  const action = useVendorOrderAction(order.id);
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) {
      serials.reset();
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = () => {
    setError(null);
    if (!serials.check()) return;
    action.mutate(
      { action: 'pack', body: { lines: serials.body() } },
      {
        onSuccess: () => {
          toast.success(`Order ${order.orderNumber} is packed: hand it to the courier and enter the tracking number.`);
          change(false);
        },
        onError: (e) => {
          serials.applyServerErrors(e);
          setError(isApiError(e) ? e.message : 'That did not work. Try again.');
        },
      },
    );
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={`Pack order ${order.orderNumber}`}
      description="Enter the serial number of each unit you put in the box: it is printed on the invoice and the packing slip, and the customer’s warranty runs by it."
    >
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {lines.length > 0 ? (
          <SerialInputs lines={lines} state={serials} legend="Serial numbers" onDone={submit} />
        ) : (
          <p className="text-sm text-slate-700">None of these items needs a serial number.</p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Not now
            </Button>
          </DialogClose>
          <Button type="submit" loading={action.isPending}>
            Mark packed
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
