import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { quantityLimitText } from '~/shared/quantity-limits';
import { MAX_ORDER_LINE_QUANTITY, type CartCheckedLine } from '~/shared/schemas/cart';
import { Button } from '~/web/components/ui/button';
import type { CartItem } from '~/web/lib/cart/cart';

interface CartLineProps {
  item: CartItem;
  /** The server's verdict on this line as it is now; undefined while it is being checked. */
  checked: CartCheckedLine | undefined;
  /** The picture (the catalogue's image component, passed in by the page). */
  image: React.ReactNode;
  stepper: (max: number) => React.ReactNode;
  onRemove: () => void;
  onAccept: () => void;
}

/** One line of the cart with what changed since it was added, and the fix the customer may accept. */
export function CartLine({ item, checked, image, stepper, onRemove, onAccept }: CartLineProps) {
  const { product, quantity } = item;
  const name = checked?.product?.name ?? product.name ?? `Product ${product.id}`;
  const stock = checked?.product?.stock ?? product.stock;
  // Up to the stock and the product's limit for a business (decision 77); the check says when a consumer's is less.
  const max = Math.min(stock ?? MAX_ORDER_LINE_QUANTITY, checked?.limits?.business ?? MAX_ORDER_LINE_QUANTITY);
  const gone = checked?.status === 'out_of_stock' || checked?.status === 'unavailable';
  const forName = <span className="sr-only"> for {name}</span>;

  return (
    <li className="flex flex-col gap-3 p-4" data-testid="cart-line">
      <div className="flex items-start gap-4">
        <div className="w-20 shrink-0 sm:w-24">{image}</div>
        <div className="min-w-0 flex-1">
          <Link to={paths.product(checked?.listedAs?.productId ?? product.id)} className="font-semibold text-slate-900 hover:underline">
            {name}
          </Link>
          {/* A product merged into another: the same offer, now on the product kept (decision 70). */}
          {checked?.listedAs && <p className="text-sm text-slate-700">{checked.listedAs.message}</p>}
          <p className="text-sm text-slate-600">{formatPaise(product.price)} each</p>
          {(checked?.sellerName ?? product.sellerName) && (
            <p className="text-sm text-slate-600">Sold by {checked?.sellerName ?? product.sellerName}</p>
          )}
          {checked?.limits && <p className="text-xs text-slate-600">{quantityLimitText(checked.limits)}</p>}
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {gone ? <span /> : stepper(max)}
        <p className="font-semibold">
          <span className="sr-only">Line total: </span>
          {formatPaise(product.price * quantity)}
        </p>
      </div>
      {checked && checked.status !== 'ok' && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <div>
            {checked.status === 'unavailable' && <p>This product is no longer sold here.</p>}
            {checked.status === 'out_of_stock' && <p>Out of stock.</p>}
            {checked.status === 'quantity_reduced' &&
              (checked.limitMessage ? (
                <p>{checked.limitMessage}</p>
              ) : (
                <p>
                  Only {checked.availableQuantity} left in stock; you asked for {quantity}.
                </p>
              ))}
            {!gone && checked.newPricePaise !== undefined && (
              <p>
                Price changed: <span className="sr-only">was </span>
                <s>{formatPaise(checked.oldPricePaise ?? 0)}</s> <strong>now {formatPaise(checked.newPricePaise)}</strong>
              </p>
            )}
          </div>
          {gone ? (
            <Button size="sm" variant="secondary" onClick={onRemove}>
              Remove{forName}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={onAccept}>
              {checked.status === 'quantity_reduced' ? 'Update quantity' : 'Accept new price'}
              {forName}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
