import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '~/shared/paths';
import type { CartCheckedLine } from '~/shared/schemas/cart';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { checkCartQueryOptions, checkLinesOf, useDebouncedValue } from '~/web/features/cart/api/check-cart';
import { lineKeyOf, type CartItem } from '~/web/lib/cart/cart';
import { useCart } from '~/web/lib/cart/cart-provider';
import { CartLine } from '~/web/features/cart/components/cart-line';
import { CartSummary } from '~/web/features/cart/components/cart-summary';
import { QuantityStepper } from '~/web/features/cart/components/quantity-stepper';
import { ProductImage } from '~/web/components/product/product-image';
import { toast } from '~/web/lib/toast';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function CartPage() {
  useDocumentTitle('Cart');
  const cart = useCart();
  const { items, totalItems } = cart;
  // Buying for a business (decision 77): its higher quantity limits; the business itself is chosen at checkout.
  const [params, setParams] = useSearchParams();
  const asBusiness = params.get('buyer') === 'business';
  const businessToggleId = useId();

  // Checked a moment after the last change, keyed by the lines (quantity and stored price).
  const currentKey = useMemo(() => JSON.stringify(checkLinesOf(items)), [items]);
  const settledKey = useDebouncedValue(currentKey, 300);
  const settledLines = useMemo(() => JSON.parse(settledKey) as ReturnType<typeof checkLinesOf>, [settledKey]);
  // The previous answer stays on screen (dimmed) while the next one loads.
  const check = useQuery({ ...checkCartQueryOptions(settledLines, asBusiness), placeholderData: keepPreviousData });

  // A line's verdict counts only if the server judged the line as it is now.
  const verdicts = useMemo(() => {
    const map = new Map<string, CartCheckedLine>();
    const data = check.data;
    if (!data) return map;
    for (const item of items) {
      const index = data.sent.findIndex((l) => lineKeyOf({ id: l.productId, offerId: l.offerId }) === lineKeyOf(item.product));
      const sent = data.sent[index];
      if (sent && sent.quantity === item.quantity && sent.pricePaise === item.product.price)
        map.set(lineKeyOf(item.product), data.lines[index]!);
    }
    return map;
  }, [check.data, items]);
  const flaggedItems = items.filter((i) => {
    const status = verdicts.get(i.product.id)?.status;
    return status !== undefined && status !== 'ok';
  });
  const checking = settledKey !== currentKey || check.isPlaceholderData || check.isFetching;

  const accept = (item: CartItem) => {
    const verdict = verdicts.get(lineKeyOf(item.product));
    if (!verdict) return;
    if (verdict.status === 'out_of_stock' || verdict.status === 'unavailable' || !verdict.product) {
      cart.remove(lineKeyOf(item.product));
      return;
    }
    cart.updateProduct(lineKeyOf(item.product), {
      price: verdict.product.pricePaise,
      stock: verdict.product.stock,
      name: verdict.product.name,
    });
    if (verdict.availableQuantity !== undefined) cart.setQuantity(lineKeyOf(item.product), verdict.availableQuantity);
  };

  const clearCart = () => {
    const saved = items;
    cart.clear();
    toast.success('Your cart is cleared.', { action: { label: 'Undo', onClick: () => cart.replace(saved) } });
  };

  if (items.length === 0) {
    return (
      <div>
        <PageHeader title="Your cart" />
        <EmptyState
          icon={<ShoppingCart />}
          title="Your cart is empty"
          action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}
        >
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
          <Button variant="ghost" onClick={clearCart}>
            Clear cart
          </Button>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-3">
          {flaggedItems.length > 1 && (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <p>{flaggedItems.length} items changed since you added them.</p>
              <Button size="sm" onClick={() => flaggedItems.forEach(accept)}>
                Accept all changes
              </Button>
            </div>
          )}
          <div className="flex items-start gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm">
            <input
              id={businessToggleId}
              type="checkbox"
              className="mt-0.5 size-4"
              checked={asBusiness}
              onChange={(e) =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (e.target.checked) next.set('buyer', 'business');
                    else next.delete('buyer');
                    return next;
                  },
                  { replace: true },
                )
              }
            />
            <label htmlFor={businessToggleId} className="text-slate-800">
              Buying for a business with its GSTIN: businesses may buy more of a product per order. Choose the business at checkout.
            </label>
          </div>
          <ul aria-label="Items in your cart" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {items.map((item) => {
              const verdict = verdicts.get(lineKeyOf(item.product));
              const name = verdict?.product?.name ?? item.product.name ?? `Product ${item.product.id}`;
              const image =
                verdict?.product || !item.product.image ? (
                  <ProductImage image={verdict?.product?.image ?? null} sizes="96px" maxWidth={320} alt={name} />
                ) : (
                  <img src={item.product.image} alt={name} className="h-auto w-full object-contain" />
                );
              return (
                <CartLine
                  key={lineKeyOf(item.product)}
                  item={item}
                  checked={verdict}
                  image={image}
                  stepper={(max) => (
                    <QuantityStepper
                      label={`Quantity of ${name}`}
                      value={item.quantity}
                      max={max}
                      onChange={(q) => cart.setQuantity(lineKeyOf(item.product), q)}
                    />
                  )}
                  onRemove={() => cart.remove(lineKeyOf(item.product))}
                  onAccept={() => accept(item)}
                />
              );
            })}
          </ul>
        </div>
        <CartSummary
          totals={check.data?.totals}
          checking={checking}
          error={check.isError ? check.error : null}
          onRetry={() => void check.refetch()}
          flagged={flaggedItems.length}
        />
      </div>
    </div>
  );
}
