import { Package } from 'lucide-react';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function OrdersPage() {
  useDocumentTitle('My orders');
  return (
    <div>
      <PageHeader title="My orders" description="Your orders, newest first." />
      <EmptyState icon={<Package />} title="You have no orders yet" action={<ButtonLink to={paths.products}>Start shopping</ButtonLink>}>
        When you place an order, it appears here with its status, invoice and tracking.
      </EmptyState>
    </div>
  );
}
