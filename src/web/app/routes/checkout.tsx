import { PageHeader } from '~/web/components/ui/page-header';
import { CheckoutFlow } from '~/web/features/checkout/components/checkout-flow';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  return (
    <div>
      <PageHeader title="Checkout" />
      <CheckoutFlow />
    </div>
  );
}
