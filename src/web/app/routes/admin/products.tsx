import { Package } from 'lucide-react';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminProductsPage() {
  useDocumentTitle('Manage products');
  return (
    <div>
      <PageHeader title="Manage products" />
      <EmptyState icon={<Package />} title="No products yet">
        The catalogue is empty. Reviewing, publishing and archiving vendor products happens here once products can be listed.
      </EmptyState>
    </div>
  );
}
