import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { StockAlertItem } from '~/shared/schemas/stock-alerts';
import { ProductImage } from '~/web/components/product/product-image';
import { Badge } from '~/web/components/ui/badge';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { stockAlertsQueryOptions, useStopStockAlert } from '../api/stock-alert-queries';

function AlertStatus({ alert }: { alert: StockAlertItem }) {
  if (alert.status === 'notified') {
    return (
      <>
        <Badge tone="success">E-mailed</Badge>{' '}
        <span>
          {alert.notifiedAt ? (
            <>
              on <time dateTime={alert.notifiedAt}>{formatDate(alert.notifiedAt)}</time>
            </>
          ) : null}{' '}
          to <span className="break-all">{alert.email}</span>
        </span>
      </>
    );
  }
  return (
    <>
      <Badge tone="brand">Waiting</Badge>{' '}
      <span>
        since <time dateTime={alert.createdAt}>{formatDate(alert.createdAt)}</time>; we’ll e-mail{' '}
        <span className="break-all">{alert.email}</span> once it is back
      </span>
    </>
  );
}

function ProductState({ product }: { product: StockAlertItem['product'] }) {
  if (!product.onSale) return <Badge tone="neutral">No longer on sale</Badge>;
  return (
    <>
      {product.pricePaise !== null && <span className="font-semibold text-slate-900">{formatPaise(product.pricePaise)} </span>}
      {product.inStock ? <Badge tone="success">In stock now</Badge> : <Badge tone="danger">Out of stock</Badge>}
    </>
  );
}

/**
 * The customer's back-in-stock alerts (decision 28), newest first: the product as it is now, whether
 * the alert waits or its e-mail went out (and when), and Stop for a waiting one (Remove for one that
 * was e-mailed: it leaves the list).
 */
export function StockAlertList() {
  const alerts = useQuery(stockAlertsQueryOptions());
  const stop = useStopStockAlert();

  const stopAlert = (alert: StockAlertItem) =>
    stop.mutate(alert, {
      onSuccess: () =>
        toast.success(
          alert.status === 'waiting'
            ? `Alert stopped: we will not e-mail you about ${alert.product.name}.`
            : `${alert.product.name} is off your alerts.`,
        ),
      onError: (error) => toast.error(`Could not stop the alert for ${alert.product.name}: ${error.message}`),
    });

  if (alerts.isPending) return <ListSkeleton rows={3} label="Loading your alerts" />;
  if (alerts.isError)
    return <ErrorState title="Your alerts could not be loaded" error={alerts.error} onRetry={() => void alerts.refetch()} />;
  if (alerts.data.length === 0) {
    return (
      <EmptyState icon={<Bell />} title="No back-in-stock alerts" action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}>
        When a product you want is sold out, choose “Notify me when it’s back” on its page: we e-mail you once, as soon as it is in stock
        again.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your back-in-stock alerts" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {alerts.data.map((alert) => {
        const { product } = alert;
        const waiting = alert.status === 'waiting';
        return (
          <li key={alert.id} className="flex items-start gap-4 p-4 sm:items-center">
            <div className="w-20 shrink-0 overflow-hidden rounded-md border border-slate-100 bg-white">
              <ProductImage image={product.image} sizes="80px" maxWidth={320} alt="" />
            </div>
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <p className="font-semibold text-slate-900">
                {product.onSale ? (
                  <Link to={paths.product(product.id)} className="hover:underline">
                    {product.name}
                  </Link>
                ) : (
                  product.name
                )}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-slate-700">
                <ProductState product={product} />
              </p>
              <p className="flex flex-wrap items-center gap-2 text-slate-700">
                <AlertStatus alert={alert} />
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => stopAlert(alert)}
              loading={stop.isPending && stop.variables.id === alert.id}
              aria-label={waiting ? `Stop the alert for ${product.name}` : `Remove ${product.name} from your alerts`}
            >
              {waiting ? 'Stop' : 'Remove'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
