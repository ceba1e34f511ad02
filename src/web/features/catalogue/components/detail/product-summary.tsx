import { ShoppingCart, Zap } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { quantityLimitText } from '~/shared/quantity-limits';
import type { ProductDetail } from '~/shared/schemas/catalogue';
import { Button } from '~/web/components/ui/button';
import { formatCount } from '~/web/lib/format';
import { CompareToggle } from '../compare/compare-toggle';
import { WishlistButton } from '../wishlist/wishlist-button';
import { Price } from '../price';
import { RatingStars } from '../rating-stars';
import { StockBadge } from '../stock-badge';
import { DeliveryEstimateBox } from './delivery-estimate';
import { EmiOffer } from './emi-offer';
import { StickyBuyBar } from './sticky-buy-bar';

/** At most this many of one product in one go, however many are in stock. */
export const MAX_QUANTITY_PER_ORDER = 10;

export interface PurchaseActions {
  /** Puts `quantity` of the product in the cart; returns false when it did not. */
  onAddToCart: (quantity: number) => boolean;
  onBuyNow: (quantity: number) => void;
}

export interface ProductSummaryProps extends PurchaseActions {
  product: ProductDetail;
  /** Shown under the disabled buttons while the product is sold out (the page's back-in-stock alert). */
  soldOutAction?: ReactNode;
  /** The configuration picker of a product with several (decision 70), under the price. */
  picker?: ReactNode;
  /** What the page says of the winning seller's offer under "Sold by" (dispatch, delivery, condition). */
  sellerFacts?: string;
  /** The other sellers of the configuration, under the buttons. */
  otherSellers?: ReactNode;
  /** "Bulk and business orders": the product's limits and Request a quote (decision 77), under the buttons. */
  quantityBuying?: ReactNode;
  /** Whether the configuration shown is in stock, for the delivery estimate; omitted for a product of one. */
  configurationInStock?: boolean;
}

function stockText(product: ProductDetail): string {
  if (product.stockStatus === 'out_of_stock') return 'Currently out of stock. Add it to compare, or check back soon.';
  if (product.stockStatus === 'low_stock') return `Hurry: only ${product.stock} left in stock.`;
  return 'In stock, ready to ship.';
}

/**
 * Everything beside the pictures: brand, name, rating, seller, price with MRP and discount,
 * stock, quantity, Add to cart / Buy now (or, sold out, `soldOutAction`), Compare, EMI and delivery.
 */
export function ProductSummary({
  product,
  onAddToCart,
  onBuyNow,
  soldOutAction,
  picker,
  sellerFacts,
  otherSellers,
  quantityBuying,
  configurationInStock,
}: ProductSummaryProps) {
  const [wantedQuantity, setQuantity] = useState(1);
  const quantityId = useId();
  const buttons = useRef<HTMLDivElement>(null);
  const soldOut = product.stockStatus === 'out_of_stock' || product.stock <= 0;
  const blocked = soldOut;
  // The choice goes up to the product's limit per order (decision 77), the stock, and at most ten; more is typed in the cart.
  const maxQuantity = Math.max(1, Math.min(product.stock, MAX_QUANTITY_PER_ORDER, product.quantityLimits.consumer));
  // Another configuration (or seller) may have fewer in stock than the quantity chosen before.
  const quantity = Math.min(wantedQuantity, maxQuantity);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{product.brand}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {product.ratingCount > 0 ? (
            <a href="#reviews" className="rounded hover:underline">
              <RatingStars average={product.ratingAvg} count={product.ratingCount} />
              <span className="sr-only">, read the reviews</span>
            </a>
          ) : (
            <RatingStars average={0} count={0} />
          )}
          <span className="text-slate-700">
            Sold by <span className="font-semibold">{product.vendor.name}</span>, {product.vendor.city}
          </span>
        </div>
        {sellerFacts && <p className="mt-1 text-sm text-slate-600">{sellerFacts}</p>}
      </div>

      <div>
        <Price pricePaise={product.pricePaise} mrpPaise={product.mrpPaise} discountPercent={product.discountPercent} size="lg" />
        <p className="mt-1 text-sm text-slate-600">Inclusive of all taxes (GST)</p>
      </div>

      <EmiOffer pricePaise={product.pricePaise} />

      {picker}

      <div className="flex flex-wrap items-center gap-2">
        <StockBadge status={product.stockStatus} stock={product.stock} />
        <p className={soldOut ? 'text-sm font-medium text-red-800' : 'text-sm text-slate-700'}>{stockText(product)}</p>
      </div>

      <div ref={buttons} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
        {!blocked && (
          <div className="flex items-center gap-3">
            <label htmlFor={quantityId} className="text-sm font-medium text-slate-800">
              Quantity
            </label>
            <select
              id={quantityId}
              value={quantity}
              onChange={(e) => setQuantity(Number(e.target.value))}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
            >
              {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <span className="text-xs text-slate-600">{quantityLimitText(product.quantityLimits)}</span>
          </div>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            size="lg"
            variant="accent"
            disabled={blocked}
            aria-describedby={blocked ? `${quantityId}-sold-out` : undefined}
            onClick={() => onAddToCart(quantity)}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            Add to cart
          </Button>
          <Button
            size="lg"
            disabled={blocked}
            aria-describedby={blocked ? `${quantityId}-sold-out` : undefined}
            onClick={() => onBuyNow(quantity)}
          >
            <Zap aria-hidden="true" className="size-5" />
            Buy now
          </Button>
        </div>
        {soldOut ? (
          <p className="text-sm text-slate-700" id={`${quantityId}-sold-out`}>
            This product cannot be added to the cart while it is out of stock.
          </p>
        ) : null}
        {soldOut && soldOutAction}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="flex flex-wrap items-center gap-2">
            <CompareToggle product={product} />
            <WishlistButton product={product} size="large" />
          </div>
          <span className="text-xs text-slate-600">{formatCount(product.warrantyMonths)}-month warranty · Easy returns</span>
        </div>
      </div>

      {!soldOut && quantityBuying}

      {otherSellers}

      <DeliveryEstimateBox productId={product.id} inStock={configurationInStock} />

      <StickyBuyBar product={product} watch={buttons} disabled={blocked} onAddToCart={() => onAddToCart(quantity)} quantity={quantity} />
    </div>
  );
}
