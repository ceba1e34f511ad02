import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { OrderItem } from '~/shared/schemas/orders';
import { UnitSerials } from '~/web/components/orders/unit-serials';
import { ProductImage } from '~/web/components/product/product-image';

/**
 * The lines of an order: picture, name (to the product), seller, HSN, quantity, price and line total;
 * once delivered, a link to review each product on its page.
 */
export function OrderItems({ items, delivered = false }: { items: OrderItem[]; delivered?: boolean }) {
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => (
        // On a phone the line total goes under the name, which then has the width beside the picture.
        <li key={item.id} className="flex items-start gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4" data-testid="order-item">
          <div className="w-16 shrink-0 overflow-hidden rounded border border-slate-200 bg-white sm:w-24">
            <ProductImage image={item.image} sizes="96px" maxWidth={320} alt="" />
          </div>
          <div className="min-w-0 flex-1 sm:flex sm:items-start sm:gap-4">
            <div className="min-w-0 flex-1">
              <Link to={paths.product(item.productId)} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
                {item.name}
              </Link>
              <p className="text-sm text-slate-600">
                {item.brand} · Sold by {item.sellerName} · HSN {item.hsnCode}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {item.quantity} × {formatPaise(item.unitPricePaise)}
              </p>
              {item.cancelledQuantity > 0 && (
                <p className="text-sm font-medium text-red-700">
                  {item.cancelledQuantity === item.quantity
                    ? 'Cancelled by the seller'
                    : `${item.cancelledQuantity} of ${item.quantity} cancelled by the seller`}{' '}
                  and refunded
                </p>
              )}
              <UnitSerials units={item.units} warrantyMonths={item.warrantyMonths} withWarranty label={item.name} />
              {delivered && (
                <Link
                  to={`${paths.product(item.productId)}#reviews`}
                  className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline"
                >
                  Rate and review<span className="sr-only"> {item.name}</span>
                </Link>
              )}
            </div>
            <p className="mt-1 font-semibold whitespace-nowrap text-slate-900 sm:mt-0 sm:text-right">
              <span className="sr-only">Line total </span>
              {formatPaise(item.lineTotalPaise)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
