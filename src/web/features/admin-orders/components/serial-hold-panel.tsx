import { useState } from 'react';
import { releaseSerialHoldSchema, type SerialHold } from '~/shared/schemas/serials';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useReleaseSerialHold } from '../api/admin-orders-queries';

/**
 * Returns whose serials matched no unit shipped (decision 72): for each seller, the serial expected and the one
 * received, and — while held — the admin's release of the refund, with why.
 */
export function SerialHoldPanel({ orderId, orderNumber, holds }: { orderId: string; orderNumber: string; holds: readonly SerialHold[] }) {
  const [releasing, setReleasing] = useState<SerialHold | null>(null);
  const release = useReleaseSerialHold(orderId);
  if (holds.length === 0) return null;
  return (
    <section aria-labelledby="serial-mismatch" className="rounded-lg border border-red-300 bg-red-50 p-4">
      <h2 id="serial-mismatch" className="text-base font-semibold text-red-900">
        Serial mismatch on the return
      </h2>
      <div className="mt-3 space-y-4 text-sm text-slate-800">
        {holds.map((h) => (
          <div key={h.vendorId}>
            <p className="font-medium">
              {h.sellerName} {h.releasedAt ? <Badge tone="neutral">Refund released</Badge> : <Badge tone="danger">Refund held</Badge>}
            </p>
            <p className="text-xs text-slate-600">
              Received {formatDateTime(h.heldAt)}
              {h.releasedAt && ` · released ${formatDateTime(h.releasedAt)}`}
            </p>
            <ul className="mt-1 space-y-1">
              {h.units.map((u) => (
                <li key={`${u.itemId}-${u.unit}`} className="break-words">
                  {u.name}, unit {u.unit}: expected <span className="font-mono">{u.expected}</span>, received{' '}
                  <span className="font-mono font-semibold text-red-800">{u.received}</span>
                </li>
              ))}
            </ul>
            {!h.releasedAt && (
              <Button size="sm" className="mt-2" onClick={() => setReleasing(h)}>
                Release the refund<span className="sr-only"> of {h.sellerName}’s items</span>
              </Button>
            )}
          </div>
        ))}
      </div>
      <ReasonDialog
        open={releasing !== null}
        onOpenChange={(o) => !o && setReleasing(null)}
        title={`Release the refund of order ${orderNumber}`}
        description="You checked the units that came back (a replacement under warranty, a typing mistake): the seller, or the shop, may refund them now."
        hint="Say what you found; it is kept in the audit log."
        schema={releaseSerialHoldSchema.shape.note}
        confirmLabel="Release the refund"
        pending={release.isPending}
        onConfirm={(note) =>
          release
            .mutateAsync({ vendorId: releasing!.vendorId, note })
            .then(() => toast.success(`Order ${orderNumber}: the refund may go ahead.`))
        }
      />
    </section>
  );
}
