import { useState, type FormEvent } from 'react';
import { formatPaise } from '~/shared/money';
import { lineRefundPaise } from '~/shared/pricing';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useVendorOrderAction } from '../api/vendor-lists';

type Line = VendorOrder['lines'][number];

/**
 * What cancelling the chosen units gives the customer back, worked out as the server refunds it
 * (`lineRefundPaise`: each line's price after its coupon share, pro rata, to the paisa), the price
 * of those units, and whether every unit the seller has left is chosen.
 */
function refundEstimate(openLines: readonly Line[], chosen: readonly { itemId: string; quantity: number }[]) {
  let refundPaise = 0;
  let pricePaise = 0;
  for (const c of chosen) {
    const line = openLines.find((l) => l.itemId === c.itemId)!;
    const figures = { lineTotalPaise: line.lineTotalPaise, discountPaise: line.couponSharePaise, quantity: line.quantity };
    refundPaise += lineRefundPaise(figures, c.quantity);
    pricePaise += lineRefundPaise({ ...figures, discountPaise: 0 }, c.quantity);
  }
  const all = openLines.every((l) => chosen.find((c) => c.itemId === l.itemId)?.quantity === l.quantity - l.cancelledQuantity);
  return { refundPaise, couponPaise: pricePaise - refundPaise, all };
}

/**
 * The refund in the dialog: the exact figure the customer gets back (or, cash on delivery, is no
 * longer asked for), the coupon share it leaves out, and — when the seller cancels all it has left —
 * that the order may go whole, delivery charge included, which only the other sellers' items decide.
 */
function RefundEstimate({
  estimate,
  cod,
  couponCode,
}: {
  estimate: ReturnType<typeof refundEstimate>;
  cod: boolean;
  couponCode: string | null;
}) {
  const coupon =
    estimate.couponPaise > 0
      ? `: their price less ${formatPaise(estimate.couponPaise)}, their share of the coupon${couponCode ? ` ${couponCode}` : ''}`
      : '';
  return (
    <div className="space-y-1 text-sm text-slate-800" aria-live="polite">
      <p>
        {cod ? (
          <>
            The courier collects <strong className="tabular-nums">{formatPaise(estimate.refundPaise)}</strong> less on delivery{coupon}.
          </>
        ) : (
          <>
            The customer gets back <strong className="tabular-nums">{formatPaise(estimate.refundPaise)}</strong>
            {coupon}.
          </>
        )}
      </p>
      {estimate.all && (
        <p className="text-slate-600">
          {cod
            ? 'If no other seller’s items are left in the order, the whole order is cancelled and nothing is collected.'
            : 'If no other seller’s items are left in the order, the whole order is cancelled and the customer gets back all that is left of their payment, the delivery charge included.'}
        </p>
      )}
    </div>
  );
}

/**
 * Cancels some of the vendor's items of an order before they ship: how many of each line, and why
 * (the customer reads it). The customer is refunded for them and they go back into stock.
 */
export function CancelItemsDialog({
  order,
  open,
  onOpenChange,
}: {
  order: VendorOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const action = useVendorOrderAction(order.id);
  const openLines = order.lines.filter((l) => l.quantity > l.cancelledQuantity);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = openLines.filter((l) => (counts[l.itemId] ?? 0) > 0).map((l) => ({ itemId: l.itemId, quantity: counts[l.itemId]! }));
  const estimate = refundEstimate(openLines, chosen);

  const change = (next: boolean) => {
    if (!next) {
      setCounts({});
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (chosen.length === 0) return setError('Choose how many of which item to cancel.');
    if (reason.trim().length < 5) return setError('Say why the items are cancelled: the customer reads it.');
    action.mutate(
      { action: 'cancel-lines', body: { lines: chosen, reason: reason.trim() } },
      {
        onSuccess: (saved) => {
          // Cash on delivery is paid when the parcel arrives: before shipping there is nothing to give back.
          const money = saved.paymentMethod === 'cod' ? 'nothing was paid yet (cash on delivery)' : 'the customer is refunded';
          toast.success(
            saved.status === 'cancelled'
              ? `Order ${saved.orderNumber} is cancelled; ${money}.`
              : `Items of order ${saved.orderNumber} cancelled; ${saved.paymentMethod === 'cod' ? money : `${money} for them`}.`,
          );
          change(false);
        },
        onError: (e) => setError(isApiError(e) ? e.message : 'The items could not be cancelled. Try again.'),
      },
    );
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={`Cancel items of order ${order.orderNumber}`}
      description="Only items you have not shipped. They go back into your stock and the customer gets their money back for them (cash on delivery: the courier collects less)."
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">How many to cancel</legend>
          <ul className="mt-2 space-y-2">
            {openLines.map((line) => {
              const left = line.quantity - line.cancelledQuantity;
              const id = `cancel-${line.itemId}`;
              return (
                <li key={line.itemId} className="flex items-center justify-between gap-3 text-sm">
                  <label htmlFor={id} className="flex-1">
                    {line.name} <span className="text-slate-600">({left} not shipped)</span>
                  </label>
                  <select
                    id={id}
                    value={counts[line.itemId] ?? 0}
                    onChange={(e) => setCounts((c) => ({ ...c, [line.itemId]: Number(e.target.value) }))}
                    className="rounded-md border border-slate-300 px-2 py-1"
                  >
                    {Array.from({ length: left + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <TextareaField
          label="Reason"
          hint="The customer reads this on the order page, e.g. ‘Only one unit left in stock’"
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
        />
        {estimate.refundPaise > 0 && (
          <RefundEstimate estimate={estimate} cod={order.paymentMethod === 'cod'} couponCode={order.couponCode} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep the items</Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={action.isPending}>
            Cancel items
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
