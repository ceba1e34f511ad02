import { useQuery } from '@tanstack/react-query';
import { formatPaise } from '~/shared/money';
import { groupedEwbNo } from '~/shared/schemas/eway-bills';
import { Badge } from '~/web/components/ui/badge';
import { ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { formatDate, formatDateTime } from '~/web/lib/format';
import { adminEwayBillsQueryOptions } from '../api/admin-orders-queries';

/** Every seller's e-way bills of the order (decision 75): number, validity, and a cancellation's reason. */
export function AdminEwayBills({ orderId }: { orderId: string }) {
  const query = useQuery(adminEwayBillsQueryOptions(orderId));
  if (query.isPending) return <Skeleton className="mt-4 h-4 w-2/3" />;
  if (query.isError)
    return <ErrorState title="The e-way bills could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  // Most parcels need none: the panel shows only once a seller generated one.
  if (query.data.items.length === 0) return null;
  return (
    <section aria-labelledby="admin-order-eway-bills" className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="admin-order-eway-bills" className="mb-2 text-base font-semibold text-slate-900">
        E-way bills
      </h2>
      <ul className="space-y-2">
        {query.data.items.map((b) => (
          <li key={b.ewbNo} data-testid="admin-order-eway-bill">
            <p>
              {b.sellerName} · <span className="font-mono whitespace-nowrap">{groupedEwbNo(b.ewbNo)}</span>{' '}
              {b.status === 'cancelled' ? (
                <Badge tone="neutral">Cancelled</Badge>
              ) : b.expired ? (
                <Badge tone="danger">Expired</Badge>
              ) : (
                <Badge tone="success">Valid</Badge>
              )}
            </p>
            <p className="text-xs text-slate-600">
              {formatPaise(b.valuePaise)} · {b.distanceKm} km · generated {formatDateTime(b.generatedAt)} ·{' '}
              {b.status === 'cancelled' ? `cancelled: ${b.cancelReason ?? ''}` : `valid until ${formatDate(b.validUntil)}, 11:59 pm`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
