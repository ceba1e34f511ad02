import { useState } from 'react';
import type { OrderStatus } from '~/shared/orders';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { Button } from '~/web/components/ui/button';
import { CancelItemsDialog } from './cancel-items-dialog';
import { ConfirmOrderStepDialog, type VendorOrderStep } from './confirm-order-step-dialog';
import { PackOrderDialog } from './pack-order-dialog';
import { ShipOrderDialog } from './ship-order-dialog';

const WAITING: readonly OrderStatus[] = ['placed', 'processing', 'partly_shipped', 'partly_delivered'];
const hasOpenLines = (o: VendorOrder) => o.lines.some((l) => l.quantity > l.cancelledQuantity);
/** Orders whose items the vendor can hand to a courier now (or cancel instead). */
const canShip = (o: VendorOrder) => WAITING.includes(o.status) && o.shipment === null && hasOpenLines(o);

/** The next steps of an order for the vendor: pack, ship or cancel items, mark delivered, receive a return, refund it. */
export function VendorOrderActions({ order, locked }: { order: VendorOrder; locked: boolean }) {
  const [dialog, setDialog] = useState<'ship' | 'cancel' | 'pack' | null>(null);
  const [confirming, setConfirming] = useState<VendorOrderStep | null>(null);
  const status = order.shipment?.status;
  return (
    <div className="flex flex-wrap gap-1.5">
      {hasOpenLines(order) && order.status !== 'cancelled' && (
        <a
          href={`/api/vendor/orders/${encodeURIComponent(order.id)}/packing-slip`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-8 shrink-0 items-center rounded-md border border-slate-300 bg-white px-3 text-sm whitespace-nowrap text-slate-800 hover:bg-slate-100"
          aria-label={`Packing slip of order ${order.orderNumber} (PDF)`}
        >
          Packing slip
        </a>
      )}
      {locked ? null : (
        <>
          {canShip(order) && order.packedAt === null && (
            <Button size="sm" variant="secondary" onClick={() => setDialog('pack')} aria-label={`Mark packed: order ${order.orderNumber}`}>
              Mark packed
            </Button>
          )}
          {canShip(order) && (
            <>
              <Button size="sm" onClick={() => setDialog('ship')} aria-label={`Ship order ${order.orderNumber}`}>
                Ship
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDialog('cancel')}
                aria-label={`Cancel items of order ${order.orderNumber}`}
              >
                Cancel items
              </Button>
            </>
          )}
          {status === 'shipped' && (
            <Button size="sm" onClick={() => setConfirming('deliver')} aria-label={`Mark delivered: order ${order.orderNumber}`}>
              Mark delivered
            </Button>
          )}
          {status === 'delivered' && order.status === 'return_requested' && (
            <Button size="sm" onClick={() => setConfirming('return-received')} aria-label={`Receive return of order ${order.orderNumber}`}>
              Receive return
            </Button>
          )}
          {status === 'return_received' &&
            (order.paymentMethod === 'cod' ? (
              // The courier handed the cash to the shop: the shop pays it back by bank transfer, not the seller.
              <p className="text-xs text-slate-600">The shop refunds this cash on delivery by bank transfer.</p>
            ) : (
              <Button size="sm" onClick={() => setConfirming('refund')} aria-label={`Refund the return of order ${order.orderNumber}`}>
                Refund
              </Button>
            ))}
          <PackOrderDialog order={order} open={dialog === 'pack'} onOpenChange={(o) => setDialog(o ? 'pack' : null)} />
          <ShipOrderDialog order={order} open={dialog === 'ship'} onOpenChange={(o) => setDialog(o ? 'ship' : null)} />
          <CancelItemsDialog order={order} open={dialog === 'cancel'} onOpenChange={(o) => setDialog(o ? 'cancel' : null)} />
          <ConfirmOrderStepDialog order={order} step={confirming} onClose={() => setConfirming(null)} />
        </>
      )}
    </div>
  );
}
