import { useId, useState } from 'react';
import type { UserRole, VendorStatus } from '~/shared/constants';
import { accountReasonSchema } from '~/shared/schemas/auth';
import { vendorDecisionReasonSchema, type VendorDecision } from '~/shared/schemas/vendor';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { toast } from '~/web/lib/toast';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { Alert } from '~/web/components/ui/feedback';
import { useAccountStanding, useResendVendorVerification, useVendorDecision } from '../api/admin-users';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';

/** What the actions need of an account, from the list or the user's page. */
export interface ManagedAccount {
  uid: string;
  name: string;
  role: UserRole;
  suspended: boolean;
  /** A vendor is approved only once its e-mail address is verified (decision 25). */
  emailVerified: boolean;
  vendor: {
    id: string;
    businessName: string;
    status: VendorStatus;
    gstin: string | null;
    /** Orders still to ship, deliver or take back (known on the user's page, not in the list). */
    openOrders?: number;
  } | null;
}

/**
 * What suspending a seller does to the orders it still has to ship, deliver or take back: it can take
 * no step on them while suspended (decision 20), so they fall to the admin.
 */
export function openOrdersNote(openOrders: number | undefined): string {
  if (!openOrders) return '';
  const them = openOrders === 1 ? 'it' : 'them';
  return `It has ${openOrders === 1 ? 'an open order' : `${openOrders} open orders`}: while suspended it cannot ship, deliver or take ${them} back, so you do, from Orders.`;
}

const DONE: Record<VendorDecision, string> = { approve: 'approved', reject: 'rejected', suspend: 'suspended', reinstate: 'reinstated' };

type Dialog = 'approve' | 'suspend' | 'reactivate' | 'reject' | 'suspend-vendor' | null;

/**
 * What the approval means for the shop's tax returns, said in the approve dialog. A GSTIN is not
 * required to sell (decisions 15 and 19): a seller without one is approved, but the shop's GSTR-8
 * lists each seller's TCS against its GSTIN, and TDS without a PAN is 5% (section 206AA).
 */
export function GstinNote({ gstin }: { gstin: string | null }) {
  if (gstin) {
    return (
      <p className="text-sm text-slate-700">
        GSTIN on file: <span className="font-mono font-medium text-slate-900">{gstin}</span>. The TCS collected on its sales is reported
        against it in the shop’s GSTR-8.
      </p>
    );
  }
  return (
    <Alert tone="warning" title="No GSTIN on file">
      The shop’s TCS return (GSTR-8) reports the tax collected on each seller’s sales against its GSTIN, so this seller’s sales would be
      listed there without one. Unless it gives its PAN in the seller centre, TDS is deducted at 5% of each sale instead of 0.1%.
    </Alert>
  );
}

/**
 * The admin's actions on an account: approve or reject a waiting vendor, suspend or reinstate a vendor's
 * business, suspend or reactivate the account. `full` (the user's page) shows them all; the list shows
 * the approval of waiting vendors and the account's suspension. Each button names its account for
 * screen readers, as a row holds many.
 */
export function AccountActions({ account, full = false }: { account: ManagedAccount; full?: boolean }) {
  const standing = useAccountStanding();
  const decision = useVendorDecision();
  const resend = useResendVendorVerification();
  const [dialog, setDialog] = useState<Dialog>(null);
  const vendor = account.vendor;
  const who = vendor?.businessName ?? account.name;
  const unverifiedId = useId();

  const decide = (choice: VendorDecision, reason?: string) =>
    decision.mutateAsync({ vendorId: vendor!.id, decision: choice, ...(reason ? { reason } : {}) }).then((r) => {
      toast.success(`${vendor!.businessName} ${DONE[choice]}.`);
      return r;
    });
  const quickDecide = (choice: VendorDecision) => decide(choice).catch((e: Error) => toast.error(e.message));
  const changeStanding = (action: 'suspend' | 'reactivate', reason: string) =>
    standing.mutateAsync({ uid: account.uid, action, reason }).then((r) => {
      toast.success(
        action === 'suspend'
          ? `${account.name} is suspended and signed out${r.sessionsEnded ? ` of ${r.sessionsEnded} session${r.sessionsEnded > 1 ? 's' : ''}` : ''}.`
          : `${account.name} can sign in again.`,
      );
      return r;
    });
  const close = (open: boolean) => !open && setDialog(null);
  const resendLink = () =>
    resend.mutate({ vendorId: vendor!.id }, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) });

  return (
    <div className="flex flex-wrap gap-2">
      {vendor?.status === 'pending' && (
        <>
          {/* Why Approve is disabled, in view (not only a tooltip) and read with the button. */}
          {!account.emailVerified && (
            <>
              <span id={unverifiedId}>
                <Badge tone="warning">E-mail not verified: approve once the vendor verifies it</Badge>
              </span>
              <Button size="sm" variant="secondary" onClick={resendLink} loading={resend.isPending}>
                Resend verification e-mail <span className="sr-only">to {who}</span>
              </Button>
            </>
          )}
          <Button
            size="sm"
            onClick={() => setDialog('approve')}
            disabled={decision.isPending || !account.emailVerified}
            aria-describedby={account.emailVerified ? undefined : unverifiedId}
          >
            Approve <span className="sr-only">{who}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('reject')} disabled={decision.isPending}>
            Reject <span className="sr-only">{who}</span>
          </Button>
        </>
      )}
      {full && vendor?.status === 'approved' && (
        <Button size="sm" variant="secondary" onClick={() => setDialog('suspend-vendor')}>
          Suspend business <span className="sr-only">{who}</span>
        </Button>
      )}
      {full && vendor?.status === 'suspended' && !account.suspended && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void quickDecide('reinstate')}
          loading={decision.isPending && decision.variables?.decision === 'reinstate'}
        >
          Reinstate business <span className="sr-only">{who}</span>
        </Button>
      )}
      {account.suspended ? (
        <Button size="sm" variant="secondary" onClick={() => setDialog('reactivate')}>
          Reactivate <span className="sr-only">account of {account.name}</span>
        </Button>
      ) : (
        <Button size="sm" variant="danger" onClick={() => setDialog('suspend')}>
          Suspend <span className="sr-only">account of {account.name}</span>
        </Button>
      )}

      <ReasonDialog
        open={dialog === 'suspend'}
        onOpenChange={close}
        title={`Suspend ${account.name}`}
        description={`${account.name} is signed out everywhere at once and cannot sign in until reactivated.${
          vendor?.status === 'approved' ? ` ${vendor.businessName}'s products leave the shop. ${openOrdersNote(vendor.openOrders)}` : ''
        }`.trim()}
        hint="Kept with the account and in the audit log, e.g. ‘Repeated chargebacks on card orders’"
        schema={accountReasonSchema}
        confirmLabel="Suspend account"
        danger
        pending={standing.isPending}
        onConfirm={(reason) => changeStanding('suspend', reason)}
      />
      <ReasonDialog
        open={dialog === 'reactivate'}
        onOpenChange={close}
        title={`Reactivate ${account.name}`}
        description={`${account.name} may sign in again.${vendor?.status === 'suspended' ? ` ${vendor.businessName} is approved again.` : ''}`}
        hint="Kept in the audit log, e.g. ‘Resolved by phone on 24 November’"
        schema={accountReasonSchema}
        confirmLabel="Reactivate account"
        pending={standing.isPending}
        onConfirm={(reason) => changeStanding('reactivate', reason)}
      />
      {vendor && (
        <>
          <ConfirmDialog
            open={dialog === 'approve'}
            onClose={() => setDialog(null)}
            title={`Approve ${vendor.businessName}?`}
            description="It can list products and sell from now on; the vendor is told by e-mail."
            confirmLabel="Approve vendor"
            pending={decision.isPending}
            onConfirm={() => decide('approve')}
          >
            <GstinNote gstin={vendor.gstin} />
          </ConfirmDialog>
          <ReasonDialog
            open={dialog === 'reject'}
            onOpenChange={close}
            title={`Reject ${vendor.businessName}`}
            description="The vendor reads your reason on its dashboard and cannot sell."
            hint="The vendor reads this, e.g. ‘The GSTIN belongs to another business’"
            schema={vendorDecisionReasonSchema}
            confirmLabel="Reject vendor"
            danger
            pending={decision.isPending}
            onConfirm={(reason) => decide('reject', reason)}
          />
          <ReasonDialog
            open={dialog === 'suspend-vendor'}
            onOpenChange={close}
            title={`Suspend ${vendor.businessName}`}
            description={`Its products leave the shop at once; the vendor can still sign in and read its panel, with your reason. ${openOrdersNote(vendor.openOrders)}`.trim()}
            hint="The vendor reads this, e.g. ‘Too many late shipments this month’"
            schema={vendorDecisionReasonSchema}
            confirmLabel="Suspend business"
            danger
            pending={decision.isPending}
            onConfirm={(reason) => decide('suspend', reason)}
          />
        </>
      )}
    </div>
  );
}
