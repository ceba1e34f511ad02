import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { ErrorState, isNotFound, ListSkeleton, NotFoundState } from '~/web/components/ui/feedback';
import { vendorOrderQueryOptions } from '~/web/features/vendor/api/vendor-lists';
import { NotSellingAlert, useNotSelling } from '~/web/features/vendor/components/listing-gate';
import { VendorOrderView } from '~/web/features/vendor/components/vendor-order-view';
import { isApiError } from '~/web/lib/api-client';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/vendor/orders/{id}`: one of the seller's orders, with its steps; another seller's order is not found. */
export default function VendorOrderPage() {
  const { orderId = '' } = useParams();
  const order = useQuery(vendorOrderQueryOptions(orderId));
  const notSelling = useNotSelling();
  // An id no order could have (too long: the URL's check) is as missing as one the server does not know.
  const missing = isNotFound(order.error) || (isApiError(order.error, 'VALIDATION') && order.error.status === 400);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : missing ? 'Order not found' : 'Order');
  if (order.isPending) return <ListSkeleton rows={6} label="Loading the order" />;
  if (missing) {
    return (
      <NotFoundState
        heading="h1"
        title="Order not found"
        message="None of your orders is at this address: it may be another seller's order, or the link may have a typo."
        action={<ButtonLink to={paths.vendor.orders}>Back to your orders</ButtonLink>}
      />
    );
  }
  if (order.isError) {
    return (
      <div>
        <h1 className="sr-only">Order</h1>
        <ErrorState title="The order could not be loaded" error={order.error} onRetry={() => void order.refetch()} />
      </div>
    );
  }
  return (
    <>
      {notSelling && <NotSellingAlert {...notSelling} about="orders" />}
      <VendorOrderView order={order.data} locked={notSelling !== null} />
    </>
  );
}
