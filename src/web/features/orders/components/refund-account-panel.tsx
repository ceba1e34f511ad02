import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatPaise } from '~/shared/money';
import { maskedAccountLine } from '~/shared/schemas/bank-account';
import { refundAccountSchema, type OrderDetail, type RefundAccount, type RefundAccountInput } from '~/shared/schemas/orders';
import { BankAccountFields } from '~/web/components/forms/bank-account-fields';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useGiveRefundAccount } from '../api/order-queries';
import { Panel } from './order-panels';

const FIELDS = ['holderName', 'accountNumber', 'confirmAccountNumber', 'ifsc'] as const;
const EMPTY: RefundAccountInput = { holderName: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' };

/**
 * A returned order paid in cash on delivery is refunded by the shop's bank transfer: the customer
 * says where to. Once given, the account shows masked with "Change"; the whole number never comes
 * back from the server, so changing it means typing a new one (twice).
 */
export function RefundAccountPanel({ order }: { order: OrderDetail }) {
  const saved = order.refundAccount;
  const give = useGiveRefundAccount(order.id);
  const [editing, setEditing] = useState(saved === null);
  const [formError, setFormError] = useState<string | null>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  // Focus follows the panel's switch: to the first field when "Change" opens the form, back to "Change" when it closes.
  const [focusTo, setFocusTo] = useState<'form' | 'change' | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<RefundAccountInput, unknown, RefundAccount>({ resolver: zodResolver(refundAccountSchema), defaultValues: EMPTY });

  // The saved order may arrive a render after the form closes: focus waits for "Change" to be there.
  const hasSaved = saved !== null;
  useEffect(() => {
    if (focusTo === 'form' && editing) setFocus('holderName');
    if (focusTo === 'change' && !editing) changeRef.current?.focus();
  }, [focusTo, editing, hasSaved, setFocus]);

  if (!order.actions.canGiveRefundAccount) return null;

  const switchTo = (next: boolean) => {
    setFocusTo(next ? 'form' : 'change');
    setFormError(null);
    reset(EMPTY);
    setEditing(next);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    give.mutate(values, {
      onSuccess: (updated) => {
        const account = updated.refundAccount;
        toast.success(account ? `Saved. We will send your refund to ${maskedAccountLine(account)}.` : 'Saved.');
        switchTo(false);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  const left = order.payment.amountPaise - order.payment.amountRefundedPaise;
  return (
    <Panel title="Where should we send your refund?" id="refund-account">
      <p className="text-sm text-slate-700">
        You paid {formatPaise(left)} in cash on delivery, so we refund you by bank transfer (NEFT) within 2 to 4 working days of receiving
        your account details.
      </p>
      {saved && !editing && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <div className="flex items-start gap-2 text-sm">
            <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <p>
              <span className="block font-medium text-slate-900">{saved.holderName}</span>
              <span className="font-mono tracking-wider text-slate-800">{maskedAccountLine(saved)}</span>
            </p>
          </div>
          <button
            type="button"
            className={buttonClasses('secondary', 'sm')}
            ref={changeRef}
            onClick={() => switchTo(true)}
            aria-label="Change the bank account"
          >
            Change
          </button>
        </div>
      )}
      {editing && (
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate aria-label="Bank account for your refund">
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <BankAccountFields field={register} errors={errors} goesTo="your refund goes to this number" />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            {saved && (
              <Button variant="ghost" onClick={() => switchTo(false)}>
                Keep the current account
              </Button>
            )}
            <Button type="submit" loading={give.isPending}>
              Save bank account
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
