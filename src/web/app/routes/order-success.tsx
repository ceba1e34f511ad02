import { PackageCheck } from 'lucide-react';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function OrderSuccessPage() {
  useDocumentTitle('Order placed');
  return (
    <div>
      <h1 className="sr-only">Order placed</h1>
      <EmptyState icon={<PackageCheck />} title="No order was just placed" action={<ButtonLink to={paths.orders}>See your orders</ButtonLink>}>
        This page confirms an order right after you pay. You have not placed an order in this visit.
      </EmptyState>
    </div>
  );
}
