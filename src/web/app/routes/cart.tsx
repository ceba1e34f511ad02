import { ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useCart } from '~/web/features/cart/cart-provider';
import { QuantityStepper } from '~/web/features/cart/components/quantity-stepper';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function CartPage() {
  useDocumentTitle('Cart');
  const { items, totalItems, subtotal, setQuantity, remove, clear } = useCart();

  if (items.length === 0) {
    return (
      <div>
        <PageHeader title="Your cart" />
        <EmptyState icon={<ShoppingCart />} title="Your cart is empty" action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}>
          Products you add to your cart are kept on this device until you check out.
        </EmptyState>
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="Your cart"
        description={`${totalItems} ${totalItems === 1 ? 'item' : 'items'}`}
        actions={
          <Button variant="ghost" onClick={clear}>
            Clear cart
          </Button>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {items.map(({ product, quantity }) => {
            const name = product.name ?? `Product ${product.id}`;
            return (
              <li key={product.id} className="flex flex-wrap items-center gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <Link to={paths.product(product.id)} className="font-semibold text-slate-900 hover:underline">
                    {name}
                  </Link>
                  <p className="text-sm text-slate-600">{formatPaise(product.price)} each</p>
                </div>
                <QuantityStepper label={`Quantity of ${name}`} value={quantity} max={product.stock} onChange={(q) => setQuantity(product.id, q)} />
                <p className="w-28 text-right font-semibold">{formatPaise(product.price * quantity)}</p>
                <Button variant="ghost" size="sm" onClick={() => remove(product.id)} aria-label={`Remove ${name}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
        <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Summary
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>Items</dt>
              <dd>{totalItems}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>Subtotal</dt>
              <dd>{formatPaise(subtotal)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-600">Prices include GST. Shipping and final prices are confirmed at checkout.</p>
          <ButtonLink to={paths.checkout} size="lg" className="mt-5 w-full">
            Proceed to checkout
          </ButtonLink>
        </aside>
      </div>
    </div>
  );
}
