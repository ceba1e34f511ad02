import type { AdminOrderControls } from '~/shared/schemas/admin-orders';

/**
 * Where the admin transfers a cash-on-delivery refund: the account the customer gave on the order
 * page, whole (the admin types it into the bank's site), or that none was given yet, or that it was
 * removed when the customer deleted their account (once the refund it was given for was made).
 */
export function RefundTransferTo({ account, removed = false }: { account: AdminOrderControls['refundAccount']; removed?: boolean }) {
  if (!account && removed)
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        Removed when the customer deleted their account: a bank account given for a refund is kept only until that refund is made. For
        another refund, record the account they give you by phone or e-mail first.
      </p>
    );
  if (!account)
    return (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        The customer has not given a bank account yet, so there is nowhere to transfer the refund. They give it on their order page; record
        one they phone or e-mail in under “Refund bank account” on this order’s page first.
      </p>
    );
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">
      Transfer to: <strong>{account.holderName}</strong>, account <span className="font-mono tracking-wider">{account.accountNumber}</span>,
      IFSC <span className="font-mono">{account.ifsc}</span>
    </p>
  );
}
