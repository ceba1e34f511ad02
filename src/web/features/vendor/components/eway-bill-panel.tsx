import { useState } from 'react';
import { formatPaise } from '~/shared/money';
import { groupedEwbNo, TRANS_MODE_LABELS, type EwayBill, type EwayBillState } from '~/shared/schemas/eway-bills';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { formatCount, formatDateTime } from '~/web/lib/format';
import { useEwayBill } from '../api/eway-bills';
import { CancelEwayBillDialog, ExtendEwayBillDialog, GenerateEwayBillDialog } from './eway-bill-dialogs';
import { validityText } from './eway-bill-words';

const limitText = (state: EwayBillState) =>
  state.interState
    ? `above the ${formatPaise(state.thresholdPaise)} limit for a parcel between states`
    : `above ${state.fromState}’s ${formatPaise(state.thresholdPaise)} limit within the state`;

/** Part A as the invoice gives it: what the seller checks before generating. */
function PartA({ state }: { state: EwayBillState }) {
  const { partA } = state;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Invoice</dt>
      <dd className="text-slate-900">
        <NoWrap>{partA.docNo}</NoWrap> of {partA.docDate}
      </dd>
      <dt className="text-slate-600">Supplier GSTIN</dt>
      <dd className="font-mono text-slate-900">{partA.fromGstin ?? 'none on your profile'}</dd>
      <dt className="text-slate-600">Recipient GSTIN</dt>
      <dd className="font-mono text-slate-900">{partA.toGstin === 'URP' ? 'URP (unregistered)' : partA.toGstin}</dd>
      <dt className="text-slate-600">From / to PIN</dt>
      <dd className="text-slate-900">
        {partA.fromPinCode} → {partA.toPinCode}
      </dd>
      <dt className="text-slate-600">Goods</dt>
      <dd className="text-slate-900">
        <ul>
          {partA.items.map((i) => (
            <li key={`${i.name}-${i.hsnCode}`}>
              {formatCount(i.quantity)} × {i.name} (HSN {i.hsnCode}, GST {i.gstRatePercent}%)
            </li>
          ))}
        </ul>
      </dd>
      <dt className="text-slate-600">Value</dt>
      <dd className="text-slate-900 tabular-nums">{formatPaise(state.valuePaise)} with GST</dd>
    </dl>
  );
}

function Bill({ orderId, bill }: { orderId: string; bill: EwayBill }) {
  const [dialog, setDialog] = useState<'extend' | 'cancel' | null>(null);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">E-way bill</dt>
        <dd className="font-mono font-semibold text-slate-900">
          <NoWrap>{groupedEwbNo(bill.ewbNo)}</NoWrap>
        </dd>
        <dt className="text-slate-600">Validity</dt>
        <dd className={bill.expired ? 'text-red-700' : 'text-slate-900'}>
          {validityText(bill)}
          {bill.expired && (
            <>
              {' '}
              <Badge tone="danger">Expired</Badge>
            </>
          )}
        </dd>
        <dt className="text-slate-600">Generated</dt>
        <dd className="text-slate-900">{formatDateTime(bill.generatedAt)}</dd>
        <dt className="text-slate-600">Distance</dt>
        <dd className="text-slate-900">
          {formatCount(bill.distanceKm)} km by {TRANS_MODE_LABELS[bill.transMode].toLowerCase()}
        </dd>
        <dt className="text-slate-600">{bill.vehicleNo ? 'Vehicle' : 'Transporter'}</dt>
        <dd className="font-mono text-slate-900">{bill.vehicleNo ?? bill.transporterId}</dd>
      </dl>
      {bill.extensions.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700">
          {bill.extensions.map((e) => (
            <li key={e.at}>
              Extended {formatDateTime(e.at)} ({e.reason}), {formatCount(e.remainingDistanceKm)} km to go
            </li>
          ))}
        </ul>
      )}
      {(bill.canExtend || bill.canCancel) && (
        <div className="flex flex-wrap gap-2">
          {bill.canExtend && (
            <Button size="sm" variant="secondary" onClick={() => setDialog('extend')}>
              Extend validity
            </Button>
          )}
          {bill.canCancel && (
            <Button size="sm" variant="secondary" onClick={() => setDialog('cancel')}>
              Cancel e-way bill
            </Button>
          )}
        </div>
      )}
      <ExtendEwayBillDialog orderId={orderId} bill={bill} open={dialog === 'extend'} onOpenChange={(o) => setDialog(o ? 'extend' : null)} />
      <CancelEwayBillDialog orderId={orderId} bill={bill} open={dialog === 'cancel'} onOpenChange={(o) => setDialog(o ? 'cancel' : null)} />
    </div>
  );
}

/**
 * The e-way bill of the seller's parcel (decision 75): whether it needs one (its value against its
 * states' limit), the "Generate e-way bill" step with Part A from the invoice, and once generated its
 * number, validity, extension and cancellation.
 */
export function EwayBillPanel({ orderId, locked }: { orderId: string; locked: boolean }) {
  const query = useEwayBill(orderId);
  const [generating, setGenerating] = useState(false);
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the e-way bill" className="space-y-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (query.isError)
    return <ErrorState title="The e-way bill could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const state = query.data;
  const cancelled = state.cancelled.length > 0 && (
    <p className="text-xs text-slate-600">
      Cancelled: {state.cancelled.map((b) => `${groupedEwbNo(b.ewbNo)} (${b.cancelReason ?? ''})`).join('; ')}
    </p>
  );
  if (state.bill) {
    return (
      <div className="space-y-3">
        <Bill orderId={orderId} bill={state.bill} />
        {cancelled}
      </div>
    );
  }
  if (!state.required) {
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          Not needed: {formatPaise(state.valuePaise)} to {state.toState} is within the {formatPaise(state.thresholdPaise)} limit
          {state.interState ? ' for a parcel between states' : ` within ${state.fromState}`}.
        </p>
        {cancelled}
      </div>
    );
  }
  if (state.shipped) return <p className="text-sm text-slate-700">The parcel has shipped.</p>;
  return (
    <div className="space-y-3">
      <Alert tone="warning">
        This parcel of {formatPaise(state.valuePaise)} to {state.toState} is {limitText(state)}: it needs an e-way bill before it ships.
      </Alert>
      {state.problem && <Alert tone="error">{state.problem}</Alert>}
      <PartA state={state} />
      {!locked && !state.problem && <Button onClick={() => setGenerating(true)}>Generate e-way bill</Button>}
      {cancelled}
      <GenerateEwayBillDialog orderId={orderId} state={state} open={generating} onOpenChange={setGenerating} />
    </div>
  );
}
