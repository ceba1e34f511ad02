import { useParams } from 'react-router';
import { OrderNotFound } from '~/web/features/orders/components/order-details-view';
import { TaxInvoicePage } from '~/web/features/orders/components/tax-invoice';

/** The printable GST invoice of one order. */
export default function OrderInvoicePage() {
  const { orderId } = useParams();
  if (!orderId) return <OrderNotFound />;
  return <TaxInvoicePage key={orderId} orderId={orderId} />;
}
