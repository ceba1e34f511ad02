import { PackageX } from 'lucide-react';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** No products are listed yet, so every product id is unknown: this is the product 404. */
export default function ProductPage() {
  useDocumentTitle('Product not found');
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="sr-only">Product not found</h1>
      <EmptyState icon={<PackageX />} title="Product not found" action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}>
        This product does not exist or is no longer sold.
      </EmptyState>
    </div>
  );
}
