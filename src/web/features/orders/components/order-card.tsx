import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { OrderSummary } from '~/shared/schemas/orders';
import { ProductImage } from '~/web/components/product/product-image';
import { formatDate } from '~/web/lib/format';
import { formatDay, OPEN_STATUSES } from '../order-format';
import { StatusBadge } from '~/web/components/ui/status-badge';

/** One order in the customer's list: number, date, status, up to three pictures, count, total, delivery. */
export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <article
      aria-labelledby={`order-${order.id}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="order-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`order-${order.id}`} className="font-semibold text-slate-900">
            Order {order.orderNumber}
          </h2>
          <p className="text-sm text-slate-600">
            Placed on <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
          </p>
        </div>
        <StatusBadge of="order" status={order.status} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <ul className="flex gap-2" aria-label="Items">
          {order.items.map((item) => (
            <li key={item.productId} className="w-16 shrink-0 overflow-hidden rounded border border-slate-200 bg-white sm:w-20">
              <ProductImage
                image={item.image}
                sizes="80px"
                maxWidth={320}
                alt={item.quantity > 1 ? `${item.name} (${item.quantity})` : item.name}
              />
            </li>
          ))}
        </ul>
        <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="whitespace-nowrap text-slate-600">Items</dt>
          <dd>{order.itemCount}</dd>
          <dt className="whitespace-nowrap text-slate-600">Total</dt>
          <dd className="font-semibold text-slate-900">{formatPaise(order.totalPaise)}</dd>
          {order.expectedBy && OPEN_STATUSES.has(order.status) && (
            <>
              <dt className="whitespace-nowrap text-slate-600">Arrives by</dt>
              <dd>{formatDay(order.expectedBy)}</dd>
            </>
          )}
        </dl>
        <Link
          to={paths.orderDetails(order.id)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          aria-label={`View order ${order.orderNumber}`}
        >
          View order
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
