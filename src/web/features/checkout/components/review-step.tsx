import { formatPaise } from '~/shared/money';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { ProductImage } from '~/web/components/product/product-image';

/** Step 4: what is being bought, as the server priced it, with each line's HSN code and GST rate. */
export function ReviewLines({ lines }: { lines: QuoteResponse['lines'] }) {
  return (
    <ul aria-label="Items in your order" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {lines.map((line) => (
        <li key={line.productId} className="flex gap-4 p-4" data-testid="checkout-line">
          <div className="w-16 shrink-0 sm:w-20">
            <ProductImage image={line.image} sizes="80px" maxWidth={320} alt={line.name} />
          </div>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">{line.name}</p>
            <p className="text-sm text-slate-600">
              Quantity {line.quantity} × {formatPaise(line.unitPricePaise)}
            </p>
            <p className="text-xs text-slate-600">
              HSN {line.hsnCode} · GST {line.gstRateBp / 100}% · Sold by {line.sellerName}
            </p>
          </div>
          <p className="font-semibold text-slate-900">
            <span className="sr-only">Line total: </span>
            {formatPaise(line.lineTotalPaise)}
          </p>
        </li>
      ))}
    </ul>
  );
}
