import { CreditCard } from 'lucide-react';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useCart } from '~/web/features/cart/cart-provider';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { totalItems } = useCart();
  return (
    <div>
      <PageHeader title="Checkout" />
      <EmptyState
        icon={<CreditCard />}
        title={totalItems === 0 ? 'Your cart is empty' : 'Online checkout is not open yet'}
        action={<ButtonLink to={totalItems === 0 ? paths.products : paths.cart}>{totalItems === 0 ? 'Browse products' : 'Back to your cart'}</ButtonLink>}
      >
        {totalItems === 0
          ? 'Add products to your cart, then come back here to pay.'
          : `Your cart is saved on this device. Online payment by card, UPI, net banking and EMI opens soon; to order today, call ${SHOP.phone}.`}
      </EmptyState>
    </div>
  );
}
