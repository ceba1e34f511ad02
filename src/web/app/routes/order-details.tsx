import { PackageX } from 'lucide-react';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** No orders exist yet, so no order id is one of yours: the order 404. */
export default function OrderDetailsPage() {
  useDocumentTitle('Order not found');
  return (
    <div>
      <h1 className="sr-only">Order not found</h1>
      <EmptyState icon={<PackageX />} title="Order not found" action={<ButtonLink to={paths.orders}>See your orders</ButtonLink>}>
        We could not find this order in your account.
      </EmptyState>
    </div>
  );
}
