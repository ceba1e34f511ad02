import { useState, type FormEvent } from 'react';
import { formatPaise } from '~/shared/money';
import { lineRefundPaise } from '~/shared/pricing';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField, TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useAdminOrderStep, type AdminOrderStep } from '../api/admin-orders-queries';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { bankReferenceProblem } from './bank-reference';
import { RefundTransferTo } from './refund-transfer-to';

export type LinesMode = 'cancel' | 'refund';

/**
 * Cancel (the whole order, or chosen items before they ship) or refund chosen items that shipped
 * and the delivery charge: how many of each line, and why (the customer reads it). Choosing every
 * unit left ticks the delivery charge and says the whole order is refunded (decision 53). A refund
 * of cash on delivery is a bank transfer the admin made; its reference is recorded with it.
 */
export function LinesDialog({ data, mode, onClose }: { data: AdminOrderResponse; mode: LinesMode | null; onClose: () => void }) {
  const { order, controls } = data;
  const step = useAdminOrderStep(order.id);
  const refunding = mode === 'refund';
  const [whole, setWhole] = useState(true);
  const [counts, setCounts] = useState<Record<string, number>>({});
  // The admin's own tick of the delivery charge; null follows the default (ticked once every unit left is chosen).
  const [delivery, setDelivery] = useState<boolean | null>(null);
  const [reason, setReason] = useState('');
  const [bankReference, setBankReference] = useState('');
  // The server's field errors, each dropped once its field is changed.
  const [fields, setFields] = useState<Record<string, string>>({});
  // After the first Refund / Cancel the fields are checked as they change, so an error goes once it is fixed.
  const [checked, setChecked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const limitOf = (itemId: string) => {
    const l = controls.lines.find((c) => c.itemId === itemId);
    return (refunding ? l?.refundable : l?.cancellable) ?? 0;
  };
  const lines = order.items.filter((i) => limitOf(i.id) > 0);
  const byLines = refunding || !controls.can.cancel || !whole;
  const chosen = lines.filter((i) => (counts[i.id] ?? 0) > 0).map((i) => ({ itemId: i.id, quantity: counts[i.id]! }));
  const amount = chosen.reduce((n, c) => {
    const item = order.items.find((i) => i.id === c.itemId)!;
    return n + lineRefundPaise(item, c.quantity);
  }, 0);
  const bank = refunding && controls.refundByBankTransfer;
  const deliveryPaise = refunding ? controls.refundableDeliveryPaise : 0;
  // Every unit that may be refunded is chosen (true when none is left: the delivery charge is all there is).
  const allChosen = lines.every((i) => (counts[i.id] ?? 0) === limitOf(i.id));
  const withDelivery = deliveryPaise > 0 && (delivery ?? allChosen);
  const total = amount + (withDelivery ? deliveryPaise : 0);
  // Nothing of the order is left with the customer once this refund is made: every unit, and the delivery charge or not.
  const everyUnit = refunding && controls.refundsCoverOrder && allChosen;
  const wholeOrder = everyUnit && (deliveryPaise === 0 || withDelivery);
  const deliveryKept = everyUnit && lines.length > 0 && deliveryPaise > 0 && !withDelivery;

  const problems: Record<string, string | undefined> = {
    lines:
      byLines && chosen.length === 0 && !withDelivery
        ? deliveryPaise > 0
          ? 'Choose the items or the delivery charge to refund'
          : `Choose how many of which item to ${refunding ? 'refund' : 'cancel'}`
        : undefined,
    reason: reason.trim().length < 5 ? 'Give a reason (at least 5 characters): the customer reads it' : undefined,
    bankReference: bank ? bankReferenceProblem(bankReference) : undefined,
  };
  const errorOf = (field: string) => (checked ? problems[field] : undefined) ?? fields[field];
  const changed = (field: string) =>
    setFields((current) => {
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });

  const close = () => {
    setCounts({});
    setDelivery(null);
    setReason('');
    setBankReference('');
    setFields({});
    setChecked(false);
    setFormError(null);
    setWhole(true);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFormError(null);
    setChecked(true);
    if (Object.values(problems).some(Boolean)) return;
    const input: AdminOrderStep = refunding
      ? {
          step: 'refund-lines',
          body: {
            lines: chosen,
            ...(withDelivery ? { includeDelivery: true } : {}),
            reason: reason.trim(),
            ...(bank ? { bankReference: bankReference.trim() } : {}),
          },
        }
      : { step: 'cancel', body: { reason: reason.trim(), ...(byLines ? { lines: chosen } : {}) } };
    step.mutate(input, {
      onSuccess: () => {
        toast.success(
          refunding
            ? `${formatPaise(total)} refunded for order ${order.orderNumber}${wholeOrder ? ', which is refunded in full' : ''}; the credit note is on the order.`
            : byLines
              ? `Items of order ${order.orderNumber} cancelled; they are back in stock.`
              : `Order ${order.orderNumber} is cancelled.`,
        );
        close();
      },
      onError: (e) => {
        if (isApiError(e) && Object.keys(e.fields).length > 0) {
          setFields(e.fields);
          if (Object.keys(e.fields).some((f) => !['lines', 'reason', 'bankReference'].includes(f))) setFormError(e.message);
        } else setFormError(isApiError(e) ? e.message : 'That did not work. Try again.');
      },
    });
  };

  return (
    <DialogFrame
      open={mode !== null}
      onOpenChange={(next) => !next && close()}
      title={
        <>
          {refunding ? 'Refund items of' : 'Cancel'} order <NoWrap>{order.orderNumber}</NoWrap>
        </>
      }
      description={
        refunding
          ? bank
            ? 'Cash on delivery: transfer the money to the customer’s bank account first, then record it here with its reference. A credit note is issued.'
            : 'The money goes back through the payment provider to how the customer paid. A credit note is issued.'
          : 'Cancelled items go back into stock; the customer is refunded for them (cash on delivery: the courier collects less).'
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        {!refunding && controls.can.cancel && (
          <fieldset className="space-y-1 text-sm">
            <legend className="font-medium text-slate-800">What to cancel</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" checked={whole} onChange={() => setWhole(true)} /> The whole order
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" checked={!whole} onChange={() => setWhole(false)} /> Chosen items
            </label>
          </fieldset>
        )}
        {byLines && (
          <fieldset aria-describedby={errorOf('lines') ? 'lines-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">
              {deliveryPaise > 0 ? 'What to refund' : `How many to ${refunding ? 'refund' : 'cancel'}`}
            </legend>
            {lines.length > 0 && (
              <ul className="mt-2 space-y-2">
                {lines.map((item) => {
                  const id = `${mode}-${item.id}`;
                  const left = limitOf(item.id);
                  return (
                    <li key={item.id} className="flex items-center justify-between gap-3 text-sm">
                      <label htmlFor={id} className="flex-1">
                        {item.name}{' '}
                        <span className="text-slate-600">
                          · {item.sellerName} · up to {left}
                        </span>
                      </label>
                      <select
                        id={id}
                        value={counts[item.id] ?? 0}
                        onChange={(e) => {
                          setCounts((c) => ({ ...c, [item.id]: Number(e.target.value) }));
                          changed('lines');
                        }}
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
            )}
            {deliveryPaise > 0 && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  checked={withDelivery}
                  onChange={(e) => {
                    setDelivery(e.target.checked);
                    changed('lines');
                  }}
                />
                Delivery charge {formatPaise(deliveryPaise)}
              </label>
            )}
            {errorOf('lines') && (
              <p id="lines-error" className="mt-1 text-sm text-red-700">
                {errorOf('lines')}
              </p>
            )}
          </fieldset>
        )}
        <TextareaField
          label="Reason"
          hint="The customer reads this on the order page"
          value={reason}
          maxLength={300}
          error={errorOf('reason')}
          onChange={(e) => {
            setReason(e.target.value);
            changed('reason');
          }}
        />
        {bank && <RefundTransferTo account={controls.refundAccount} removed={order.refundAccountRemoved} />}
        {bank && (
          <TextField
            label="Bank transfer reference (UTR)"
            autoComplete="off"
            value={bankReference}
            maxLength={40}
            error={errorOf('bankReference')}
            onChange={(e) => {
              setBankReference(e.target.value);
              changed('bankReference');
            }}
          />
        )}
        <div aria-live="polite" className="space-y-1 text-sm text-slate-800">
          {refunding && total > 0 && <p>The customer gets back {formatPaise(total)}.</p>}
          {total > 0 && wholeOrder && (
            <p className="font-medium">This refunds the whole order: nothing of it is left to refund, and it becomes Refunded.</p>
          )}
          {deliveryKept && (
            <p>
              Every item is refunded, but the delivery charge of {formatPaise(deliveryPaise)} is kept: the order becomes Refunded, its
              payment Partly refunded.
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button type="submit" variant={refunding ? 'primary' : 'danger'} loading={step.isPending}>
            {refunding ? 'Refund' : byLines ? 'Cancel items' : 'Cancel order'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
