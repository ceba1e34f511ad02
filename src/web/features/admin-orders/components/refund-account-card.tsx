import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { maskBankAccount, maskedAccountLine } from '~/shared/schemas/bank-account';
import { refundAccountSchema, type RefundAccount, type RefundAccountInput } from '~/shared/schemas/orders';
import type { AdminOrderResponse } from '~/shared/schemas/admin-orders';
import { BankAccountFields } from '~/web/components/forms/bank-account-fields';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useRecordRefundAccount } from '../api/admin-orders-queries';
import { RefundTransferTo } from './refund-transfer-to';

const FIELDS = ['holderName', 'accountNumber', 'confirmAccountNumber', 'ifsc'] as const;
const EMPTY: RefundAccountInput = { holderName: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' };

/**
 * Where a cash-on-delivery refund goes, on the admin's order page: the account the customer gave,
 * whole, or that none was given, or that it was removed with the customer's account (decision 55);
 * and, while the order can still be refunded, the admin records the account a customer phoned or
 * e-mailed in (the customer sees it on the timeline, masked).
 */
export function RefundAccountCard({ data }: { data: AdminOrderResponse }) {
  const { order, controls } = data;
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const record = useRecordRefundAccount(order.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RefundAccountInput, unknown, RefundAccount>({ resolver: zodResolver(refundAccountSchema), defaultValues: EMPTY });

  const removed = order.refundAccountRemoved;
  if (!controls.refundByBankTransfer || (!controls.refundAccount && !controls.canRecordRefundAccount && !removed)) return null;
  const saved = controls.refundAccount;

  const change = (next: boolean) => {
    if (!next) {
      reset(EMPTY);
      setFormError(null);
    }
    setOpen(next);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    record.mutate(values, {
      onSuccess: () => {
        toast.success(`Order ${order.orderNumber}: the refund goes to ${maskedAccountLine(maskBankAccount(values))}.`);
        change(false);
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <section aria-labelledby="refund-account-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="refund-account-heading" className="text-base font-semibold text-slate-900">
        Refund bank account
      </h2>
      <div className="mt-3 space-y-3 text-sm text-slate-800">
        <RefundTransferTo account={saved} removed={removed} />
        {controls.canRecordRefundAccount && (
          <Button variant="secondary" size="sm" onClick={() => change(true)}>
            {saved ? 'Change the account' : 'Record the account the customer gave'}
          </Button>
        )}
      </div>
      <DialogFrame
        open={open}
        onOpenChange={change}
        title={
          <>
            Refund account for order <NoWrap>{order.orderNumber}</NoWrap>
          </>
        }
        description="For a customer who gave the account by phone or e-mail. Read the number back to them: the refund is transferred to it. The customer sees it, masked, on the order's timeline."
      >
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate aria-label="Customer's bank account for the refund">
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <BankAccountFields field={register} errors={errors} goesTo="the refund goes to this number" />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Not now</Button>
            </DialogClose>
            <Button type="submit" loading={record.isPending}>
              Save bank account
            </Button>
          </div>
        </form>
      </DialogFrame>
    </section>
  );
}
