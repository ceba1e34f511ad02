import type { AdminOrderControls } from '~/shared/schemas/orders';

/**
 * Where the admin transfers a cash-on-delivery refund: the account the customer gave on the order
 * page, whole (the admin types it into the bank's site), or that none was given yet.
 */
export function RefundTransferTo({ account }: { account: AdminOrderControls['refundAccount'] }) {
  if (!account)
    return (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        The customer has not given a bank account yet. They give it on their order page (the return e-mail asked them for it); one they
        phone or e-mail in is recorded on this order's page.
      </p>
    );
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">
      Transfer to: <strong>{account.holderName}</strong>, account <span className="font-mono tracking-wider">{account.accountNumber}</span>,
      IFSC <span className="font-mono">{account.ifsc}</span>
    </p>
  );
}
