import { CreditCard, Download, FileText, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { paths } from '~/shared/paths';
import { documentHeld } from '~/shared/schemas/einvoices';
import type { OrderDetail } from '~/shared/schemas/orders';
import { Button, ButtonLink, buttonClasses } from '~/web/components/ui/button';
import { preloadDialog } from '~/web/components/ui/dialog';
import { toast } from '~/web/lib/toast';
import { invoicePdfUrl, useStartPayment } from '../api/order-queries';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ReturnOrderDialog } from './return-order-dialog';

/** What the customer can do with the order now, as the server says (`order.actions`), and the invoice. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const [dialog, setDialog] = useState<'cancel' | 'return' | null>(null);
  const pay = useStartPayment(order.id);
  const { actions } = order;
  const preload = () => void preloadDialog().catch(() => undefined);

  const startPayment = () =>
    pay.mutate(undefined, { onError: (error) => toast.error(error.message || 'The payment could not be started. Please try again.') });

  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {actions.canPay && (
        <Button onClick={startPayment} loading={pay.isPending}>
          <CreditCard aria-hidden="true" className="size-4" />
          Pay now
        </Button>
      )}
      {order.invoice && !documentHeld(order.invoice.eInvoices) && (
        <>
          <ButtonLink to={paths.orderInvoice(order.id)} variant="secondary">
            <FileText aria-hidden="true" className="size-4" />
            View invoice
          </ButtonLink>
          <a href={invoicePdfUrl(order.id)} download={`${order.invoice.number}.pdf`} className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </a>
        </>
      )}
      {actions.canRequestReturn && (
        <Button variant="secondary" onClick={() => setDialog('return')} onPointerEnter={preload} onFocus={preload}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Request a return
        </Button>
      )}
      {actions.canCancel && (
        <Button
          variant="ghost"
          className="text-red-800 hover:bg-red-50"
          onClick={() => setDialog('cancel')}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <XCircle aria-hidden="true" className="size-4" />
          Cancel order
        </Button>
      )}
      <CancelOrderDialog order={order} open={dialog === 'cancel'} onOpenChange={(open) => setDialog(open ? 'cancel' : null)} />
      <ReturnOrderDialog order={order} open={dialog === 'return'} onOpenChange={(open) => setDialog(open ? 'return' : null)} />
    </div>
  );
}
