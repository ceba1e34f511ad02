import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { DUPLICATE_REASON_LABELS, rejectProductSchema, type QueuedProduct } from '~/shared/schemas/product-review';
import { ProductImage } from '~/web/components/product/product-image';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { reviewQueueQueryOptions, useReviewDecision } from '../api/product-review';
import { MergeProductDialog } from './merge-product-dialog';

const rejectReasonSchema = rejectProductSchema.shape.reason;

function QueuedCard({ product }: { product: QueuedProduct }) {
  const decision = useReviewDecision();
  const [rejecting, setRejecting] = useState(false);
  const [mergeInto, setMergeInto] = useState<string | null>(null);
  const headingId = `queued-${product.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex gap-2 overflow-x-auto sm:w-56 sm:flex-wrap" aria-label={`Pictures of ${product.name}`}>
          {product.images.length === 0 ? (
            <ProductImage image={null} sizes="112px" className="w-28 rounded" alt="No picture yet" />
          ) : (
            product.images
              .slice(0, 4)
              .map((image) => <ProductImage key={image.id} image={image} sizes="112px" maxWidth={320} className="w-28 rounded" />)
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            <Link to={paths.adminProduct(product.id)} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-700">
            {product.brand}
            {product.model ? ` · model ${product.model}` : ''} · {product.category} · sold by <strong>{product.vendor.name}</strong>
          </p>
          <p className="text-sm text-slate-700">
            {formatPaise(product.pricePaise)} (MRP {formatPaise(product.mrpPaise)}), stock {product.stock}
            {product.submittedAt ? ` · waiting since ${formatDateTime(product.submittedAt)}` : ''}
          </p>
          {product.specs.length > 0 && (
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
              {product.specs.map((s) => (
                <div key={`${s.label}:${s.value}`} className="flex gap-2">
                  <dt className="text-slate-600">{s.label}</dt>
                  <dd className="text-slate-900">{s.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {product.duplicates.length > 0 && (
            <section aria-label={`Likely duplicates of ${product.name}`} className="rounded-lg bg-amber-50 p-3">
              <h3 className="text-sm font-semibold text-amber-900">Likely duplicates</h3>
              <ul className="mt-1 space-y-2">
                {product.duplicates.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
                    <Link to={paths.adminProduct(d.id)} className="font-medium text-slate-900 hover:underline">
                      {d.name}
                    </Link>
                    <span className="text-slate-700">{d.sellerName}</span>
                    {d.reasons.map((r) => (
                      <Badge key={r} tone="warning">
                        {DUPLICATE_REASON_LABELS[r]}
                      </Badge>
                    ))}
                    <Button size="sm" variant="secondary" aria-label={`Merge into this: ${d.name}`} onClick={() => setMergeInto(d.id)}>
                      Merge into this
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="flex gap-2 sm:flex-col">
          <Button
            loading={decision.isPending && decision.variables?.reason === undefined}
            aria-label={`Approve ${product.name}`}
            onClick={() =>
              decision.mutate(
                { id: product.id },
                { onSuccess: () => toast.success(`${product.name} is approved and on sale.`), onError: (e) => toast.error(e.message) },
              )
            }
          >
            Approve
          </Button>
          <Button variant="secondary" aria-label={`Reject ${product.name}`} onClick={() => setRejecting(true)}>
            Reject
          </Button>
        </div>
      </div>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={`Send ${product.name} back?`}
        description="It goes back to the seller's drafts with your reason, which the seller reads and is e-mailed. Put on sale again, it comes back here."
        hint="The seller reads this: say what to change."
        schema={rejectReasonSchema}
        confirmLabel="Reject product"
        danger
        pending={decision.isPending && decision.variables?.reason !== undefined}
        onConfirm={(reason) =>
          decision.mutateAsync({ id: product.id, reason }).then(() => toast.success(`${product.name} is back with its seller.`))
        }
      />
      {mergeInto && <MergeProductDialog product={product} intoId={mergeInto} open onClose={() => setMergeInto(null)} />}
    </article>
  );
}

/** The admin's review queue of new products from sellers it does not trust (decision 70), oldest first. */
export function ReviewQueue() {
  const queue = useQuery(reviewQueueQueryOptions());
  if (queue.isPending) return <ListSkeleton rows={3} label="Loading the products awaiting review" />;
  if (queue.isError)
    return <ErrorState title="The review queue could not be loaded" error={queue.error} onRetry={() => void queue.refetch()} />;
  if (queue.data.items.length === 0) {
    return (
      <EmptyState icon={<ClipboardCheck />} title="Nothing awaits review">
        New products of sellers you have not marked trusted wait here before they go on sale.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {queue.data.total} product{queue.data.total === 1 ? '' : 's'} awaiting review, oldest first.
      </p>
      {queue.data.items.map((p) => (
        <QueuedCard key={p.id} product={p} />
      ))}
    </div>
  );
}
