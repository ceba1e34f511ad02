import { PackageCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { OrderConfirmation } from '~/web/features/orders/components/order-confirmation';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/order-success?order={id}` (and `&payment=failed` when the payment page sent the customer back after a failure). */
export default function OrderSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  if (orderId) return <OrderConfirmation key={orderId} orderId={orderId} paymentFailed={params.get('payment') === 'failed'} />;
  return <NoOrder />;
}

function NoOrder() {
  useDocumentTitle('Order placed');
  return (
    <div>
      <h1 className="sr-only">Order placed</h1>
      <EmptyState
        icon={<PackageCheck />}
        title="No order was just placed"
        action={<ButtonLink to={paths.orders}>See your orders</ButtonLink>}
      >
        This page confirms an order right after you pay. You have not placed an order in this visit.
      </EmptyState>
    </div>
  );
}
